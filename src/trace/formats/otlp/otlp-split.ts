/*
 * A TracesData line cut into its spans without parsing it whole. JSON.parse of a line
 * of 500 spans builds every span's tree at once; they all survive the small young
 * generation the app runs with and are copied and promoted, which cost more than the
 * parsing. Here the line is walked down its one path to the spans arrays
 * (`resourceSpans[i].scopeSpans[j].spans`, or `instrumentationLibrarySpans`), each
 * element of those arrays is left as text and put in the line's skeleton as its number;
 * the skeleton is small and parsed whole, each span on its own when it is read, so its
 * tree dies young. Hand-rolled: no JSON package cuts a text at a path without parsing it.
 *
 * The walk does not check the JSON: the skeleton's and each span's parse do. It only
 * follows valid JSON exactly (strings skipped by their quotes, containers by depth), and
 * gives up (null) on anything it does not follow, so the caller parses the line whole and
 * says what is wrong with it as before.
 */

/** A line's skeleton (each span element replaced by its number) and where each span's text is. */
export interface SplitLine {
  skeleton: string;
  /** Span k's text is `text.slice(bounds[2k], bounds[2k + 1])`. */
  bounds: number[];
}

/** Where a container sits on the path to the spans. */
enum On {
  Other = 0,
  Root = 1,
  Resources = 2,
  Resource = 3,
  Scopes = 4,
  Scope = 5,
  Spans = 6,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Past the string whose opening quote is at `i`; -1 when it never closes. */
function skipString(text: string, i: number): number {
  let at = i + 1;
  for (;;) {
    const q = text.indexOf('"', at);
    if (q < 0) return -1;
    // Escaped when an odd number of backslashes stand before it.
    let b = q - 1;
    while (b > i && text.charCodeAt(b) === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    at = q + 1;
  }
}

/** Past the value at `i` (no checking: a number or literal runs to the next delimiter); -1 when it never ends. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
    let j = i;
    for (; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
    }
    return j > i ? j : -1;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === QUOTE) {
      j = skipString(text, j) - 1;
      if (j < 0) return -1;
    } else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
    else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return j + 1;
  }
  return -1;
}

/** The role of the value of `key` in a container of role `on`. */
function childOf(on: On, key: string | null, isArray: boolean): On {
  if (on === On.Root) return isArray && key === 'resourceSpans' ? On.Resources : On.Other;
  if (on === On.Resources) return isArray ? On.Other : On.Resource;
  if (on === On.Resource)
    return isArray && (key === 'scopeSpans' || key === 'instrumentationLibrarySpans') ? On.Scopes : On.Other;
  if (on === On.Scopes) return isArray ? On.Other : On.Scope;
  if (on === On.Scope) return isArray && key === 'spans' ? On.Spans : On.Other;
  return On.Other;
}

/** An object key as JSON.parse reads it (escapes decoded). */
function keyText(raw: string): string | null {
  if (!raw.includes('\\')) return raw.slice(1, -1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return null;
  }
}

/** The line cut at its spans, or null when it is not an object the walk follows. */
export function splitSpans(text: string): SplitLine | null {
  const parts: string[] = [];
  const bounds: number[] = [];
  let copied = 0;
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return null;
  // The containers open on the path, innermost last; only those on it are walked.
  const roles: On[] = [On.Root];
  const arrays: boolean[] = [false];
  i++;
  for (;;) {
    i = skipSpace(text, i);
    const depth = roles.length - 1;
    const on = roles[depth]!;
    const inArray = arrays[depth]!;
    const c = text.charCodeAt(i);
    if (c === (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
      roles.pop();
      arrays.pop();
      i++;
      if (!roles.length) break;
      i = skipSpace(text, i);
      const d = text.charCodeAt(i);
      if (d === COMMA) i++;
      else if (d !== (arrays[roles.length - 1] ? CLOSE_BRACKET : CLOSE_BRACE)) return null;
      continue;
    }
    let key: string | null = null;
    if (!inArray) {
      if (c !== QUOTE) return null;
      const end = skipString(text, i);
      if (end < 0) return null;
      key = keyText(text.slice(i, end));
      if (key === null) return null;
      i = skipSpace(text, end);
      if (text.charCodeAt(i) !== COLON) return null;
      i = skipSpace(text, i + 1);
    }
    const v = text.charCodeAt(i);
    let end: number;
    if (on === On.Spans) {
      end = skipValue(text, i);
      if (end < 0) return null;
      parts.push(text.slice(copied, i), String(bounds.length >> 1));
      bounds.push(i, end);
      copied = end;
    } else {
      const role = v === OPEN_BRACE || v === OPEN_BRACKET ? childOf(on, key, v === OPEN_BRACKET) : On.Other;
      if (role !== On.Other) {
        roles.push(role);
        arrays.push(v === OPEN_BRACKET);
        i++;
        continue;
      }
      end = skipValue(text, i);
      if (end < 0) return null;
    }
    i = skipSpace(text, end);
    const d = text.charCodeAt(i);
    // A value is followed by a comma or its container's end: anything else (`{…}.5`) is no JSON this walk follows.
    if (d === COMMA) i++;
    else if (d !== (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) return null;
  }
  parts.push(text.slice(copied));
  return { skeleton: parts.join(''), bounds };
}
