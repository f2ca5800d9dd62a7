import { describe, expect, it } from 'vitest';
import { LazySegmenter } from '../../src/kit/lazy-segmenter.js';
import { ONE_GRAPHEME_EACH, STANDALONE } from '../../src/kit/standalone.js';

const intl = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const lazy = new LazySegmenter(undefined, { granularity: 'grapheme' });
const cut = (segments: Iterable<Intl.SegmentData>) => [...segments].map(({ segment, index }) => [segment, index]);

/** Controls but CR, and every 5th standalone code point below U+10000. */
const controls = [...Array(0x20).keys(), 0x7f].filter((c) => c !== 0x0d).map((c) => String.fromCharCode(c));
const some: string[] = [];
for (let cp = 0x20; cp < 0x10000; cp += 5)
  if (STANDALONE.test(String.fromCharCode(cp))) some.push(String.fromCharCode(cp));

describe('LazySegmenter', () => {
  it('cuts a frame line (standalone characters, controls, colours) as Intl.Segmenter does', () => {
    const texts = [
      '\x1b[1m[1 Calls]\x1b[22m 2  3 ›  +0.012s →  initialize   ✓ ok  84ms ⇠S · … 中文 한국',
      controls.join('a'),
      controls.join('中'),
      controls.map((c) => c + c).join('✓'),
    ];
    // Each control beside a run of standalone characters, in pieces the platform segments quickly.
    for (let at = 0; at < some.length; at += 300) {
      const run = some.slice(at, at + 300);
      texts.push(run.map((c, i) => c + controls[i % controls.length]).join(''));
    }
    for (const text of texts) {
      expect(ONE_GRAPHEME_EACH.test(text)).toBe(true);
      expect(cut(lazy.segment(text))).toEqual(cut(intl.segment(text)));
    }
  });

  it('leaves any other text, and other granularities, to Intl.Segmenter', () => {
    for (const text of ['e\u0301', 'a\r\nb', '👍🏽 ok', '🇫🇷', 'a\u200db', '각\u11a8'])
      expect(cut(lazy.segment(text))).toEqual(cut(intl.segment(text)));
    const words = new LazySegmenter('en', { granularity: 'word' });
    const real = new Intl.Segmenter('en', { granularity: 'word' });
    expect([...words.segment('two words')].map((s) => [s.segment, s.isWordLike])).toEqual(
      [...real.segment('two words')].map((s) => [s.segment, s.isWordLike]),
    );
    expect(words.resolvedOptions()).toEqual(real.resolvedOptions());
  });

  it('finds the grapheme containing an index as Intl.Segmenter does', () => {
    const text = '\x1b[31m✓ ok';
    for (const index of [-1, 0, 3, text.length - 1, text.length])
      expect(lazy.segment(text).containing(index)).toEqual(intl.segment(text).containing(index));
  });
});
