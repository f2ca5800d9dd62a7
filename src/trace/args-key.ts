import { isUtf8 } from 'node:buffer';
import { canonical } from '../kit/json-write.js';

/*
 * A tool call's arguments as a number, for linking a tool_use to the tools/call it
 * became (store/links.ts): two calls link only when their arguments' canonical JSON
 * (keys sorted at every level, json-write.ts) is the same. Worked out as each line is
 * indexed, so linking and cost per tool never read a record back: at 1 GiB reading
 * every call back took 1.0–1.6 s on the main thread and ~30 MiB more at its peak.
 *
 * The key is a 52-bit hash of the canonical JSON's UTF-8 bytes (two 32-bit FNV-style
 * lanes, 20 + 32 bits, held exactly by a double). Keys are compared only between a
 * turn's tool_uses and the calls of the same tool sent before its next assistant turn,
 * so two different arguments of one tool that close in time would have to share 52
 * bits: about one chance in 10^15 per comparison. The size is the canonical JSON's byte
 * length (what cost per tool splits a turn by).
 *
 * Most arguments are written canonically but for the order of their keys (no spaces,
 * integers, strings with the escapes JSON.stringify writes): their bytes are hashed as
 * they lie, each object's members in key order, no string or object made. Anything
 * else is parsed and written canonically first.
 */

/** A call's arguments as a key, and the byte length of their canonical JSON. */
export interface ArgsKey {
  key: number;
  size: number;
}

/** An absent value (`undefined`) is written as `null`. */
const NULL_BYTES = Buffer.from('null');

const Q = 0x22;
const BS = 0x5c;
/** Values nested deeper than this take the slow path. */
const MAX_DEPTH = 64;

const LANE_A = 0x811c9dc5;
const LANE_B = 0x2f0b3c1d;

/** The two hash lanes, running over the bytes of one value. */
let laneA = LANE_A;
let laneB = LANE_B;

/** Mixes bytes [from, to) into the lanes. */
function mix(bytes: Uint8Array, from: number, to: number): void {
  let a = laneA;
  let b = laneB;
  for (let i = from; i < to; i++) {
    const c = bytes[i]!;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  laneA = a;
  laneB = b;
}

/** Mixes one byte into the lanes. */
function mixByte(c: number): void {
  laneA = Math.imul(laneA ^ c, 0x01000193);
  let b = Math.imul(laneB ^ c, 0x5bd1e995);
  b ^= b >>> 15;
  laneB = b;
}

/** The key the lanes make (20 + 32 bits). */
function keyOfLanes(): number {
  return (laneB >>> 12) * 0x1_0000_0000 + (laneA >>> 0);
}

/** The key of bytes already known to be canonical JSON. */
function hashBytes(bytes: Uint8Array, start: number, stop: number): number {
  laneA = LANE_A;
  laneB = LANE_B;
  mix(bytes, start, stop);
  return keyOfLanes();
}

/** Key bytes [s, s + n) come after key bytes [p, p + m) in the order `Array.sort` gives (ASCII: byte order). */
function after(bytes: Uint8Array, p: number, m: number, s: number, n: number): boolean {
  const common = Math.min(m, n);
  for (let k = 0; k < common; k++) {
    const x = bytes[p + k]!;
    const y = bytes[s + k]!;
    if (x !== y) return y > x;
  }
  return n > m;
}

/** Set by `stringEnd` when a string holds a byte of 0x80 or more: the value's UTF-8 is then checked. */
let sawHigh = false;

/**
 * Where the string starting at `i` (a quote) ends, past its closing quote; -1 unless
 * JSON.stringify would write it as it lies: escapes only of the short kinds it writes
 * (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`), no `\/` nor `\u`. Bytes of 0x80 and up are
 * as they lie when the UTF-8 is valid (checked once per value).
 */
function stringEnd(bytes: Uint8Array, i: number, stop: number): number {
  for (let j = i + 1; j < stop; j++) {
    const d = bytes[j]!;
    if (d === Q) return j + 1;
    if (d === BS) {
      const e = bytes[j + 1];
      if (e !== Q && e !== BS && e !== 0x6e && e !== 0x72 && e !== 0x74 && e !== 0x62 && e !== 0x66) return -1;
      j++;
    } else if (d >= 0x80) sawHigh = true;
    else if (d < 0x20) return -1;
  }
  return -1;
}

/** Where a key starting at `i` (a quote) ends, past its closing quote; -1 unless plain ASCII (sorted by its bytes). */
function keyEnd(bytes: Uint8Array, i: number, stop: number): number {
  for (let j = i + 1; j < stop; j++) {
    const d = bytes[j]!;
    if (d === Q) return j + 1;
    if (d === BS || d >= 0x80 || d < 0x20) return -1;
  }
  return -1;
}

/** Where the number starting at `i` ends; -1 unless an integer of up to 15 digits other than -0 (written back as it lies). */
function plainIntegerEnd(bytes: Uint8Array, i: number, stop: number): number {
  const first = bytes[i] === 0x2d ? i + 1 : i;
  let j = first;
  while (j < stop && bytes[j]! >= 0x30 && bytes[j]! <= 0x39) j++;
  const next = j < stop ? bytes[j] : -1;
  if (next === 0x2e || next === 0x65 || next === 0x45 || j - first > 15) return -1;
  if (j === first || (first > i && j - first === 1 && bytes[first] === 0x30)) return -1;
  return j;
}

/** Where the value at `i` ends, without mixing it; -1 at anything canonical JSON has not (spaces). */
function valueEnd(bytes: Uint8Array, i: number, stop: number): number {
  let depth = 0;
  while (i < stop) {
    const c = bytes[i]!;
    if (c === Q) {
      i = stringEnd(bytes, i, stop);
      if (i < 0) return -1;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      if (--depth < 0) return -1;
      i++;
    } else if (depth === 0) {
      // A number or a literal: it ends at the container's next `,` or closing bracket.
      while (i < stop && bytes[i] !== 0x2c && bytes[i] !== 0x7d && bytes[i] !== 0x5d) i++;
      return i;
    } else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) return -1;
    else i++;
    if (depth === 0) return i;
  }
  return depth === 0 ? i : -1;
}

const TRUE_LENGTH = 4;
const FALSE_LENGTH = 5;
const NULL_LENGTH = 4;

/** One member of an object being hashed: where its `"key":` starts and its value starts and ends. */
interface Member {
  key: number;
  keyLength: number;
  value: number;
  valueStop: number;
}

/**
 * Mixes the canonical bytes of the value at `i` (keys sorted at every level) and returns
 * where it ends; -1 when its canonical bytes are not its own bytes reordered.
 */
function mixValue(bytes: Uint8Array, i: number, stop: number, depth: number): number {
  const c = bytes[i];
  let to: number;
  if (c === Q) to = stringEnd(bytes, i, stop);
  else if (c === 0x7b) return depth >= MAX_DEPTH ? -1 : mixObject(bytes, i, stop, depth + 1);
  else if (c === 0x5b) return depth >= MAX_DEPTH ? -1 : mixArray(bytes, i, stop, depth + 1);
  else if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) to = plainIntegerEnd(bytes, i, stop);
  else if (c === 0x74) to = i + TRUE_LENGTH;
  else if (c === 0x66) to = i + FALSE_LENGTH;
  else if (c === 0x6e) to = i + NULL_LENGTH;
  else return -1;
  if (to < 0 || to > stop) return -1;
  mix(bytes, i, to);
  return to;
}

function mixArray(bytes: Uint8Array, i: number, stop: number, depth: number): number {
  mixByte(0x5b);
  i++;
  if (bytes[i] === 0x5d) {
    mixByte(0x5d);
    return i + 1;
  }
  for (;;) {
    i = mixValue(bytes, i, stop, depth);
    if (i < 0) return -1;
    const d = bytes[i];
    mixByte(d ?? 0);
    if (d === 0x5d) return i + 1;
    if (d !== 0x2c) return -1;
    i++;
  }
}

function mixObject(bytes: Uint8Array, i: number, stop: number, depth: number): number {
  i++;
  if (bytes[i] === 0x7d) {
    mixByte(0x7b);
    mixByte(0x7d);
    return i + 1;
  }
  const members: Member[] = [];
  for (;;) {
    if (bytes[i] !== Q) return -1;
    const colon = keyEnd(bytes, i, stop);
    if (colon < 0 || bytes[colon] !== 0x3a) return -1;
    const stopAt = valueEnd(bytes, colon + 1, stop);
    if (stopAt < 0) return -1;
    const member = { key: i, keyLength: colon - i - 2, value: colon + 1, valueStop: stopAt };
    // Kept in key order as they come (few members: insertion); a repeated key: JSON.parse keeps the last.
    let at = members.length;
    while (at > 0) {
      const p = members[at - 1]!;
      if (after(bytes, p.key + 1, p.keyLength, i + 1, member.keyLength)) break;
      if (!after(bytes, i + 1, member.keyLength, p.key + 1, p.keyLength)) return -1;
      at--;
    }
    members.splice(at, 0, member);
    const d = bytes[stopAt];
    if (d === 0x7d) {
      i = stopAt + 1;
      break;
    }
    if (d !== 0x2c) return -1;
    i = stopAt + 1;
  }
  mixByte(0x7b);
  for (let m = 0; m < members.length; m++) {
    const { key, keyLength, value, valueStop } = members[m]!;
    if (m > 0) mixByte(0x2c);
    // The key, its quotes and the colon.
    mix(bytes, key, key + keyLength + 3);
    if (mixValue(bytes, value, stop, depth) !== valueStop) return -1;
  }
  mixByte(0x7d);
  return i;
}

/**
 * The key of the JSON value in bytes [start, stop) (valid JSON: the scanner has
 * checked it), or -1 when its canonical bytes (JSON.stringify of the value, keys sorted)
 * are not its own bytes reordered: spaces, numbers written otherwise, `\u` escapes.
 */
function canonicalKey(bytes: Uint8Array, start: number, stop: number): number {
  laneA = LANE_A;
  laneB = LANE_B;
  sawHigh = false;
  if (mixValue(bytes, start, stop, 0) !== stop) return -1;
  // Bytes that are no valid UTF-8 are read as U+FFFD: other bytes.
  if (sawHigh && !isUtf8(bytes.subarray(start, stop))) return -1;
  return keyOfLanes();
}

/** The key of a parsed value (`undefined` as `null`). */
export function argsKeyOfValue(value: unknown): ArgsKey {
  if (value === undefined) return absentArgsKey();
  const bytes = Buffer.from(canonical(value), 'utf8');
  return { key: hashBytes(bytes, 0, bytes.length), size: bytes.length };
}

/** The key of the JSON value in bytes [start, stop) of `bytes` (valid JSON). */
export function argsKeyOfBytes(bytes: Buffer, start: number, stop: number): ArgsKey {
  const key = canonicalKey(bytes, start, stop);
  if (key >= 0) return { key, size: stop - start };
  return argsKeyOfValue(JSON.parse(bytes.toString('utf8', start, stop)));
}

/** The key of an absent value (no `arguments`, no `input`): that of `null`. */
export const absentArgsKey = (): ArgsKey => NULL_ARGS;

/** Worked out once: a call without arguments is common. Frozen: every such call shares it. */
const NULL_ARGS: ArgsKey = Object.freeze({ key: hashBytes(NULL_BYTES, 0, NULL_BYTES.length), size: NULL_BYTES.length });
