import { expect } from 'vitest';
import { lineFacts } from '../../src/trace/facts.js';
import { TapeWriter } from '../../src/trace/facts-tape.js';
import { scanLine, scanLineTo } from '../../src/trace/scan-line.js';
import { seededRandom } from './random.js';

/*
 * The byte scanner against the JSON.parse path, line by line: shared by the tests of
 * the scanner's v1 lines and of agent transcripts' lines.
 */

/** `text` inside a larger buffer (so reading past the line would show): the buffer and where the line starts. */
export function placed(text: string): { bytes: Buffer; start: number; stop: number } {
  const line = Buffer.from(text);
  const bytes = Buffer.concat([Buffer.from('{"t":"x"}\n'), line, Buffer.from('\n"}]}\n')]);
  return { bytes, start: 10, stop: 10 + line.length };
}

/** Scans `text` placed inside a larger buffer. */
export function scan(text: string) {
  const { bytes, start, stop } = placed(text);
  return scanLine(bytes, start, stop);
}

/** A tape's contents, comparable with toEqual. */
const contents = (w: TapeWriter) => {
  const t = w.finish();
  return { nums: Array.from(t.nums), strs: t.strs };
};

/**
 * Asserts agreement (the facts, and the tape `scanLineTo` writes against the one the
 * JSON.parse path's facts make); returns whether the fast path answered.
 */
export function agree(text: string): boolean {
  const fast = scan(text);
  if (fast !== null) expect(fast, text).toStrictEqual(lineFacts(text));
  const { bytes, start, stop } = placed(text);
  const direct = new TapeWriter();
  const wrote = scanLineTo(direct, 3, 4096, bytes, start, stop);
  expect(wrote, text).toBe(fast !== null);
  if (wrote) {
    const viaFacts = new TapeWriter();
    viaFacts.line(3, 4096, stop - start, lineFacts(text));
    expect(contents(direct), text).toEqual(contents(viaFacts));
  } else expect(contents(direct).nums, text).toEqual([]);
  return fast !== null;
}

/**
 * `count` lines made from `seeds` by one to three random edits each (bytes deleted,
 * inserted, replaced from an alphabet of JSON's own characters); each is checked to
 * agree, and a line the scanner answers must be one JSON.parse reads. Returns how many
 * the scanner answered.
 */
export function agreeOnMutations(seeds: readonly string[], count: number, seed: number): number {
  const alphabet = '"\\{}[],:0123456789eE.-+ \tnultrufase\u0001é';
  const rand = seededRandom(seed);
  let answered = 0;
  for (let n = 0; n < count; n++) {
    const chars = [...seeds[n % seeds.length]!];
    for (let edits = 1 + rand(3); edits > 0; edits--) {
      const at = rand(chars.length + 1);
      const op = rand(3);
      if (op === 0) chars.splice(at, 1);
      else if (op === 1) chars.splice(at, 0, alphabet[rand(alphabet.length)]!);
      else chars[at] = alphabet[rand(alphabet.length)]!;
    }
    const text = chars.join('');
    if (agree(text)) answered++;
    if (scan(text) !== null) expect(lineFacts(text).kind, text).not.toBe('skip');
  }
  return answered;
}
