import { numberIdKey, type RpcInfo } from './rpc.js';

/*
 * JSON.parse turns every number into a double, so an id of 30 digits (or `1.0`) loses
 * its text. For the lines the JSON.parse path reads (facts.ts), this walks the line's
 * text once more to the ids and keys each number id by the text as written, as the
 * byte scanner does (scan-line.ts `numberIdValue`).
 *
 * The line is valid JSON already (JSON.parse accepted it), so the walk only finds its
 * way: it skips strings with indexOf and keeps JSON.parse's rules where they matter
 * (escaped keys are decoded, a repeated key's last value wins). Hand-rolled because no
 * package gives a number's source text cheaply on Node 20 (its V8 11.3 lacks
 * `JSON.parse` source text access); lossless-json and the like parse the whole line again.
 */

/** Puts exact keys on the number ids (and cancelled request ids) of a message line's messages. */
export function keyNumberIdsByText(text: string, member: 'raw' | 'msg', messages: RpcInfo[]): void {
  if (!messages.some((m) => typeof m.idKey === 'number' || typeof m.cancels === 'number')) return;
  if (
    !mayHaveInexactId(
      text,
      messages.some((m) => typeof m.cancels === 'number'),
    )
  )
    return;
  const top = ws(text, 0);
  let rawAt = -1;
  members(text, top, (key, at) => {
    if (key === member) rawAt = at;
  });
  if (rawAt < 0) return;
  if (text.charCodeAt(rawAt) === LBRACKET) {
    let i = 0;
    elements(text, rawAt, (at) => {
      const m = messages[i++];
      if (m) keyMessage(text, at, m);
    });
  } else if (messages.length === 1) keyMessage(text, rawAt, messages[0]!);
}

/**
 * False when every number id of the line is keyed right already: no `"id"` (or
 * `"requestId"`) key in the line is followed by a number whose text differs from the
 * one JavaScript writes for it, and no key has a `\u` escape (it might spell `id`).
 * Nearly every line so skips the walk (mcp-rec recordings take the JSON.parse path
 * whole); found with indexOf, cheaper than a regular expression over the line.
 * A match inside a string only costs a walk.
 */
function mayHaveInexactId(text: string, cancels: boolean): boolean {
  if (inexactAfter(text, '"id"') || (cancels && inexactAfter(text, '"requestId"'))) return true;
  return text.includes('\\u') && ESCAPED_KEY.test(text);
}

/** A `\u` escape, then the rest of a short key and its colon. */
const ESCAPED_KEY = /\\u[0-9a-fA-F]{4}(?:[^"\\]|\\u[0-9a-fA-F]{4}){0,8}"\s*:/;

function inexactAfter(text: string, key: string): boolean {
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

/** One message object at `at`: its `id` and `params.requestId`, as their texts. */
function keyMessage(text: string, at: number, m: RpcInfo): void {
  if (text.charCodeAt(at) !== LBRACE) return;
  let idAt = -1;
  let paramsAt = -1;
  members(text, at, (key, v) => {
    if (key === 'id') idAt = v;
    else if (key === 'params') paramsAt = v;
  });
  if (typeof m.idKey === 'number' && idAt >= 0) m.idKey = numberIdKey(numberText(text, idAt), m.idKey);
  if (typeof m.cancels === 'number' && paramsAt >= 0 && text.charCodeAt(paramsAt) === LBRACE) {
    let requestIdAt = -1;
    members(text, paramsAt, (key, v) => {
      if (key === 'requestId') requestIdAt = v;
    });
    if (requestIdAt >= 0) m.cancels = numberIdKey(numberText(text, requestIdAt), m.cancels);
  }
}

const Q = 0x22;
const BS = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;

function ws(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
    i++;
  }
}

/** At a `"`: just past its closing quote. */
function skipString(text: string, i: number): number {
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

/** Just past the value at `i`. */
function skipValue(text: string, i: number): number {
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
const numberText = (text: string, i: number): string => text.slice(i, skipValue(text, i));

/** Calls `each` with every member's decoded key and where its value starts; returns the end. */
function members(text: string, at: number, each: (key: string, valueAt: number) => void): number {
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
function elements(text: string, at: number, each: (valueAt: number) => void): void {
  let i = ws(text, at + 1);
  if (text.charCodeAt(i) === RBRACKET) return;
  for (;;) {
    each(i);
    i = ws(text, skipValue(text, i));
    if (text.charCodeAt(i) !== COMMA) return;
    i = ws(text, i + 1);
  }
}

/**
 * The value of `text`'s top-level member `key` as written (the last one, which is the
 * one JSON.parse keeps), or null: `1e400` and `-0` stay themselves, where the parsed
 * value would print as `null` and `0`. `text` is an object JSON.parse accepted.
 */
export function memberText(text: string, key: string): string | null {
  const top = ws(text, 0);
  if (text.charCodeAt(top) !== LBRACE) return null;
  let at = -1;
  members(text, top, (k, v) => {
    if (k === key) at = v;
  });
  return at < 0 ? null : text.slice(at, skipValue(text, at));
}
