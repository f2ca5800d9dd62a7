import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { inert } from '../../src/kit/text.js';
import { jsonTextLines, plainLines } from '../../src/ui/format/json-lines.js';
import { lineText } from '../../src/ui/format/segments.js';
import { clip, fit, head, inertHead, piece, truncate, width, widthUpTo, wrap } from '../../src/ui/format/text.js';
import { HOSTILE_TEXTS, HUGE_TEXTS } from '../helpers/hostile-text.js';

// string-width (Ink's own measure) is the oracle for every width below.
describe('cuts of hostile text, at every width 0..120', () => {
  it.each(Object.entries(HOSTILE_TEXTS))('%s: truncate ≤ width, fit = width, wrap lines ≤ width', (_, text) => {
    for (let cells = 0; cells <= 120; cells++) {
      const t = truncate(text, cells);
      expect(stringWidth(t)).toBeLessThanOrEqual(cells);
      expect(text.startsWith(t) || (t.endsWith('…') && text.startsWith(t.slice(0, -1)))).toBe(true);
      expect(stringWidth(fit(text, cells))).toBe(cells);
      expect(stringWidth(fit(text, cells, 'right'))).toBe(cells);
      const lines = wrap(text, cells, 6);
      expect(lines.length).toBeLessThanOrEqual(6);
      for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(cells);
    }
  });

  it('keeps a text whole when it fits, however many zero-width characters it holds', () => {
    expect(truncate(`a${'\u0301'.repeat(20)}`, 1)).toBe(`a${'\u0301'.repeat(20)}`);
    expect(truncate('\u200b'.repeat(10), 0)).toBe('');
    expect(truncate('\u200b'.repeat(10), 1)).toBe('\u200b'.repeat(10));
  });

  it('cuts beyond what it measures: a grapheme longer than a cut looks is left out, ending in …', () => {
    // 2,001 code units in one cell: the cut looks at ~100 of them and cannot know where it ends.
    expect(truncate(`a${'\u0301'.repeat(2000)}`, 10)).toBe('…');
    expect(truncate(`abc${'\u200b'.repeat(2000)}def`, 3)).toBe('ab…');
  });

  it('never keeps a wide character that straddles the cut (cli-truncate does)', () => {
    expect(truncate('中中中中', 4)).toBe('中…');
    expect(truncate('中中中中', 5)).toBe('中中…');
    expect(fit('中中中中', 4)).toBe('中… ');
  });

  it('wraps a character wider than the line as …, one per line, and stops', () => {
    expect(wrap('中中', 1)).toEqual(['…', '…']);
    expect(wrap('a中b', 1)).toEqual(['a', '…', 'b']);
    expect(wrap(`a${'\u0301'.repeat(2000)}b`, 5)).toEqual(['…', 'b']);
  });

  it('pieces always advance, so a hard-break loop ends', () => {
    expect(piece('中x', 1)).toEqual({ text: '…', cells: 1, taken: 1 });
    expect(piece('ab', 1)).toEqual({ text: 'a', cells: 1, taken: 1 });
    expect(head('ab中', 3)).toEqual({ text: 'ab', cells: 2, all: false });
    expect(head('ab中', 4)).toEqual({ text: 'ab中', cells: 4, all: true });
  });

  it('measures only up to a bound', () => {
    expect(widthUpTo('中'.repeat(1000), 10)).toBe(11);
    expect(widthUpTo('中中', 10)).toBe(4);
    expect(width('👨‍👩‍👧‍👦')).toBe(stringWidth('👨‍👩‍👧‍👦'));
  });
});

describe('clip: the head a cut looks at', () => {
  const texts = {
    ...HOSTILE_TEXTS,
    ...HUGE_TEXTS,
    'C1 and ESC runs': `${'\u009b\x1b'.repeat(3000)}end`,
    'ASCII then zero-width': `abc${'\u200b'.repeat(5000)}`,
  };
  it.each(Object.entries(texts))('%s: any cut, fit or widthUpTo within its cells is the same on it', (_, text) => {
    for (const cells of [0, 1, 2, 7, 40, 80, 200]) {
      const c = clip(text, cells);
      expect(c.length).toBeLessThanOrEqual(Math.max(cells * 8 + 33, 65));
      for (const within of [cells, Math.floor(cells / 2)]) {
        expect(truncate(c, within)).toBe(truncate(text, within));
        expect(fit(c, within)).toBe(fit(text, within));
        expect(widthUpTo(c, within)).toBe(widthUpTo(text, within));
        // Made inert after the clip: the cut of the whole text made inert.
        expect(truncate(inertHead(text, cells), within)).toBe(truncate(inert(text), within));
      }
    }
  });
});

describe('megabyte texts', () => {
  it.each(Object.entries(HUGE_TEXTS))('%s: cut at a few widths, looking only at what can show', (_, text) => {
    const cuts = (cells: number) => ({ t: truncate(text, cells), f: fit(text, cells), lines: wrap(text, cells, 5) });
    cuts(80); // the first call flattens the test's rope string (JSON.parse gives flat ones)
    for (const cells of [0, 1, 2, 7, 40, 80, 120]) {
      // Best of five, generous for a loaded machine: measuring the whole text costs ~100 ms.
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        cuts(cells);
        best = Math.min(best, performance.now() - started);
      }
      expect(best).toBeLessThan(10);
      const { t, f, lines } = cuts(cells);
      expect(stringWidth(t)).toBeLessThanOrEqual(cells);
      expect(stringWidth(f)).toBe(cells);
      for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(cells);
    }
  });
});

describe('the detail view’s JSON lines', () => {
  const some = ['combining run mid-text', 'emoji ZWJ families', 'CJK', 'zero-width run between words'].map(
    (k) => [k, HOSTILE_TEXTS[k]!] as const,
  );
  it.each(some)('%s: every wrapped line within the width', (_, text) => {
    for (const cells of [0, 1, 2, 3, 4, 5, 7, 11, 40, 80, 120]) {
      const lines = jsonTextLines(JSON.stringify({ key: text, [text.slice(0, 50)]: [text.slice(0, 300)] }), cells);
      for (const l of lines) expect(stringWidth(lineText(l))).toBeLessThanOrEqual(cells);
      for (const l of plainLines(text, cells)) expect(stringWidth(lineText(l))).toBeLessThanOrEqual(cells);
    }
  });
});

describe('wrap keeps a line’s indentation', () => {
  it('as written, for YAML, JSON and code; a wrapped line starts at the margin', () => {
    expect(wrap('  timeout_ms: 3000', 40)).toEqual(['  timeout_ms: 3000']);
    expect(wrap('    "coin": "uniswap",', 40)).toEqual(['    "coin": "uniswap",']);
    expect(wrap('  one two three four', 10)).toEqual(['  one two', 'three four']);
    // Indentation as wide as the line is no indentation.
    expect(wrap(`${' '.repeat(12)}x`, 10)).toEqual(['x']);
  });
});
