import { countOf, INVALID_COUNT, timeOf } from '../kit/counts.js';
import { keepText } from '../kit/text.js';
import { isoMs, type Json } from '../kit/values.js';
import { absentArgsKey, argsKeyOfBytes, argsSize } from './args-key.js';
import type { EventDir, MessageDir } from './enums.js';
import type { TapeWriter } from './facts-tape.js';
import { type AgentCounting, type AgentFrame, COUNTED, PART } from './formats/agents/agent-record.js';
import type { LineFacts } from './line-facts.js';
import {
  contentText,
  type IdKey,
  invalidRpcInfo,
  numberIdKey,
  protocolErrorText,
  type RpcInfo,
  stringIdKey,
} from './rpc.js';
import { bareTurnFacts, type TurnFacts, type TurnUsage } from './turn.js';

/*
 * The hot path of indexing: the facts of a message or turn line read straight from
 * its bytes, without building the line's string or its objects. It validates the
 * whole line as strictly as JSON.parse does (strings, escapes, numbers, literals,
 * nesting, nothing after the value), decodes only the few strings the store keeps,
 * and skips every payload (arguments, results, text blocks) byte by byte.
 *
 * Anything it does not know for certain (another record type, an escape inside a key,
 * a duplicated key, a field of an unusual type, invalid JSON) returns null, and the
 * caller takes the JSON.parse path (facts.ts), which also words the skip reasons:
 * so both paths give the same facts for every line (test/trace/scan-line.test.ts
 * compares them over every real trace and generated traces).
 */

/** Thrown to give the line to the JSON.parse path. */
const BAIL = Symbol('bail');

// The line being scanned: bytes [pos, end) of buf. Module state keeps calls cheap.
let buf: Buffer = Buffer.alloc(0);
let pos = 0;
let end = 0;

const Q = 0x22; // "
const BS = 0x5c; // \
const COLON = 0x3a;
const COMMA = 0x2c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

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
function stringValue(cache = true): string {
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
function skipNumber(): number {
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
function plainDigits(from: number): number {
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
function skipValue(): void {
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

// Keys are matched by an FNV-1a hash of their bytes, then compared byte for byte.
const KEYS = [
  '',
  'type',
  't',
  'dir',
  'source',
  'kind',
  'role',
  'model',
  'echoed',
  'truncated',
  'stop_reason',
  'raw',
  'msg',
  'blocks',
  'usage',
  'timing',
  'method',
  'id',
  'params',
  'result',
  'error',
  'name',
  'requestId',
  'isError',
  'content',
  'thinking',
  'tool_use_id',
  'is_error',
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
  // Codes share `mark`'s bits mod 32, so a key's place matters: corr_id (a top-level
  // key) takes bit 0, which no other top-level key has.
  'corr_id',
  'thinking_tokens',
  'ttft_ms',
  'duration_ms',
  'arguments',
  'input',
  // A Claude Code line's (claudeLine below). Each top-level one takes a bit that no
  // other key of such a line has (6 to 14), and those of its message and usage too.
  'timestamp',
  'message',
  'cwd',
  'sessionId',
  'gitBranch',
  'uuid',
  'parentUuid',
  'payload',
  'ts',
  'cache_creation',
  'ephemeral_1h_input_tokens',
  'speed',
] as const;
type KeyName = (typeof KEYS)[number];
const K = Object.fromEntries(KEYS.map((k, i) => [k, i])) as Record<KeyName, number>;
const KEY_BYTES = KEYS.map((k) => Buffer.from(k));
const SLOTS = 256;
const slots = new Int16Array(SLOTS).fill(-1);
const fnv = (bytes: Uint8Array): number => {
  let h = 0x811c9dc5;
  for (const c of bytes) h = Math.imul(h ^ c, 16777619);
  return h >>> 0;
};
for (let k = 1; k < KEYS.length; k++) {
  let s = fnv(KEY_BYTES[k]!) % SLOTS;
  while (slots[s] !== -1) s = (s + 1) % SLOTS;
  slots[s] = k;
}

/** At an object key: reads it and the colon; returns its code in KEYS, 0 for any other key. */
function key(): number {
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
    const want = KEY_BYTES[k]!;
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
function enterObject(): boolean {
  expect(LBRACE);
  ws();
  if (pos < end && buf[pos] === RBRACE) {
    pos++;
    return false;
  }
  return true;
}

/** At `[`: enters the array; false when it is empty (and already left). */
function enterArray(): boolean {
  expect(LBRACKET);
  ws();
  if (pos < end && buf[pos] === RBRACKET) {
    pos++;
    return false;
  }
  return true;
}

/** After a member or element: true at `,` (another follows), false at the closing `close`. */
function next(close: number): boolean {
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
function mark(seen: number, k: number): number {
  if (k === 0) return seen;
  const bit = 1 << (k & 31);
  if (seen & bit) throw BAIL;
  return seen | bit;
}

const isString = (): boolean => buf[pos] === Q;
const isObjectStart = (): boolean => buf[pos] === LBRACE;
const isNumberStart = (): boolean => buf[pos] === 0x2d || isDigit(buf[pos]);

/** `str(v)`: a string value, or null (the value skipped) for any other type. `cache`: see stringValue. */
function optString(cache = true): string | null {
  if (isString()) return stringValue(cache);
  skipValue();
  return null;
}

/** A token count by its text (`countOf`, counts.ts), or null for any other type. */
function optCount(): number | null {
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
function optTime(): number | null {
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
function isTrue(): boolean {
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

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1–12; days past the month's end roll over, as in Date.UTC). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

let lastDate = -1;
let lastDayMs = 0;

/**
 * A time in the producers' shape, `2026-05-12T23:00:00.123Z`, read from the bytes;
 * any other string goes to `isoMs`, which reads it the same way.
 */
function timeValue(): number | null {
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
        lastDayMs = daysFromCivil(year, month, day) * 86_400_000;
      }
      return lastDayMs + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli;
    }
  }
  return isoMs(stringValue());
}

/** One JSON-RPC message: what `rpcInfo` (rpc.ts) reads. */
function rpcMessage(): RpcInfo {
  const info = invalidRpcInfo();
  if (!isObjectStart()) {
    skipValue();
    return info;
  }
  let hasResponse = false;
  let paramsName: string | null = null;
  let cancels: IdKey | null = null;
  let isError = false;
  let content: Span | null = null;
  let error: Span | null = null;
  let argsStart = -1;
  let argsStop = -1;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.method) info.method = optString();
      else if (k === K.id) {
        info.idKey = idValue();
      } else if (k === K.params && isObjectStart()) {
        let seenParams = 0;
        if (enterObject()) {
          do {
            const p = key();
            seenParams = mark(seenParams, p);
            if (p === K.name) paramsName = optString();
            else if (p === K.requestId) cancels = idValue();
            else if (p === K.arguments) {
              argsStart = pos;
              skipValue();
              argsStop = pos;
            } else skipValue();
          } while (next(RBRACE));
        }
      } else if (k === K.result) {
        hasResponse = true;
        if (!isObjectStart()) skipValue();
        else {
          let seenResult = 0;
          if (enterObject()) {
            do {
              const r = key();
              seenResult = mark(seenResult, r);
              if (r === K.isError) isError = isTrue();
              else if (r === K.content) content = span();
              else skipValue();
            } while (next(RBRACE));
          }
        }
      } else if (k === K.error) {
        hasResponse = true;
        error = span();
      } else skipValue();
    } while (next(RBRACE));
  }
  if (info.method !== null) {
    info.shape = info.idKey === null ? 'notification' : 'request';
    if (info.method === 'tools/call') {
      info.toolName = paramsName ?? '(unknown)';
      info.argsKey = argsStart < 0 ? absentArgsKey() : argsKeyOfBytes(buf, argsStart, argsStop);
    }
    if (info.method === 'notifications/cancelled') info.cancels = cancels;
    return info;
  }
  if (hasResponse) {
    info.shape = 'response';
    // A protocol error (`null` is none) is small: parsed and worded as rpc.ts does.
    const errorValue = error === null ? null : parse(error);
    if (errorValue !== null) info.protocolError = protocolErrorText(errorValue);
    else if (isError) info.executionError = contentOf(content) || 'tool reported an error';
  }
  return info;
}

/** An id with its JSON type, as `idKeyOf` (rpc.ts) keeps it; null for other types. */
function idValue(): IdKey | null {
  // Ids are unique: not worth the string cache.
  if (isString()) return stringIdKey(stringValue(false));
  if (isNumberStart()) return numberIdValue();
  skipValue();
  return null;
}

/** A number id keyed by its exact text (`numberIdKey`): a short plain integer needs no text built. */
function numberIdValue(): IdKey {
  const start = skipNumber();
  const b = buf;
  const negative = b[start] === 0x2d;
  const from = negative ? start + 1 : start;
  // Up to 15 digits, no fraction or exponent (JSON forbids leading zeros): the
  // number's own text, except `-0`.
  if (pos - from <= 15) {
    let v = 0;
    let k = from;
    for (; k < pos; k++) {
      const x = b[k]! - 48;
      if (x < 0 || x > 9) break;
      v = v * 10 + x;
    }
    if (k === pos && !(negative && v === 0)) return negative ? -v : v;
  }
  return numberIdKey(b.toString('latin1', start, pos));
}

/** Where a value lies in the current line: an error's `content`, parsed only if needed. */
interface Span {
  start: number;
  stop: number;
}

function span(): Span {
  const start = pos;
  skipValue();
  return { start, stop: pos };
}

/** `contentText` of a skipped value, parsed now (the line is still the current one). */
function contentOf(v: Span | null): string {
  return v === null ? '' : contentText(parse(v));
}

/** A skipped value of the current line, parsed. */
function parse(v: Span): Json {
  return JSON.parse(buf.toString('utf8', v.start, v.stop)) as Json;
}

/** One turn's blocks, as `turnFacts` (turn.ts) reads them. */
interface BlockScan {
  thinkingChars: number;
  toolUses: TurnFacts['toolUses'];
  toolResults: TurnFacts['toolResults'];
}

function block(scan: BlockScan): void {
  if (!isObjectStart()) return skipValue();
  let type: string | null = null;
  let thinking: string | null = null;
  let id: string | null = null;
  let name: string | null = null;
  let toolUseId: string | null = null;
  let isError = false;
  let content: Span | null = null;
  let inputStart = -1;
  let inputStop = -1;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.type) type = optString();
      else if (k === K.thinking) thinking = optString();
      else if (k === K.id) id = optString(false);
      else if (k === K.name) name = optString();
      else if (k === K.tool_use_id) toolUseId = optString(false);
      else if (k === K.is_error) isError = isTrue();
      else if (k === K.content) content = span();
      else if (k === K.input) {
        inputStart = pos;
        skipValue();
        inputStop = pos;
      } else skipValue();
    } while (next(RBRACE));
  }
  if (type === 'thinking' && thinking !== null) scan.thinkingChars += thinking.length;
  else if (type === 'tool_use') {
    if (scan.toolUses === NONE) scan.toolUses = [];
    // Bounded as facts.ts bounds them (the store keeps every id).
    const argsKey = inputStart < 0 ? absentArgsKey() : argsKeyOfBytes(buf, inputStart, inputStop);
    scan.toolUses.push({
      id: id !== null && id.length > 200 ? keepText(id, 200) : id,
      name: name ?? '(unknown)',
      argsKey,
      argsSize,
    });
  } else if (type === 'tool_result') {
    if (scan.toolResults === NONE) scan.toolResults = [];
    scan.toolResults.push({ toolUseId, isError, text: isError ? contentOf(content) : '' });
  }
}

interface RawScan {
  batch: boolean;
  messages: RpcInfo[];
  /** `raw` was an object (an event's label may be its method). */
  isObject: boolean;
}

/** `raw`: one message, or a batch array split into its messages. */
function rawValue(): RawScan {
  if (buf[pos] === LBRACKET) {
    const messages: RpcInfo[] = [];
    if (enterArray()) {
      do messages.push(rpcMessage());
      while (next(RBRACKET));
    }
    return messages.length > 0
      ? { batch: true, messages, isObject: false }
      : { batch: false, messages: [invalidRpcInfo()], isObject: false };
  }
  const isObject = isObjectStart();
  return { batch: false, messages: [rpcMessage()], isObject };
}

function usageValue(r: RecordScan): void {
  if (!isObjectStart()) return skipValue();
  const u: TurnUsage = { input: 0, output: 0, cacheRead: null, cacheWrite: null, cacheWrite1h: null };
  r.usage = u;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.input_tokens) u.input = optCount() ?? 0;
      else if (k === K.output_tokens) u.output = optCount() ?? 0;
      else if (k === K.cache_read_input_tokens) u.cacheRead = optCount();
      else if (k === K.cache_creation_input_tokens) u.cacheWrite = optCount();
      else if (k === K.thinking_tokens) r.thinkingExact = optCount();
      else skipValue();
    } while (next(RBRACE));
  }
}

function timingValue(r: RecordScan): void {
  if (!isObjectStart()) return skipValue();
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.ttft_ms) r.ttftMs = optTime();
      else if (k === K.duration_ms) r.durationMs = optTime();
      else skipValue();
    } while (next(RBRACE));
  }
}

/** What the top-level members of a line say. */
interface RecordScan {
  isTurn: boolean;
  t: number | null;
  dir: string | null;
  source: string | null;
  corr: string | null;
  kind: string | null;
  role: string | null;
  model: string | null;
  echoed: boolean;
  truncated: boolean;
  raw: RawScan | null;
  blocks: BlockScan;
  usage: TurnUsage | null;
  thinkingExact: number | null;
  ttftMs: number | null;
  durationMs: number | null;
  /** A `type` other than `turn` (an agent's line), or null when there is none. */
  type: string | null;
  /** A Claude Code line's fields (claudeLine below). */
  timestamp: number | null;
  timestampIsString: boolean;
  requestId: string | null;
  cwd: string | null;
  session: string | null;
  branch: string | null;
  /** Keys whose presence alone decides what a line is (claude-code.ts `isClaudeCodeLine`, codex.ts, mcp-rec). */
  hasSession: boolean;
  hasUuid: boolean;
  hasParentUuid: boolean;
  hasPayload: boolean;
  hasTs: boolean;
  message: MessageScan;
}

/** A Claude Code line's `message`: the Anthropic API's, what claude-code.ts reads of it. */
interface MessageScan {
  isObject: boolean;
  role: string | null;
  model: string | null;
  id: string | null;
  stopReason: string | null;
  /** Null when `usage` is no object. */
  usage: TurnUsage | null;
  thinkingExact: number | null;
  /** `usage.cache_creation.ephemeral_1h_input_tokens`, when a number. */
  hour: number | null;
  /** `usage.speed` is `fast`: the model is priced as its fast mode. */
  fast: boolean;
  blocks: BlockScan;
}

/**
 * A count of a Claude Code line, or null for another type. Only plain digits are read
 * here: JSON.parse's path counts such a line's usage by its double (count-text.ts reads
 * only a v1 turn's own `usage` by text), so any other number goes there.
 */
function plainCount(): number | null {
  if (!isNumberStart()) {
    skipValue();
    return null;
  }
  const v = plainDigits(skipNumber());
  if (v < 0) throw BAIL;
  return v;
}

function messageUsage(m: MessageScan): void {
  if (!isObjectStart()) return skipValue();
  const u: TurnUsage = { input: 0, output: 0, cacheRead: null, cacheWrite: null, cacheWrite1h: null };
  m.usage = u;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.input_tokens) u.input = plainCount() ?? 0;
      else if (k === K.output_tokens) u.output = plainCount() ?? 0;
      else if (k === K.cache_read_input_tokens) u.cacheRead = plainCount();
      else if (k === K.cache_creation_input_tokens) u.cacheWrite = plainCount();
      else if (k === K.thinking_tokens) m.thinkingExact = plainCount();
      else if (k === K.speed) m.fast = optString() === 'fast';
      else if (k === K.cache_creation && isObjectStart()) {
        let seenCreation = 0;
        if (enterObject()) {
          do {
            const c = key();
            seenCreation = mark(seenCreation, c);
            if (c === K.ephemeral_1h_input_tokens) m.hour = plainCount();
            else skipValue();
          } while (next(RBRACE));
        }
      } else skipValue();
    } while (next(RBRACE));
  }
}

function messageValue(m: MessageScan): void {
  if (!isObjectStart()) return skipValue();
  m.isObject = true;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.role) m.role = optString();
      else if (k === K.model) m.model = optString();
      else if (k === K.id) m.id = optString(false);
      else if (k === K.stop_reason) m.stopReason = optString();
      else if (k === K.usage) messageUsage(m);
      else if (k === K.content && buf[pos] === LBRACKET) {
        if (enterArray()) {
          do block(m.blocks);
          while (next(RBRACKET));
        }
      } else skipValue();
    } while (next(RBRACE));
  }
}

function member(r: RecordScan, k: number): void {
  switch (k) {
    case K.type: {
      if (!isString()) throw BAIL;
      const type = stringValue();
      if (type === 'turn') r.isTurn = true;
      else r.type = type;
      return;
    }
    case K.timestamp:
      r.timestampIsString = isString();
      r.timestamp = timeValue();
      return;
    case K.message:
      return messageValue(r.message);
    case K.cwd:
      r.cwd = optString();
      return;
    case K.sessionId:
      r.hasSession = true;
      r.session = optString();
      return;
    case K.gitBranch:
      r.branch = optString();
      return;
    case K.requestId:
      r.requestId = optString(false);
      return;
    case K.uuid:
      r.hasUuid = true;
      return skipValue();
    case K.parentUuid:
      r.hasParentUuid = true;
      return skipValue();
    case K.payload:
      r.hasPayload = true;
      return skipValue();
    case K.ts:
      r.hasTs = true;
      return skipValue();
    case K.t:
      r.t = timeValue();
      return;
    case K.dir:
      if (!isString()) throw BAIL;
      r.dir = stringValue();
      return;
    case K.source:
      r.source = optString();
      return;
    case K.corr_id:
      // Unique per call: not worth the string cache.
      r.corr = optString(false);
      return;
    case K.kind:
      r.kind = optString();
      return;
    case K.role:
      r.role = optString();
      return;
    case K.model:
      r.model = optString();
      return;
    case K.echoed:
      r.echoed = isTrue();
      return;
    case K.truncated:
      if (isTrue()) r.truncated = true;
      return;
    case K.stop_reason:
      if (optString() === 'truncated') r.truncated = true;
      return;
    case K.raw:
      // An event already labelled by its `kind` needs nothing from its payload.
      if (r.kind !== null && r.dir !== null && r.dir !== 'in' && r.dir !== 'out') skipValue();
      else r.raw = rawValue();
      return;
    case K.msg:
      throw BAIL; // an mcp-rec recording
    case K.blocks:
      if (buf[pos] === LBRACKET) {
        if (enterArray()) {
          do block(r.blocks);
          while (next(RBRACKET));
        }
      } else skipValue();
      return;
    case K.usage:
      return usageValue(r);
    case K.timing:
      return timingValue(r);
    default:
      skipValue();
  }
}

/** Shared by the blocks of a turn until one has a tool block: most turns have none. */
const NONE: never[] = [];

/** One scratch record, reset per line (the facts returned never point into it). */
const scratch: RecordScan = {
  isTurn: false,
  t: null,
  dir: null,
  source: null,
  corr: null,
  kind: null,
  role: null,
  model: null,
  echoed: false,
  truncated: false,
  raw: null,
  blocks: { thinkingChars: 0, toolUses: NONE, toolResults: NONE },
  usage: null,
  thinkingExact: null,
  ttftMs: null,
  durationMs: null,
  type: null,
  timestamp: null,
  timestampIsString: false,
  requestId: null,
  cwd: null,
  session: null,
  branch: null,
  hasSession: false,
  hasUuid: false,
  hasParentUuid: false,
  hasPayload: false,
  hasTs: false,
  message: {
    isObject: false,
    role: null,
    model: null,
    id: null,
    stopReason: null,
    usage: null,
    thinkingExact: null,
    hour: null,
    fast: false,
    blocks: { thinkingChars: 0, toolUses: NONE, toolResults: NONE },
  },
};

/** The top-level object of a message or turn line. */
/** What a scanned line is (the facts themselves are in `scratch` and `line`). */
const NOT_MINE = 0;
const TURN = 1;
const RPC = 2;
const EVENT = 3;
const CLAUDE = 4;

/** A scanned message or event line's facts beyond `scratch`'s fields. */
const line: {
  dir: MessageDir | EventDir;
  batch: boolean;
  messages: RpcInfo[];
  label: string;
} = { dir: 'in', batch: false, messages: [], label: '' };

/** The top-level object of a message or turn line: which it is, its facts left in `scratch` and `line`. */
function record(): number {
  const r = scratch;
  r.isTurn = false;
  r.t = r.dir = r.source = r.corr = r.kind = r.role = r.model = null;
  r.echoed = r.truncated = false;
  r.raw = null;
  r.blocks.thinkingChars = 0;
  r.blocks.toolUses = r.blocks.toolResults = NONE;
  r.usage = r.thinkingExact = r.ttftMs = r.durationMs = null;
  r.type = r.timestamp = r.requestId = r.cwd = r.session = r.branch = null;
  r.timestampIsString = r.hasSession = r.hasUuid = r.hasParentUuid = r.hasPayload = r.hasTs = false;
  const m = r.message;
  m.isObject = m.fast = false;
  m.role = m.model = m.id = m.stopReason = m.usage = m.thinkingExact = m.hour = null;
  m.blocks.thinkingChars = 0;
  m.blocks.toolUses = m.blocks.toolResults = NONE;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      member(r, k);
    } while (next(RBRACE));
  }
  if (r.isTurn) return TURN;
  if (r.type !== null) return claudeLine(r) ? CLAUDE : NOT_MINE;
  const dir = r.dir;
  // Written by member(): TypeScript cannot see it.
  const raw = r.raw as RawScan | null;
  if (dir === null) return claudeLine(r) ? CLAUDE : NOT_MINE;
  const messages = raw?.messages ?? [invalidRpcInfo()];
  if (dir === 'in' || dir === 'out') {
    line.dir = dir;
    line.batch = raw?.batch ?? false;
    line.messages = messages;
    return RPC;
  }
  if (dir === 'event' || dir === 'command' || dir === 'telemetry') {
    if (r.kind === 'llm.error') return NOT_MINE;
    line.dir = dir;
    line.label = r.kind ?? (raw?.isObject ? messages[0]!.method : null) ?? dir;
    return EVENT;
  }
  // mcp-rec arrows and unknown dirs: JSON.parse decides.
  return NOT_MINE;
}

/** Types that are Claude Code's even on a line with no session fields (as claude-code.ts has them). */
const CLAUDE_OWN_TYPES = new Set(['file-history-snapshot', 'queue-operation', 'summary']);

/**
 * Whether a line with no `dir` is Claude Code's, as parse-line.ts and claude-code.ts
 * decide it: with a type (not the v1 format's, no Codex `payload`), one of Claude's
 * own or a line with session fields or a message; with none, a message and a time (and
 * nothing of an mcp-rec line). Anything else is for JSON.parse to decide.
 */
function claudeLine(r: RecordScan): boolean {
  const type = r.type;
  if (r.dir !== null) return false;
  if (type === null) return r.message.isObject && r.timestampIsString && !r.hasTs;
  if (r.hasPayload || type === 'meta' || type === 'end') return false;
  return CLAUDE_OWN_TYPES.has(type) || r.hasSession || r.hasUuid || r.hasParentUuid || r.message.isObject;
}

/** The last frame made: a session's lines all say the same, and one object serves them. */
let lastFrame: AgentFrame = { agent: 'claude-code', cwd: null, branch: null, session: null };

function frameOf(r: RecordScan): AgentFrame | null {
  if (r.cwd === null && r.session === null) return null;
  const f = lastFrame;
  if (f.cwd === r.cwd && f.session === r.session && f.branch === r.branch) return f;
  lastFrame = { agent: 'claude-code', cwd: r.cwd, branch: r.branch, session: r.session };
  return lastFrame;
}

/** Claude Code's placeholder for an answer no API call gave: no generation (claude-code.ts). */
const SYNTHETIC_MODEL = '<synthetic>';

/** A scanned Claude Code line's facts, as claude-code.ts and facts.ts make them from JSON.parse's object. */
function claudeFacts(): LineFacts {
  const r = scratch;
  const m = r.message;
  const t = r.timestamp;
  const frame = frameOf(r);
  const type = r.type;
  if (m.isObject && (type === 'user' || type === 'assistant' || type === null)) {
    const role = m.role ?? type ?? '(no role)';
    const assistant = role === 'assistant';
    // A user's line's usage is not read: only an answer's counts.
    const usage = assistant ? m.usage : null;
    if (usage !== null && m.hour !== null) usage.cacheWrite1h = m.hour;
    let counting: AgentCounting = COUNTED;
    if (assistant)
      counting =
        m.model === SYNTHETIC_MODEL
          ? PART
          : {
              ...COUNTED,
              response: m.id === null ? null : r.requestId === null ? m.id : `${m.id}:${r.requestId}`,
            };
    const thinkingExact = usage === null ? null : m.thinkingExact;
    const chars = m.blocks.thinkingChars;
    const turn: TurnFacts = {
      role,
      model: !assistant || m.model === null ? null : m.usage !== null && m.fast ? `${m.model}-fast` : m.model,
      echoed: false,
      truncated: assistant && m.stopReason === 'truncated',
      usage,
      thinkingExact,
      thinkingEstimated: thinkingExact === null && chars > 0 ? Math.max(1, Math.round(chars / 4)) : null,
      ttftMs: null,
      durationMs: null,
      toolUses: m.blocks.toolUses === NONE ? [] : m.blocks.toolUses,
      toolResults: m.blocks.toolResults === NONE ? [] : m.blocks.toolResults,
      agent: counting,
    };
    return { kind: 'turn', t, source: null, corr: null, turn, frame };
  }
  if (type === 'system')
    return { kind: 'turn', t, source: null, corr: null, turn: bareTurnFacts('system', PART), frame };
  return { kind: 'other', t, type: type ?? '(no type)', model: null, frame };
}

/** What the line in bytes [start, stop) of `bytes` is, read into `scratch` and `line`; NOT_MINE for JSON.parse to decide. */
function scan(bytes: Buffer, start: number, stop: number): number {
  if (stop - start < 2 || bytes[start] !== LBRACE) return NOT_MINE;
  buf = bytes;
  viewWords(bytes);
  pos = start;
  end = stop;
  try {
    const kind = record();
    ws();
    return pos === end ? kind : NOT_MINE;
  } catch (error) {
    if (error === BAIL || error instanceof SyntaxError || error instanceof RangeError) return NOT_MINE;
    throw error;
  }
}

// A scanned turn's facts as turn.ts words them.
const roleOf = (r: RecordScan): string => r.role ?? '(no role)';
const thinkingEstimatedOf = (r: RecordScan): number | null =>
  r.thinkingExact === null && r.blocks.thinkingChars > 0 ? Math.max(1, Math.round(r.blocks.thinkingChars / 4)) : null;
const usesOf = (r: RecordScan): TurnFacts['toolUses'] => (r.blocks.toolUses === NONE ? [] : r.blocks.toolUses);
const resultsOf = (r: RecordScan): TurnFacts['toolResults'] =>
  r.blocks.toolResults === NONE ? [] : r.blocks.toolResults;

/**
 * The facts of the line in bytes [start, stop) of `bytes`, or null when the line is
 * not a plain message or turn record (or not valid JSON): then JSON.parse decides.
 */
export function scanLine(bytes: Buffer, start: number, stop: number): LineFacts | null {
  const kind = scan(bytes, start, stop);
  const r = scratch;
  switch (kind) {
    case TURN: {
      const turn: TurnFacts = {
        role: roleOf(r),
        model: r.model,
        echoed: r.echoed,
        truncated: r.truncated,
        usage: r.usage,
        thinkingExact: r.thinkingExact,
        thinkingEstimated: thinkingEstimatedOf(r),
        ttftMs: r.ttftMs,
        durationMs: r.durationMs,
        toolUses: usesOf(r),
        toolResults: resultsOf(r),
        agent: null,
      };
      return { kind: 'turn', t: r.t, source: r.source, corr: r.corr, turn, frame: null };
    }
    case RPC:
      return {
        kind: 'rpc',
        t: r.t,
        dir: line.dir as MessageDir,
        source: r.source,
        corr: r.corr,
        batch: line.batch,
        messages: line.messages,
      };
    case EVENT:
      return {
        kind: 'event',
        t: r.t,
        dir: line.dir as EventDir,
        label: line.label,
        llmError: null,
      };
    case CLAUDE:
      return claudeFacts();
    default:
      return null;
  }
}

/**
 * `scanLine`, written straight to a tape (no facts objects on the way: the hot path of
 * the parallel index). False, with nothing written, when JSON.parse must decide.
 */
export function scanLineTo(
  tape: TapeWriter,
  index: number,
  offset: number,
  bytes: Buffer,
  start: number,
  stop: number,
): boolean {
  const kind = scan(bytes, start, stop);
  const r = scratch;
  const length = stop - start;
  switch (kind) {
    case TURN:
      tape.turn(
        index,
        offset,
        length,
        r.t,
        r.source,
        r.corr,
        roleOf(r),
        r.model,
        r.echoed,
        r.truncated,
        r.usage,
        r.thinkingExact,
        thinkingEstimatedOf(r),
        r.ttftMs,
        r.durationMs,
        usesOf(r),
        resultsOf(r),
      );
      return true;
    case RPC:
      tape.rpc(index, offset, length, r.t, line.dir as MessageDir, r.source, r.corr, line.batch, line.messages);
      return true;
    case EVENT:
      tape.event(index, offset, length, r.t, line.dir as EventDir, line.label, null);
      return true;
    case CLAUDE:
      tape.line(index, offset, length, claudeFacts());
      return true;
    default:
      return false;
  }
}
