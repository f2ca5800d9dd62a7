import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { STANDALONE, width } from '../../src/kit/cells.js';
import standaloneStringWidth from '../../src/kit/string-width-standalone.js';

/** Every code unit below U+10000 (from `from`) that STANDALONE holds, each as a string. */
function standaloneChars(from = 0): string[] {
  const chars: string[] = [];
  for (let cp = from; cp < 0x10000; cp++) {
    const c = String.fromCharCode(cp);
    if (STANDALONE.test(c)) chars.push(c);
  }
  return chars;
}

/** Pieces the segmenter is given: its time grows faster than linearly with a text's length (a 92,000-unit text took a minute). */
const PIECE = 2_000;

describe('STANDALONE', () => {
  it('holds only code points that the platform segments one per grapheme, whatever their neighbours', () => {
    const chars = standaloneChars();
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

describe('width of standalone text', () => {
  it('is string-width’s for every standalone code point, alone and in a run', () => {
    const chars = standaloneChars(0x20);
    const wrong = chars.filter((c) => width(c) !== stringWidth(c));
    expect(wrong.map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
    // Longer than the cache keeps (64 units): measured, not remembered.
    for (let at = 0; at < chars.length; at += 500) {
      const run = chars.slice(at, at + 500).join('');
      expect(width(run)).toBe(stringWidth(run));
    }
  });
});

describe('the string-width Ink gets in the bundle', () => {
  it('gives string-width’s widths, standalone text or not', () => {
    const texts = ['', '✓ ok', '中文', 'e\u0301', '👍🏽', '\x1b[31mred\x1b[0m', '\u200b', 'a\u00adb'];
    for (const text of texts) expect(standaloneStringWidth(text)).toBe(stringWidth(text));
    expect(standaloneStringWidth('±', { ambiguousIsNarrow: false })).toBe(
      stringWidth('±', { ambiguousIsNarrow: false }),
    );
  });
});
