/*
 * A TracesData line cut into its spans without parsing it whole. Parsing a line of many
 * spans builds them all at once, so they all live long enough for the garbage collector
 * to copy them. Here the line is walked down its one path to the spans arrays
 * (`resourceSpans[i].scopeSpans[j].spans`, or `instrumentationLibrarySpans`), each
 * element of those arrays is left as text and put in the line's skeleton as its number;
 * the skeleton is small and parsed whole, each span on its own when it is read, so its
 * tree dies young. Hand-rolled: no JSON package cuts a text at a path without parsing it.
 *
 * The walk does not check the JSON: the skeleton's and each span's parse do. It only
 * follows valid JSON exactly (json-walk.ts's skipping: strings by their quotes, containers
 * by depth, which never throws nor runs past the text), and gives up (null) on anything
 * it does not follow, so the caller parses the line whole and says what is wrong with it.
 */

import {
  COLON,
  COMMA,
  LBRACE,
  LBRACKET,
  Q,
  RBRACE,
  RBRACKET,
  skipString,
  skipValue,
  ws,
} from '../../../kit/json-walk.js';

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
  let i = ws(text, 0);
  if (text.charCodeAt(i) !== LBRACE) return null;
  // The containers open on the path, innermost last; only those on it are walked.
  const roles: On[] = [On.Root];
  const arrays: boolean[] = [false];
  i++;
  for (;;) {
    i = ws(text, i);
    const depth = roles.length - 1;
    const on = roles[depth]!;
    const inArray = arrays[depth]!;
    const c = text.charCodeAt(i);
    if (c === (inArray ? RBRACKET : RBRACE)) {
      roles.pop();
      arrays.pop();
      i++;
      if (!roles.length) break;
      i = ws(text, i);
      const d = text.charCodeAt(i);
      if (d === COMMA) i++;
      else if (d !== (arrays[roles.length - 1] ? RBRACKET : RBRACE)) return null;
      continue;
    }
    let key: string | null = null;
    if (!inArray) {
      if (c !== Q) return null;
      const end = skipString(text, i);
      key = keyText(text.slice(i, end));
      if (key === null) return null;
      i = ws(text, end);
      if (text.charCodeAt(i) !== COLON) return null;
      i = ws(text, i + 1);
    }
    const v = text.charCodeAt(i);
    let end: number;
    if (on === On.Spans) {
      end = skipValue(text, i);
      if (end === i) return null;
      parts.push(text.slice(copied, i), String(bounds.length >> 1));
      bounds.push(i, end);
      copied = end;
    } else {
      const role = v === LBRACE || v === LBRACKET ? childOf(on, key, v === LBRACKET) : On.Other;
      if (role !== On.Other) {
        roles.push(role);
        arrays.push(v === LBRACKET);
        i++;
        continue;
      }
      end = skipValue(text, i);
      if (end === i) return null;
    }
    i = ws(text, end);
    const d = text.charCodeAt(i);
    // A value is followed by a comma or its container's end: anything else (`{…}.5`) is no JSON this walk follows.
    if (d === COMMA) i++;
    else if (d !== (inArray ? RBRACKET : RBRACE)) return null;
  }
  parts.push(text.slice(copied));
  return { skeleton: parts.join(''), bounds };
}
