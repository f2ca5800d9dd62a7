import { canonical } from './json-write.js';

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
 * Most arguments are written canonically already (no spaces, keys in order, plain
 * strings and integers): their bytes are hashed as they lie, no string or object made.
 * Anything else is parsed and written canonically first.
 */

/** The last key's canonical size in bytes: read it right after `argsKeyOfBytes` or `argsKeyOfValue`. */
export let argsSize = 0;

/** An absent value (`undefined`) is written as `null`. */
const NULL_BYTES = Buffer.from('null');

const Q = 0x22;
const BS = 0x5c;
/** Objects nested deeper than this take the slow path (their keys' order needs a stack). */
const MAX_DEPTH = 64;
/** Per depth: 1 in an object; the previous key's start and length (-1: none yet); expecting a key. */
const inObject = new Uint8Array(MAX_DEPTH + 1);
const prevStart = new Int32Array(MAX_DEPTH + 1);
const prevLength = new Int32Array(MAX_DEPTH + 1);
const wantKey = new Uint8Array(MAX_DEPTH + 1);

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

/** The key the lanes make (20 + 32 bits), with `argsSize` set to `size`. */
function keyOfLanes(size: number): number {
  argsSize = size;
  return (laneB >>> 12) * 0x1_0000_0000 + (laneA >>> 0);
}

/** The key of bytes already known to be canonical JSON. */
function hashBytes(bytes: Uint8Array, start: number, stop: number): number {
  laneA = LANE_A;
  laneB = LANE_B;
  mix(bytes, start, stop);
  return keyOfLanes(stop - start);
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

/** Where the string starting at `i` (a quote) ends, past its closing quote; -1 unless plain ASCII without escapes. */
function plainStringEnd(bytes: Uint8Array, i: number, stop: number): number {
  for (let j = i + 1; j < stop; j++) {
    const d = bytes[j]!;
    if (d === Q) return j + 1;
    if (d === BS || d >= 0x80) return -1;
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
  if (first > i && j - first === 1 && bytes[first] === 0x30) return -1;
  return j;
}

/**
 * The key of the JSON value in bytes [start, stop) (valid JSON: the scanner has
 * checked it), or -1 when the bytes are not canonical as they lie: JSON.stringify of
 * the value, keys sorted, would write other bytes.
 */
function canonicalKey(bytes: Uint8Array, start: number, stop: number): number {
  laneA = LANE_A;
  laneB = LANE_B;
  let depth = 0;
  let i = start;
  while (i < stop) {
    const c = bytes[i]!;
    let to = i + 1;
    if (c === Q) {
      to = plainStringEnd(bytes, i, stop);
      if (to < 0) return -1;
      if (depth > 0 && wantKey[depth] === 1) {
        // Keys strictly in order (a repeated key: JSON.parse keeps the last one).
        const length = to - i - 2;
        if (prevLength[depth]! >= 0 && !after(bytes, prevStart[depth]!, prevLength[depth]!, i + 1, length)) return -1;
        prevStart[depth] = i + 1;
        prevLength[depth] = length;
        wantKey[depth] = 0;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return -1;
      inObject[depth] = c === 0x7b ? 1 : 0;
      wantKey[depth] = inObject[depth]!;
      prevLength[depth] = -1;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) wantKey[depth] = inObject[depth]!;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      to = plainIntegerEnd(bytes, i, stop);
      if (to < 0) return -1;
    } else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) return -1;
    // Anything else is a colon or a letter of true, false or null: as it lies.
    mix(bytes, i, to);
    i = to;
  }
  return keyOfLanes(stop - start);
}

/** The key of a parsed value (`undefined` as `null`); sets `argsSize`. */
export function argsKeyOfValue(value: unknown): number {
  if (value === undefined) return absentArgsKey();
  const bytes = Buffer.from(canonical(value), 'utf8');
  return hashBytes(bytes, 0, bytes.length);
}

/** The key of the JSON value in bytes [start, stop) of `bytes` (valid JSON); sets `argsSize`. */
export function argsKeyOfBytes(bytes: Buffer, start: number, stop: number): number {
  const key = canonicalKey(bytes, start, stop);
  if (key >= 0) return key;
  return argsKeyOfValue(JSON.parse(bytes.toString('utf8', start, stop)));
}

/** The key of an absent value (no `arguments`, no `input`): that of `null`. */
export function absentArgsKey(): number {
  argsSize = NULL_BYTES.length;
  return NULL_KEY;
}

/** Worked out once: a call without arguments is common. */
const NULL_KEY = hashBytes(NULL_BYTES, 0, NULL_BYTES.length);
