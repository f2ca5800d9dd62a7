/**
 * Finding a lower-case needle in any ASCII case, at a native byte search's speed.
 *
 * Folding a whole block to lower case first (a JS loop over every byte) made a
 * smart-case word filter 3-5x a plain `indexOf` of the same word. Instead one byte of
 * the needle, the rarest in the text, is the anchor: `indexOf` (memchr) finds each
 * place it occurs, in lower and in upper case, and only those places are compared
 * with the needle letter by letter. Hand-rolled because no package searches a Buffer
 * without case at native speed; the fold is ASCII only, as in the block copy it
 * replaces (a needle whose letters are not all ASCII is matched row by row elsewhere).
 */

/** A-Z as a-z, every other byte as it is. */
const lower = (b: number): number => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const upper = (b: number): number => (b >= 0x61 && b <= 0x7a ? b & ~0x20 : b);

/** Bytes of a sample counted to pick the anchor: a fraction of a millisecond. */
const SAMPLE = 64 << 10;

/** Failed comparisons per byte searched past which a block is folded instead (repetitive text). */
const FAILS_PER_BYTE = 1 / 16;

export class FoldedFinder {
  private readonly needle: Buffer;
  /** The anchor's place in the needle, and its two cases (the same byte when it has no case). */
  private readonly at: number;
  private readonly lo: number;
  private readonly up: number;
  private buf: Buffer = Buffer.alloc(0);
  /** The next place of each case of the anchor not yet passed (-1: none left in the block). */
  private nextLo = -1;
  private nextUp = -1;
  private fails = 0;
  private budget = 0;
  /** Set once comparisons fail too often in this block: searched in a folded copy instead. */
  private folded: Buffer | null = null;

  /** `needle`: ASCII letters in lower case. `sample`: some of the text, to find its rarest byte. */
  constructor(
    needle: Buffer,
    sample: Buffer,
    private readonly foldInto: (size: number) => Buffer,
  ) {
    this.needle = needle;
    const counts = new Uint32Array(256);
    const end = Math.min(sample.length, SAMPLE);
    for (let i = 0; i < end; i++) counts[sample[i]!]!++;
    let best = Infinity;
    let at = 0;
    for (let j = 0; j < needle.length; j++) {
      const b = needle[j]!;
      const seen = counts[b]! + (upper(b) === b ? 0 : counts[upper(b)]!);
      if (seen < best) [best, at] = [seen, j];
    }
    this.at = at;
    this.lo = needle[at] ?? 0;
    this.up = upper(this.lo);
  }

  /** Starts on a block; `first` calls must then come at non-decreasing `from`. */
  reset(buf: Buffer): void {
    this.buf = buf;
    // -2: not searched yet; an anchor without case has no second stream (-1).
    this.nextLo = -2;
    this.nextUp = this.up === this.lo ? -1 : -2;
    this.fails = 0;
    this.budget = Math.max(1024, buf.length * FAILS_PER_BYTE);
    this.folded = null;
  }

  /** The first place at or after `from` where the needle is, in any ASCII case, or -1. */
  first(from: number): number {
    if (this.folded) return this.folded.indexOf(this.needle, from);
    const { buf, at } = this;
    const min = from + at;
    if (this.nextLo !== -1 && this.nextLo < min) this.nextLo = buf.indexOf(this.lo, min);
    if (this.nextUp !== -1 && this.nextUp < min) this.nextUp = buf.indexOf(this.up, min);
    for (;;) {
      const lo = this.nextLo;
      const up = this.nextUp;
      const p = up < 0 || (lo >= 0 && lo < up) ? lo : up;
      if (p < 0) return -1;
      // p >= min, so the needle would start at or after `from`.
      if (p - at + this.needle.length <= buf.length && this.matchesAt(p - at)) return p - at;
      if (++this.fails > this.budget) return this.foldBlock(from);
      if (p === lo) this.nextLo = buf.indexOf(this.lo, p + 1);
      else this.nextUp = buf.indexOf(this.up, p + 1);
    }
  }

  private matchesAt(start: number): boolean {
    const { buf, needle } = this;
    for (let j = 0; j < needle.length; j++) if (lower(buf[start + j]!) !== needle[j]) return false;
    return true;
  }

  /** Text where the anchor is everywhere (a pasted run of one letter): fold the block once, then `indexOf`. */
  private foldBlock(from: number): number {
    const { buf } = this;
    const into = this.foldInto(buf.length);
    for (let i = 0; i < buf.length; i++) into[i] = lower(buf[i]!);
    this.folded = into.subarray(0, buf.length);
    return this.folded.indexOf(this.needle, from);
  }
}
