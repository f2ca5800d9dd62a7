import { countOf, INVALID_COUNT, timeOf } from '../kit/counts.js';
import { civilDays } from '../kit/dates.js';
import { isoMs, type Json } from '../kit/values.js';

/*
 * The byte-level JSON scanner under the record scanner (scan-line.ts): it reads one
 * JSON value straight from its bytes, validating it as strictly as JSON.parse does
 * (strings, escapes, numbers, literals, nesting, nothing after the value), decodes
 * only the strings asked for and skips the rest byte by byte. It knows no record.
 * Whatever it cannot read for certain throws BAIL, and the caller gives the line to
 * JSON.parse.
 */

/** Thrown to give the line to the JSON.parse path. */
export const BAIL = Symbol('bail');

// The line being scanned: bytes [pos, end) of buf. Module state keeps calls cheap.
let buf: Buffer = Buffer.alloc(0);
let pos = 0;
let end = 0;

const Q = 0x22; // "
const BS = 0x5c; // \
const COLON = 0x3a;
const COMMA = 0x2c;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
const LBRACKET = 0x5b;
export const RBRACKET = 0x5d;

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;
const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66));

function ws(): void {
  while (pos < end) {
    const c = buf[pos]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return;
    pos++;
  }
}

function expect(c: number): void {
  if (pos >= end || buf[pos] !== c) throw BAIL;
  pos++;
}

/** Bytes that end a run of plain string content: controls, `"` and `\`. */
const STOP = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) STOP[c] = 1;
STOP[Q] = 1;
STOP[BS] = 1;

/*
 * Long strings (a tool's result, a text block) are most of a trace's bytes. Past the
 * first bytes of a string, its run of plain bytes is found four at a time: a word of
 * the buffer holds a stop byte when one of its bytes is below 0x20, or equals `"` or
 * `\` (the "has a zero byte" test, exact for whether any byte matches). The word
 * view covers the buffer's whole ArrayBuffer, aligned, and is made once per buffer.
 */
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);
/** `buf.byteOffset`: byte `j` of the line is byte `wordBase + j` of the word view. */
let wordBase = 0;
/** The buffer the word view was made for: most calls scan the same one as the last. */
let wordsOf: Buffer | null = null;

function viewWords(b: Buffer): void {
  if (b === wordsOf) return;
  wordsOf = b;
  if (words.buffer !== b.buffer) words = new Int32Array(b.buffer, 0, b.buffer.byteLength >> 2);
  wordBase = b.byteOffset;
}

/** Past plain bytes from `j` (a string's content): where the next stop byte, or `end`, is. */
function plainRun(j: number): number {
  const b = buf;
  // Short strings (keys, names, ids) end within a few bytes: byte by byte.
  const probe = j + 16;
  while (j < probe && STOP[b[j]!] === 0) j++;
  if (j < probe) return j;
  return wordRun(j);
}

/**
 * `plainRun` without the first bytes one at a time: for the rest of a string after an
 * escape (file contents and commands in agent transcripts have one every few dozen bytes).
 */
function wordRun(j: number): number {
  const b = buf;
  while (((wordBase + j) & 3) !== 0 && STOP[b[j]!] === 0) j++;
  if (((wordBase + j) & 3) === 0) {
    const w = words;
    const last = (wordBase + end) >> 2; // words before this one end before `end`
    let k = (wordBase + j) >> 2;
    for (; k < last; k++) {
      const x = w[k]!;
      const q = x ^ 0x22222222;
      const s = x ^ 0x5c5c5c5c;
      if ((((x - 0x20202020) & ~x) | ((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s)) & 0x80808080) break;
    }
    j = (k << 2) - wordBase;
  }
  // Every string ends before `end`: the byte there is `\n`, `\r` or past the buffer.
  while (STOP[b[j]!] === 0) j++;
  return j;
}

/** At a `"`: moves past the string's closing quote; true when it held an escape. */
function skipString(): boolean {
  const b = buf;
  let j = pos + 1;
  let escaped = false;
  for (;;) {
    j = escaped ? wordRun(j) : plainRun(j);
    const c = b[j];
    if (j >= end) throw BAIL;
    if (c === Q) {
      pos = j + 1;
      return escaped;
    }
    if (c !== BS) throw BAIL; // a raw control character
    escaped = true;
    const e = b[j + 1];
    if (e === 0x75) {
      if (!isHex(b[j + 2]) || !isHex(b[j + 3]) || !isHex(b[j + 4]) || !isHex(b[j + 5])) throw BAIL;
      j += 6;
    } else if (e === Q || e === BS || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)
      j += 2;
    else throw BAIL;
    if (j > end) throw BAIL;
  }
}

/** A string value at `pos`, decoded (escapes as JSON.parse reads them); `cache: false` for unique strings (ids). */
export function stringValue(cache = true): string {
  const start = pos;
  const escaped = skipString();
  if (escaped) return JSON.parse(buf.toString('utf8', start, pos)) as string;
  const len = pos - start - 2;
  return cache && len <= MAX_CACHED ? cachedString(start + 1, len) : buf.toString('utf8', start + 1, pos - 1);
}

/*
 * Short strings repeat: methods, tool and model names, roles, block types, sources.
 * A small table keyed by a hash of the bytes hands back the string decoded before
 * (after comparing the bytes), so most lines decode none.
 */
const MAX_CACHED = 48;
const CACHE_SLOTS = 4096;
/*
 * The bytes of each slot's string, in one table: MAX_CACHED bytes a slot, its length
 * apart (-1: empty). A small Buffer per slot came from Node's 8 KiB pool and kept its
 * whole slab alive: up to 4096 slabs, 30 MiB in an index worker.
 */
const cacheBytes = new Uint8Array(CACHE_SLOTS * MAX_CACHED);
const cacheLengths = new Int8Array(CACHE_SLOTS).fill(-1);
const cacheStrings: string[] = new Array<string>(CACHE_SLOTS).fill('');

function cachedString(start: number, len: number): string {
  const b = buf;
  // The slot comes from the length and four of the bytes (the strings compared below
  // anyway): names that share all of them only take turns in one slot.
  const mid = start + (len >> 1);
  const h = Math.imul(
    len ^ (b[start]! << 8) ^ (b[start + len - 1]! << 16) ^ (b[mid]! << 24) ^ (b[mid - 1]! << 4),
    0x9e3779b1,
  );
  const slot = (h >>> 20) & (CACHE_SLOTS - 1);
  const at = slot * MAX_CACHED;
  if (cacheLengths[slot] === len) {
    let same = true;
    for (let k = 0; k < len; k++) {
      if (cacheBytes[at + k] !== b[start + k]) {
        same = false;
        break;
      }
    }
    if (same) return cacheStrings[slot]!;
  }
  const value = b.toString('utf8', start, start + len);
  cacheBytes.set(b.subarray(start, start + len), at);
  cacheLengths[slot] = len;
  cacheStrings[slot] = value;
  return value;
}

/** Moves past a JSON number, checking its grammar; returns where it started. */
export function skipNumber(): number {
  const b = buf;
  const start = pos;
  let j = pos;
  if (b[j] === 0x2d) j++;
  if (b[j] === 0x30) j++;
  else if (b[j]! >= 0x31 && b[j]! <= 0x39) while (isDigit(b[j])) j++;
  else throw BAIL;
  if (b[j] === 0x2e) {
    j++;
    if (!isDigit(b[j])) throw BAIL;
    while (isDigit(b[j])) j++;
  }
  if (b[j] === 0x65 || b[j] === 0x45) {
    j++;
    if (b[j] === 0x2b || b[j] === 0x2d) j++;
    if (!isDigit(b[j])) throw BAIL;
    while (isDigit(b[j])) j++;
  }
  if (j > end) throw BAIL;
  pos = j;
  return start;
}

/**
 * The number from `from` to `pos` when it is up to 15 plain digits (exact as summed
 * here: token counts and ids nearly always are), else -1 (read it with Number).
 */
export function plainDigits(from: number): number {
  if (pos - from > 15) return -1;
  const b = buf;
  let v = 0;
  for (let k = from; k < pos; k++) {
    const x = b[k]! - 48;
    if (x < 0 || x > 9) return -1;
    v = v * 10 + x;
  }
  return v;
}

function skipLiteral(text: Uint8Array): void {
  if (pos + text.length > end) throw BAIL;
  for (let k = 0; k < text.length; k++) if (buf[pos + k] !== text[k]) throw BAIL;
  pos += text.length;
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');

/** Skips any value, validating it. */
export function skipValue(): void {
  const c = buf[pos];
  if (c === Q) skipString();
  else if (c === LBRACE) {
    pos++;
    ws();
    if (buf[pos] === RBRACE && pos < end) {
      pos++;
      return;
    }
    for (;;) {
      if (buf[pos] !== Q || pos >= end) throw BAIL;
      skipString();
      ws();
      expect(COLON);
      ws();
      skipValue();
      ws();
      if (pos >= end) throw BAIL;
      const d = buf[pos++];
      if (d === RBRACE) return;
      if (d !== COMMA) throw BAIL;
      ws();
    }
  } else if (c === LBRACKET) {
    pos++;
    ws();
    if (buf[pos] === RBRACKET && pos < end) {
      pos++;
      return;
    }
    for (;;) {
      skipValue();
      ws();
      if (pos >= end) throw BAIL;
      const d = buf[pos++];
      if (d === RBRACKET) return;
      if (d !== COMMA) throw BAIL;
      ws();
    }
  } else if (c === 0x74) skipLiteral(TRUE);
  else if (c === 0x66) skipLiteral(FALSE);
  else if (c === 0x6e) skipLiteral(NULL);
  else skipNumber();
}

/** Object keys known to a reader, matched by an FNV-1a hash of their bytes, then compared byte for byte. */
export interface KeyTable {
  slots: Int16Array;
  bytes: Buffer[];
}

const SLOTS = 256;
const fnv = (bytes: Uint8Array): number => {
  let h = 0x811c9dc5;
  for (const c of bytes) h = Math.imul(h ^ c, 16777619);
  return h >>> 0;
};

/** The table of `names`, whose codes are their places in it; place 0 (any other key) is matched by nothing. */
export function keyTable(names: readonly string[]): KeyTable {
  const bytes = names.map((k) => Buffer.from(k));
  const slots = new Int16Array(SLOTS).fill(-1);
  for (let k = 1; k < names.length; k++) {
    let s = fnv(bytes[k]!) % SLOTS;
    while (slots[s] !== -1) s = (s + 1) % SLOTS;
    slots[s] = k;
  }
  return { slots, bytes };
}

/** At an object key: reads it and the colon; returns its code in `table`, 0 for any other key. */
export function key(table: KeyTable): number {
  const { slots, bytes: keyBytes } = table;
  const b = buf;
  if (pos >= end || b[pos] !== Q) throw BAIL;
  const start = pos + 1;
  let j = start;
  let h = 0x811c9dc5;
  let c = b[j]!;
  while (c >= 0x20 && c !== Q && c !== BS) {
    h = Math.imul(h ^ c, 16777619);
    c = b[++j]!;
  }
  // An escaped key may spell a known one: let JSON.parse read it.
  if (c !== Q || j >= end) throw BAIL;
  pos = j + 1;
  ws();
  expect(COLON);
  ws();
  const len = j - start;
  for (let s = (h >>> 0) % SLOTS; ; s = (s + 1) % SLOTS) {
    const k = slots[s]!;
    if (k === -1) return 0;
    const want = keyBytes[k]!;
    if (want.length !== len) continue;
    let same = true;
    for (let n = 0; n < len; n++) {
      if (b[start + n] !== want[n]) {
        same = false;
        break;
      }
    }
    if (same) return k;
  }
}

/** At `{`: enters the object; false when it is empty (and already left). */
export function enterObject(): boolean {
  expect(LBRACE);
  ws();
  if (pos < end && buf[pos] === RBRACE) {
    pos++;
    return false;
  }
  return true;
}

/** At `[`: enters the array; false when it is empty (and already left). */
export function enterArray(): boolean {
  expect(LBRACKET);
  ws();
  if (pos < end && buf[pos] === RBRACKET) {
    pos++;
    return false;
  }
  return true;
}

/** After a member or element: true at `,` (another follows), false at the closing `close`. */
export function next(close: number): boolean {
  ws();
  if (pos >= end) throw BAIL;
  const d = buf[pos++];
  if (d === close) return false;
  if (d !== COMMA) throw BAIL;
  ws();
  return true;
}

/**
 * Marks key `k` seen in the current object. A known key seen twice hands the line to
 * JSON.parse (its last-wins rule is easier to honour there); codes share bits mod 32,
 * which at worst hands over a line that did not need it.
 */
export function mark(seen: number, k: number): number {
  if (k === 0) return seen;
  const bit = 1 << (k & 31);
  if (seen & bit) throw BAIL;
  return seen | bit;
}

export const isString = (): boolean => buf[pos] === Q;
export const isObjectStart = (): boolean => buf[pos] === LBRACE;
export const isNumberStart = (): boolean => buf[pos] === 0x2d || isDigit(buf[pos]);
export const isArrayStart = (): boolean => buf[pos] === LBRACKET;

/** `str(v)`: a string value, or null (the value skipped) for any other type. `cache`: see stringValue. */
export function optString(cache = true): string | null {
  if (isString()) return stringValue(cache);
  skipValue();
  return null;
}

/** A token count by its text (`countOf`, counts.ts), or null for any other type. */
export function optCount(): number | null {
  if (!isNumberStart()) {
    skipValue();
    return null;
  }
  const start = skipNumber();
  const negative = buf[start] === 0x2d;
  // Up to 15 plain digits: the count itself (JSON forbids leading zeros).
  const v = plainDigits(negative ? start + 1 : start);
  if (v >= 0) return negative && v !== 0 ? INVALID_COUNT : v;
  const text = buf.toString('latin1', start, pos);
  return countOf(Number(text), text);
}

/** A turn time by its text (`timeOf`, counts.ts), or null for any other type. */
export function optTime(): number | null {
  if (!isNumberStart()) {
    skipValue();
    return null;
  }
  const start = skipNumber();
  const negative = buf[start] === 0x2d;
  const v = plainDigits(negative ? start + 1 : start);
  if (v >= 0) return timeOf(negative ? -v : v);
  const text = buf.toString('latin1', start, pos);
  return timeOf(Number(text), text);
}

/** `v === true`. */
export function isTrue(): boolean {
  if (buf[pos] === 0x74) {
    skipLiteral(TRUE);
    return true;
  }
  skipValue();
  return false;
}

/** The `n` decimal digits at `at` as a number, or NaN if any is not a digit. */
function digits(at: number, n: number): number {
  let v = 0;
  for (let k = at; k < at + n; k++) {
    const x = buf[k]! - 48;
    if (x < 0 || x > 9) return NaN;
    v = v * 10 + x;
  }
  return v;
}

let lastDate = -1;
let lastDayMs = 0;

/**
 * A time in the producers' shape, `2026-05-12T23:00:00.123Z`, read from the bytes;
 * any other string goes to `isoMs`, which reads it the same way.
 */
export function timeValue(): number | null {
  if (!isString()) {
    skipValue();
    return null;
  }
  const s = pos + 1;
  const b = buf;
  if (
    b[s + 24] === Q &&
    b[s + 23] === 0x5a &&
    b[s + 10] === 0x54 &&
    b[s + 19] === 0x2e &&
    b[s + 4] === 0x2d &&
    b[s + 7] === 0x2d &&
    b[s + 13] === 0x3a &&
    b[s + 16] === 0x3a
  ) {
    const year = digits(s, 4);
    const month = digits(s + 5, 2);
    const day = digits(s + 8, 2);
    const hour = digits(s + 11, 2);
    const minute = digits(s + 14, 2);
    const second = digits(s + 17, 2);
    const milli = digits(s + 20, 3);
    // NaN fails every comparison: a non-digit falls through to isoMs.
    if (
      year >= 100 &&
      month >= 1 &&
      month <= 12 &&
      day <= 31 &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      milli >= 0
    ) {
      pos = s + 25;
      // Lines of one trace share their day: its start is worked out once.
      const date = year * 10000 + month * 100 + day;
      if (date !== lastDate) {
        lastDate = date;
        lastDayMs = civilDays(year, month, day) * 86_400_000;
      }
      return lastDayMs + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli;
    }
  }
  return isoMs(stringValue());
}

/** Where a value lies in the current line: an error's `content`, parsed only if needed. */
export interface Span {
  start: number;
  stop: number;
}

export function span(): Span {
  const start = pos;
  skipValue();
  return { start, stop: pos };
}

/** A skipped value of the current line, parsed. */
export function parse(v: Span): Json {
  return JSON.parse(buf.toString('utf8', v.start, v.stop)) as Json;
}

/** Where the scan is: the byte after what was read last. */
export const here = (): number => pos;

/** The bytes being scanned (of the line and around it). */
export const scanned = (): Buffer => buf;

/**
 * `read`'s answer for the JSON value in bytes [start, stop) of `bytes`, or `none` when
 * `read` bails, the bytes are not valid JSON, or more than the value lies in them.
 */
export function readWhole(bytes: Buffer, start: number, stop: number, read: () => number, none: number): number {
  buf = bytes;
  viewWords(bytes);
  pos = start;
  end = stop;
  try {
    const kind = read();
    ws();
    return pos === end ? kind : none;
  } catch (error) {
    if (error === BAIL || error instanceof SyntaxError || error instanceof RangeError) return none;
    throw error;
  }
}
