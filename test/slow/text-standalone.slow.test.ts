import { describe, expect, it } from 'vitest';
import { STANDALONE } from '../../src/ui/format/text.js';

describe('STANDALONE', () => {
  it('holds only code points that the platform segments one per grapheme, whatever their neighbours', () => {
    const chars: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      const c = String.fromCharCode(cp);
      if (STANDALONE.test(c)) chars.push(c);
    }
    expect(chars.length).toBeGreaterThan(40_000);
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const count = (s: string) => {
      let n = 0;
      for (const _ of segmenter.segment(s)) n++;
      return n;
    };
    // Each one next to itself, its code-point neighbours, and a letter, a Hangul LV and LVT syllable and a pictograph.
    for (const mix of [
      chars.join(''),
      chars.map((c) => c + c).join(''),
      [...chars].reverse().join(''),
      ...['a', '가', '각', '‼'].map((p) => chars.join(p)),
    ]) {
      expect(count(mix)).toBe(mix.length);
    }
  }, 300_000);
});
