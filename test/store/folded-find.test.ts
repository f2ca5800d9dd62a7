import { describe, expect, it } from 'vitest';
import { FoldedFinder } from '../../src/store/folded-find.js';

/** The reference: fold the whole text to lower case (ASCII only), then a plain search. */
const folded = (text: Buffer): Buffer => Buffer.from(text.map((b) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b)));
const every = (buf: Buffer, needle: Buffer): number[] => {
  const out: number[] = [];
  for (let i = buf.indexOf(needle); i >= 0; i = buf.indexOf(needle, i + 1)) out.push(i);
  return out;
};
/** Every match the finder gives, asking from each place after the last one found. */
const found = (finder: FoldedFinder, buf: Buffer): number[] => {
  finder.reset(buf);
  const out: number[] = [];
  for (let i = finder.first(0); i >= 0; i = finder.first(i + 1)) out.push(i);
  return out;
};
const scratch = (n: number) => Buffer.alloc(n);

// A small deterministic generator: the same cases on every run.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('FoldedFinder: a lower-case needle in any ASCII case', () => {
  it('finds what folding the text first finds, over random texts, needles and samples', () => {
    const next = random(7);
    const alphabet = Buffer.from('aAbBcC_-é"{}:ZzyY0 \n');
    for (let round = 0; round < 400; round++) {
      const text = Buffer.from(
        Array.from({ length: 1 + Math.floor(next() * 400) }, () => alphabet[Math.floor(next() * alphabet.length)]!),
      );
      const from = Math.floor(next() * text.length);
      const size = 1 + Math.floor(next() * 4);
      const needle = folded(text.subarray(from, from + size));
      // The sample picks the anchor: the text itself, another text, or nothing.
      const sample = round % 3 === 0 ? text : round % 3 === 1 ? Buffer.from('zzzzzzyyyy') : Buffer.alloc(0);
      const finder = new FoldedFinder(needle, sample, scratch);
      expect(found(finder, text), `${JSON.stringify(text.toString('latin1'))} / ${needle}`).toEqual(
        every(folded(text), needle),
      );
    }
  });

  it("asks from places that only grow, as rows do, and still finds each row's first match", () => {
    const text = Buffer.from('{"a":"DIRectory"}\n{"b":"none"}\n{"c":"x directorY"}\n');
    const finder = new FoldedFinder(Buffer.from('directory'), text, scratch);
    finder.reset(text);
    expect(finder.first(0)).toBe(6);
    expect(finder.first(18)).toBe(text.indexOf('directorY'));
    expect(finder.first(text.indexOf('directorY') + 1)).toBe(-1);
  });

  it('an anchor without case (a digit, a byte of UTF-8) is one stream', () => {
    const text = Buffer.from('Tool_9 tool_9 TOOL_9 tool9');
    const finder = new FoldedFinder(Buffer.from('tool_9'), text, scratch);
    expect(found(finder, text)).toEqual([0, 7, 14]);
    const utf8 = Buffer.from('ÉtÉ été ÉTÉ');
    expect(found(new FoldedFinder(Buffer.from('été'), utf8, scratch), utf8)).toEqual([utf8.indexOf('été')]);
  });

  it('text made of the anchor (a pasted run of one letter) is folded once instead of compared everywhere, with the same matches', () => {
    const run = Buffer.alloc(1 << 20, 'a'.charCodeAt(0));
    for (const at of [10, 5000, 700_000, run.length - 4]) run.write('aaaB', at);
    let folds = 0;
    // A sample unlike the text (its start, say) makes the commonest letter the anchor.
    const finder = new FoldedFinder(Buffer.from('aaab'), Buffer.from('bbbbbbbb'), (n) => {
      folds++;
      return Buffer.alloc(n);
    });
    expect(found(finder, run)).toEqual(every(folded(run), Buffer.from('aaab')));
    expect(folds).toBe(1);
    // Text where the anchor is rare never needs the copy.
    const calm = Buffer.from(`${'x'.repeat(50_000)}AAAB${'y'.repeat(50_000)}`);
    const quiet = new FoldedFinder(Buffer.from('aaab'), calm, () => {
      throw new Error('folded');
    });
    expect(found(quiet, calm)).toEqual([50_000]);
  });
});
