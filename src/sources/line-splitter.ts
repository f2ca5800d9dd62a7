import type { Line } from './types.js';

const NL = 0x0a;
const CR = 0x0d;

/** A line longer than this (its bytes before the `\n`) is skipped, not held: `/dev/zero` keeps memory bounded. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** The skip reason of a line longer than `maxLine` bytes (`length`: its bytes, no `\r`). */
export function tooLongReason(maxLine: number, length: number): string {
  const limit = maxLine % (1 << 20) === 0 ? `${maxLine / (1 << 20)} MiB` : `${maxLine} bytes`;
  return `line longer than ${limit} (${length} bytes): not read`;
}

/**
 * Cuts a byte stream into lines, pure and incremental. Splitting happens on bytes,
 * before decoding, so a multi-byte character cut across two chunks is decoded whole.
 *
 * A line whose bytes before its `\n` number more than `maxLine` is not kept: its bytes
 * are dropped as they come, and at its newline (or the end) it is given as a line
 * with `skip` (the reason) and its true offset and length, so it counts as a skipped
 * line and the lines after it keep their numbers and offsets. BlockReader cuts by the
 * same rule.
 */
export class LineSplitter {
  private carry: Buffer | null = null;
  /** Byte offset of `carry[0]` (or of the next chunk when there is no carry). */
  private base: number;
  private lineNo = 0;
  private started = false;
  /** While an over-long line is being dropped: its offset, its bytes so far, and whether the last was `\r`. */
  private dropping: { offset: number; bytes: number; lastCR: boolean } | null = null;

  /**
   * @param base the offset of the first byte (a followed file's later generations start past 0)
   * @param maxLine the longest line kept, in bytes (tests pass a small one)
   */
  constructor(
    base = 0,
    readonly maxLine = MAX_LINE_BYTES,
  ) {
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
        this.base += 3;
      }
    } else if (this.dropping) {
      const nl = chunk.indexOf(NL);
      if (nl === -1) {
        this.drop(chunk, 0, chunk.length);
        this.base += chunk.length;
        return [];
      }
      this.drop(chunk, 0, nl);
      out.push(this.endDrop());
      start = nl + 1;
    } else if (this.carry) {
      // Only the line cut by the last chunk is joined: the rest are views of this chunk.
      const nl = chunk.indexOf(NL);
      const carried = this.carry.length;
      if (nl === -1) {
        if (carried + chunk.length > this.maxLine) {
          this.startDrop(this.base, this.carry, 0, carried);
          this.carry = null;
          this.room = null;
          this.drop(chunk, 0, chunk.length);
          this.base += carried + chunk.length;
        } else this.carry = this.grow(this.carry, chunk);
        return [];
      }
      if (carried + nl > this.maxLine) {
        this.startDrop(this.base, this.carry, 0, carried);
        this.drop(chunk, 0, nl);
        out.push(this.endDrop());
      } else {
        const joined = Buffer.concat([this.carry, chunk.subarray(0, nl)]);
        out.push(this.make(joined, 0, joined.length));
      }
      this.base += carried;
      this.carry = null;
      this.room = null;
      start = nl + 1;
    }
    let nl = buf.indexOf(NL, start);
    while (nl !== -1) {
      if (nl - start <= 1 && (nl === start || buf[start] === CR) && isEmptyAt(buf, nl + 1)) {
        // Two or more empty lines: one line for the run (a file of blank lines would
        // otherwise cost an object per byte, a million per chunk).
        let count = 1;
        let s = nl + 1;
        for (;;) {
          const next = emptyLineEnd(buf, s);
          if (next < 0) break;
          count++;
          s = next;
        }
        out.push({ text: '', lineNo: this.lineNo + 1, offset: this.base + start, length: 0, emptyRun: count });
        this.lineNo += count;
        start = s;
        nl = buf.indexOf(NL, start);
        continue;
      }
      if (nl - start > this.maxLine) {
        this.startDrop(this.base + start, buf, start, nl);
        out.push(this.endDrop());
      } else out.push(this.make(buf, start, nl));
      start = nl + 1;
      nl = buf.indexOf(NL, start);
    }
    if (buf.length - start > this.maxLine) {
      this.startDrop(this.base + start, buf, start, buf.length);
      this.base += buf.length;
      return out;
    }
    // Copied, not a view: the caller may reuse its chunk buffer for the next read.
    if (start < buf.length) this.carry = Buffer.from(buf.subarray(start));
    this.base += start;
    return out;
  }

  /** Ends the stream: the last line counts even without a final newline. */
  end(): Line[] {
    if (this.dropping) return [this.endDrop()];
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

  /** True while an over-long line's bytes are being dropped (a spool need not keep them). */
  get droppingLine(): boolean {
    return this.dropping !== null;
  }

  /**
   * `carry` with `chunk` after it. A long line arrives a chunk at a time: its bytes go
   * into a buffer that doubles (copied O(n) times in all, not once per chunk, which
   * for a 64 MiB line was 2 GiB of copies and garbage).
   */
  private grow(carry: Buffer, chunk: Buffer): Buffer {
    const need = carry.length + chunk.length;
    let room = this.room;
    if (room === null || carry.buffer !== room.buffer || carry.byteOffset !== room.byteOffset || room.length < need) {
      room = Buffer.allocUnsafe(Math.max(need, Math.min(2 * need, this.maxLine + 1), 4096));
      carry.copy(room, 0);
      this.room = room;
    }
    chunk.copy(room, carry.length);
    return room.subarray(0, need);
  }

  /** The buffer a growing carry lives in (see `grow`). */
  private room: Buffer | null = null;

  private startDrop(offset: number, buf: Buffer, from: number, to: number): void {
    this.dropping = { offset, bytes: 0, lastCR: false };
    this.drop(buf, from, to);
  }

  private drop(buf: Buffer, from: number, to: number): void {
    const d = this.dropping!;
    d.bytes += to - from;
    if (to > from) d.lastCR = buf[to - 1] === CR;
  }

  /** The dropped line, as a skipped line. */
  private endDrop(): Line {
    const d = this.dropping!;
    this.dropping = null;
    this.lineNo += 1;
    const length = d.bytes - (d.lastCR ? 1 : 0);
    return { text: '', lineNo: this.lineNo, offset: d.offset, length, skip: tooLongReason(this.maxLine, length) };
  }

  /** Lines cut so far. */
  get linesSeen(): number {
    return this.lineNo;
  }

  /** Bytes held back waiting for their newline (a partial last line while following; a dropped one holds none). */
  get pendingBytes(): number {
    return this.carry?.length ?? 0;
  }

  /** Forgets everything: the source was truncated or replaced and is read anew. */
  reset(): void {
    this.carry = null;
    this.room = null;
    this.base = 0;
    this.lineNo = 0;
    this.started = false;
    this.dropping = null;
  }

  private make(buf: Buffer, start: number, end: number, extraOffset = 0): Line {
    let stop = end;
    if (stop > start && buf[stop - 1] === CR) stop -= 1;
    this.lineNo += 1;
    return new ChunkLine(buf, start, stop, this.lineNo, this.base + start + extraOffset);
  }
}

/** Where the empty line (`\n` or `\r\n`) at `at` ends, past its `\n`; -1 when there is none there. */
function emptyLineEnd(buf: Buffer, at: number): number {
  if (buf[at] === NL) return at + 1;
  if (buf[at] === CR && buf[at + 1] === NL) return at + 2;
  return -1;
}

const isEmptyAt = (buf: Buffer, at: number): boolean => emptyLineEnd(buf, at) >= 0;

/**
 * A line that decodes its text when first read. A batch holds thousands of lines;
 * decoding them one at a time, as the store consumes them, lets each string die
 * young instead of surviving (and being promoted with) the whole batch: it keeps
 * the peak memory of a 1 GiB read near the store's own size.
 */
export class ChunkLine implements Line {
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
