/*
 * A walk over a line of JSON text to find a value's text as written (a number's, which
 * JSON.parse rounds). Its skipping never throws, whatever the text, so it also cuts
 * lines not parsed yet (otlp-split.ts). The walk only finds its way: it skips strings
 * with indexOf and keeps JSON.parse's rules where they matter (escaped keys are
 * decoded; a repeated key's last value wins, as the caller takes the last one).
 * Hand-rolled because no package gives a number's source text cheaply on Node 20
 * (its V8 11.3 lacks `JSON.parse` source text access); lossless-json and the like
 * parse the whole line again.
 */

export const Q = 0x22;
export const BS = 0x5c;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
export const LBRACKET = 0x5b;
export const RBRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;

export function ws(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    i++;
  }
}

/** At a `"`: just past its closing quote (the text's end when none closes it). */
export function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    // The quote is escaped when an odd run of backslashes precedes it.
    let b = q - 1;
    while (text.charCodeAt(b) === BS) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Just past the value at `i`: never throws, never passes the text's end, on any text. */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === Q) return skipString(text, i);
  if (c === LBRACE || c === LBRACKET) {
    let depth = 0;
    for (let j = i; j < text.length; ) {
      const d = text.charCodeAt(j);
      if (d === Q) {
        j = skipString(text, j);
        continue;
      }
      if (d === LBRACE || d === LBRACKET) depth++;
      else if ((d === RBRACE || d === RBRACKET) && --depth === 0) return j + 1;
      j++;
    }
    return text.length;
  }
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (
      Number.isNaN(d) ||
      d === COMMA ||
      d === RBRACE ||
      d === RBRACKET ||
      d === 0x20 ||
      d === 0x09 ||
      d === 0x0a ||
      d === 0x0d
    )
      return j;
    j++;
  }
}

/** The number token at `i`, as written. */
export const numberText = (text: string, i: number): string => text.slice(i, skipValue(text, i));

/** Calls `each` with every member's decoded key and where its value starts; returns the end. */
export function members(text: string, at: number, each: (key: string, valueAt: number) => void): number {
  let i = ws(text, at + 1);
  if (text.charCodeAt(i) === RBRACE) return i + 1;
  for (;;) {
    const keyEnd = skipString(text, i);
    const inner = text.slice(i + 1, keyEnd - 1);
    const key = inner.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : inner;
    const v = ws(text, ws(text, keyEnd) + 1);
    each(key, v);
    i = ws(text, skipValue(text, v));
    if (text.charCodeAt(i) !== COMMA) return i + 1;
    i = ws(text, i + 1);
  }
}

/** Calls `each` with where every element of the array at `at` starts. */
export function elements(text: string, at: number, each: (valueAt: number) => void): void {
  let i = ws(text, at + 1);
  if (text.charCodeAt(i) === RBRACKET) return;
  for (;;) {
    each(i);
    i = ws(text, skipValue(text, i));
    if (text.charCodeAt(i) !== COMMA) return;
    i = ws(text, i + 1);
  }
}

/** True when some `key` in the text is followed by a number JavaScript would write differently (`1.0`, 30 digits). */
export function inexactAfter(text: string, key: string): boolean {
  for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
    let i = ws(text, at + key.length);
    if (text.charCodeAt(i) !== 0x3a) continue;
    i = ws(text, i + 1);
    const c = text.charCodeAt(i);
    if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) continue;
    const token = numberText(text, i);
    if (String(Number(token)) !== token) return true;
  }
  return false;
}

/** A `\u` escape, then the rest of a short key and its colon. */
const ESCAPED_KEY = /\\u[0-9a-fA-F]{4}(?:[^"\\]|\\u[0-9a-fA-F]{4}){0,8}"\s*:/;

/** True when a key of the line may have a `\u` escape (it might spell a key looked for by its text). */
export const hasEscapedKey = (text: string): boolean => text.includes('\\u') && ESCAPED_KEY.test(text);

/**
 * A top-level member of a line as a message shows it: as written (a number's own
 * text), at most `max` characters, or `absent`.
 */
export function memberShown(text: string, key: string, max = 80): string {
  const value = valueText(text, [key]);
  if (value === null) return 'absent';
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** The text as written of the value at `path` (member keys from the top object; the last of a repeated key), or null. */
export function valueText(text: string, path: readonly string[]): string | null {
  let at = ws(text, 0);
  for (const key of path) {
    if (text.charCodeAt(at) !== LBRACE) return null;
    let found = -1;
    members(text, at, (k, v) => {
      if (k === key) found = v;
    });
    if (found < 0) return null;
    at = found;
  }
  return numberText(text, at);
}
