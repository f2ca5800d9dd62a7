import { ONE_GRAPHEME_EACH } from './standalone.js';

/** Each code unit of `text` as a grapheme: Intl.Segmenter's answer for ONE_GRAPHEME_EACH text. */
function unitGraphemes(text: string): Intl.Segments {
  const at = (index: number): Intl.SegmentData => ({ segment: text[index]!, index, input: text });
  return {
    *[Symbol.iterator](): IterableIterator<Intl.SegmentData> {
      for (let i = 0; i < text.length; i++) yield at(i);
    },
    containing: (index = 0): Intl.SegmentData | undefined =>
      index >= 0 && index < text.length ? at(index) : undefined,
  };
}

/**
 * Intl.Segmenter, made on its first use, with graphemes of ONE_GRAPHEME_EACH text (what
 * the app's frames hold) given without it. The bundle gives this to Ink's packages in
 * Intl.Segmenter's place (scripts/bundle.mjs): Ink cuts every line of every frame into
 * graphemes, and the first Intl object loads ICU's data, ~20–90 ms of the first frame.
 * A test compares it with Intl.Segmenter.
 */
export class LazySegmenter {
  readonly #args: ConstructorParameters<typeof Intl.Segmenter>;
  readonly #graphemes: boolean;
  #made: Intl.Segmenter | undefined;

  constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
    this.#args = args;
    this.#graphemes = (args[1]?.granularity ?? 'grapheme') === 'grapheme';
  }

  #real(): Intl.Segmenter {
    this.#made ??= new Intl.Segmenter(...this.#args);
    return this.#made;
  }

  segment(text: string): Intl.Segments {
    return this.#graphemes && ONE_GRAPHEME_EACH.test(text) ? unitGraphemes(text) : this.#real().segment(text);
  }

  resolvedOptions(): Intl.ResolvedSegmenterOptions {
    return this.#real().resolvedOptions();
  }
}
