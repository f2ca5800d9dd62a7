/**
 * Cuts values out of a JSON text that JSON.parse has accepted, as the text's own
 * characters: a trace line taken from a websocket frame keeps its ids and numbers as
 * written (`123456789012345678901234567890`, `1.0`, `1e400`), which a JSON.stringify of
 * the parsed value would round or rewrite. One pass per value, no recursion.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

function skipSpace(text: string, at: number): number {
  let i = at;
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (Number.isNaN(c)) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
}

/** The index after the value that starts at `at` (no space before it). */
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) return i;
      i++;
    }
  }
  let depth = 0;
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (Number.isNaN(c)) return i;
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
}

/** One member of an object: its key decoded, where the member starts (its key) and where its value ends. */
interface Member {
  key: string;
  start: number;
  valueStart: number;
  end: number;
}

/** The members of the object whose `{` is at `at`. */
function members(text: string, at: number): Member[] {
  const out: Member[] = [];
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return out;
  for (;;) {
    const start = i;
    const keyEnd = stringEnd(text, i);
    const raw = text.slice(i, keyEnd);
    // Keys are short: an escaped one (`"l\u0069nes"`) is decoded as JSON.parse did.
    const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return out;
    const valueStart = skipSpace(text, i + 1);
    const end = valueEnd(text, valueStart);
    out.push({ key, start, valueStart, end });
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return out;
    i = skipSpace(text, i + 1);
  }
}

/** The elements of the array whose `[` is at `at`, as [start, end) pairs. */
function elements(text: string, at: number): [number, number][] {
  const out: [number, number][] = [];
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return out;
  for (;;) {
    const end = valueEnd(text, i);
    out.push([i, end]);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return out;
    i = skipSpace(text, i + 1);
  }
}

/**
 * The text of the top-level member `key` of the object `text` (the last one, as
 * JSON.parse keeps the last of duplicated keys), or null. `text` may have space around.
 */
export function memberText(text: string, key: string): string | null {
  const at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACE) return null;
  const found = members(text, at).filter((m) => m.key === key);
  const last = found[found.length - 1];
  return last === undefined ? null : text.slice(last.valueStart, last.end);
}

/** The texts of the elements of the array `text` (an array JSON.parse accepted). */
export function elementTexts(text: string): string[] {
  const at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACKET) return [];
  return elements(text, at).map(([start, end]) => text.slice(start, end));
}

/**
 * The object `text` without its top-level members named `key`, every other character
 * kept: `{"a":1,"_seq":3}` gives `{"a":1}`, `{"_seq":3,"a":1}` gives `{"a":1}`.
 */
export function withoutMember(text: string, key: string): string {
  const at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACE) return text;
  const all = members(text, at);
  if (!all.some((m) => m.key === key)) return text;
  const kept = all.flatMap((m, n) => (m.key === key ? [] : [{ m, next: all[n + 1] }]));
  const end = all[all.length - 1]!.end;
  // The space before the first member, each kept member with the separator that followed it, and what closed the object.
  let out = text.slice(0, kept.length ? all[0]!.start : at + 1);
  kept.forEach(({ m, next }, n) => {
    out += text.slice(m.start, m.end);
    if (n < kept.length - 1) out += text.slice(m.end, next!.start);
  });
  return out + text.slice(end);
}
