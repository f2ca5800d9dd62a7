import { describe, expect, it } from 'vitest';
import { STANDALONE } from '../../src/trace/cells.js';

/** Pieces the segmenter is given: its time grows faster than linearly with a text's length (a 92,000-unit text took a minute). */
const PIECE = 2_000;

describe('STANDALONE', () => {
  it('holds only code points that the platform segments one per grapheme, whatever their neighbours', () => {
    const chars: string[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      const c = String.fromCharCode(cp);
      if (STANDALONE.test(c)) chars.push(c);
    }
    expect(chars.length).toBeGreaterThan(40_000);
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    /**
     * Graphemes in `s`, counted piece by piece. Pieces overlap by two units, so every
     * pair of neighbours is inside one piece: a break missing between them shows as a
     * piece with fewer graphemes than units.
     */
    const shortfall = (s: string) => {
      let missing = 0;
      for (let at = 0; at < s.length - 1; at += PIECE - 2) {
        const piece = s.slice(at, at + PIECE);
        let n = 0;
        for (const _ of segmenter.segment(piece)) n++;
        missing += piece.length - n;
      }
      return missing;
    };
    // Each one next to itself, its code-point neighbours, and a letter, a Hangul LV and LVT syllable and a pictograph.
    for (const mix of [
      chars.join(''),
      chars.map((c) => c + c).join(''),
      [...chars].reverse().join(''),
      ...['a', '가', '각', '‼'].map((p) => chars.join(p)),
    ]) {
      expect(shortfall(mix)).toBe(0);
    }
  });
});
