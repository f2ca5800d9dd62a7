import type { Line } from './types.js';

const NL = 0x0a;
const CR = 0x0d;

/**
 * Cuts a byte stream into lines, pure and incremental. Splitting happens on bytes,
 * before decoding, so a multi-byte character cut across two chunks is decoded whole.
 */
export class LineSplitter {
  private carry: Buffer | null = null;
  /** Byte offset of `carry[0]` (or of the next chunk when there is no carry). */
  private base: number;
  private lineNo = 0;
  private started = false;

  /** @param base the offset of the first byte (a followed file's later generations start past 0) */
  constructor(base = 0) {
    this.base = base;
  }

  /** Feeds one chunk; returns the complete lines it finished. */
  push(chunk: Buffer): Line[] {
    let buf = chunk;
    const out: Line[] = [];
    let start = 0;
    if (!this.started) {
      buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
      this.carry = null;
      // Wait for 3 bytes so a BOM split across chunks is still recognised.
      if (buf.length < 3) {
        this.carry = Buffer.from(buf);
        return [];
      }
      this.started = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        buf = buf.subarray(3);
        this.base = 3;
      }
    } else if (this.carry) {
      // Only the line cut by the last chunk is joined: the rest are views of this chunk.
      const nl = chunk.indexOf(NL);
      if (nl === -1) {
        this.carry = Buffer.concat([this.carry, chunk]);
        return [];
      }
      const joined = Buffer.concat([this.carry, chunk.subarray(0, nl)]);
      out.push(this.make(joined, 0, joined.length));
      this.base += this.carry.length;
      this.carry = null;
      start = nl + 1;
    }
    let nl = buf.indexOf(NL, start);
    while (nl !== -1) {
      out.push(this.make(buf, start, nl));
      start = nl + 1;
      nl = buf.indexOf(NL, start);
    }
    // Copied, not a view: the caller may reuse its chunk buffer for the next read.
    if (start < buf.length) this.carry = Buffer.from(buf.subarray(start));
    this.base += start;
    return out;
  }

  /** Ends the stream: the last line counts even without a final newline. */
  end(): Line[] {
    const rest = this.carry;
    this.carry = null;
    if (!rest || rest.length === 0) return [];
    if (!this.started && rest[0] === 0xef && rest[1] === 0xbb && rest[2] === 0xbf) {
      this.started = true;
      return rest.length > 3 ? [this.make(rest.subarray(3), 0, rest.length - 3, 3)] : [];
    }
    this.started = true;
    const line = this.make(rest, 0, rest.length);
    this.base += rest.length;
    return [line];
  }

  /** Lines cut so far. */
  get linesSeen(): number {
    return this.lineNo;
  }

  /** Bytes held back waiting for their newline (a partial last line while following). */
  get pendingBytes(): number {
    return this.carry?.length ?? 0;
  }

  /** Forgets everything: the source was truncated or replaced and is read anew. */
  reset(): void {
    this.carry = null;
    this.base = 0;
    this.lineNo = 0;
    this.started = false;
  }

  private make(buf: Buffer, start: number, end: number, extraOffset = 0): Line {
    let stop = end;
    if (stop > start && buf[stop - 1] === CR) stop -= 1;
    this.lineNo += 1;
    return new ChunkLine(buf, start, stop, this.lineNo, this.base + start + extraOffset);
  }
}

/**
 * A line that decodes its text when first read. A batch holds thousands of lines;
 * decoding them one at a time, as the store consumes them, lets each string die
 * young instead of surviving (and being promoted with) the whole batch: it keeps
 * the peak memory of a 1 GiB read near the store's own size.
 */
class ChunkLine implements Line {
  constructor(
    readonly buf: Buffer,
    readonly start: number,
    private readonly stop: number,
    readonly lineNo: number,
    readonly offset: number,
  ) {}

  get length(): number {
    return this.stop - this.start;
  }

  /** Decoded on every read (not cached), so the batch never keeps the string alive. */
  get text(): string {
    return this.buf.toString('utf8', this.start, this.stop);
  }
}
