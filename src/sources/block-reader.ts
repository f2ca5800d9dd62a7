import { closeSync, openSync } from 'node:fs';
import { readAt } from './file-source.js';
import { MAX_LINE_BYTES, tooLongReason } from './line-splitter.js';
import { OPEN_NO_WAIT } from './state-file.js';

const NL = 0x0a;
const CR = 0x0d;
/** Read this much past a range's end: its last line usually ends there. */
const TAIL_STEP = 64 * 1024;

/** The lines that start inside one byte range of a file. */
export interface BlockLines {
  /** The bytes read, from the first line's start past the last line's end (the reader's own buffer: valid until its next read). */
  buf: Buffer;
  /** File offset of `buf[0]`. */
  base: number;
  /** Per line, its first byte and its end (no `\n`, no trailing `\r`) within `buf`. */
  starts: Int32Array;
  stops: Int32Array;
  count: number;
  /**
   * The lines longer than the limit, by index: their bytes are not read (`starts` and
   * `stops` hold the part read, if any); each is a skip with this reason and length.
   */
  long: Map<number, { length: number; reason: string }> | null;
}

/** Bytes read at a time while looking for the end of an over-long line. */
const SEEK_STEP = 1 << 20;

/**
 * Cuts a file into lines by byte ranges, so that ranges can be read independently
 * (in parallel): a range owns the lines that start inside it, and reads on past
 * its end to finish the last one. Cut this way, every range together gives the same
 * lines, offsets and order as LineSplitter over the whole file (a leading BOM
 * skipped, `\r\n` and a last line without `\n` alike; a line over the limit skipped
 * alike, and never held: its end is found reading a megabyte at a time).
 */
export class BlockReader {
  private fd: number | null;
  /** Where the first line starts: 3 after a UTF-8 BOM, else 0. */
  private readonly firstLine: number;

  constructor(
    readonly path: string,
    /** The file's size when indexing began: bytes appended later are not read. */
    readonly size: number,
    /** The longest line read, as LineSplitter's `maxLine`. */
    readonly maxLine = MAX_LINE_BYTES,
  ) {
    this.fd = openSync(path, OPEN_NO_WAIT);
    const head = readAt(this.fd, 0, Math.min(3, size));
    this.firstLine = head.length === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  }

  read(start: number, end: number): BlockLines {
    const fd = this.fd;
    if (fd === null) throw new Error('block reader is closed');
    const stop = Math.min(end, this.size);
    const empty: BlockLines = {
      buf: Buffer.alloc(0),
      base: start,
      starts: new Int32Array(0),
      stops: new Int32Array(0),
      count: 0,
      long: null,
    };
    if (start >= stop) return empty;
    // A line starts where the file's first line does, and after each newline: one byte
    // before the range says whether one starts exactly at its first byte.
    const atFirst = start <= this.firstLine;
    if (atFirst && stop <= this.firstLine) return empty;
    const from = atFirst ? this.firstLine : start - 1;
    // Read the range and a little past it into one reused buffer: the last line
    // usually ends in that tail, so nothing is copied or allocated per range.
    let buf = this.readInto(from, Math.min(stop - from + TAIL_STEP, this.size - from));
    let first: number;
    if (atFirst) first = 0;
    else if (buf[0] === NL) first = 1;
    else {
      const nl = buf.indexOf(NL, 1);
      if (nl === -1 || nl >= stop - from) return empty;
      first = nl + 1;
    }
    const ownedEnd = stop - from; // lines starting before this index are ours
    if (first >= ownedEnd) return empty;
    // The last line we own holds the range's last byte: read on until it ends (a long
    // line), unless it is already over the limit (its end is sought below).
    const lastStart = Math.max(first, buf.lastIndexOf(NL, ownedEnd - 2) + 1);
    while (
      buf.indexOf(NL, ownedEnd - 1) === -1 &&
      from + buf.length < this.size &&
      buf.length - lastStart <= this.maxLine
    ) {
      buf = this.readInto(from, Math.min(buf.length * 2, this.size - from, lastStart + this.maxLine + 1));
    }
    let long: BlockLines['long'] = null;
    let count = 0;
    let capacity = 1024;
    let starts = new Int32Array(capacity);
    let stops = new Int32Array(capacity);
    let s = first;
    while (s < ownedEnd && s < buf.length) {
      let nl = buf.indexOf(NL, s);
      const atEof = nl === -1;
      if (atEof) nl = buf.length;
      let e = nl;
      if (e > s && buf[e - 1] === CR) e -= 1;
      if (atEof && from + buf.length < this.size) {
        // Over the limit, and its end not read: found a megabyte at a time.
        (long ??= new Map()).set(count, this.seekEnd(from + s, from + buf.length));
        e = nl;
      } else if (nl - s > this.maxLine)
        (long ??= new Map()).set(count, { length: e - s, reason: tooLongReason(this.maxLine, e - s) });
      if (count === capacity) {
        capacity *= 2;
        const grownStarts = new Int32Array(capacity);
        grownStarts.set(starts);
        starts = grownStarts;
        const grownStops = new Int32Array(capacity);
        grownStops.set(stops);
        stops = grownStops;
      }
      starts[count] = s;
      stops[count] = e;
      count++;
      if (atEof) break;
      s = nl + 1;
    }
    return { buf, base: from, starts, stops, count, long };
  }

  /** The over-long line at `lineStart` (read up to `readTo`): its length, as LineSplitter gives it. */
  private seekEnd(lineStart: number, readTo: number): { length: number; reason: string } {
    const step = Buffer.allocUnsafe(SEEK_STEP);
    let at = readTo;
    let lastCR = readAt(this.fd!, at - 1, 1)[0] === CR;
    while (at < this.size) {
      const got = readAt(this.fd!, at, Math.min(SEEK_STEP, this.size - at), step);
      if (got.length === 0) break;
      const nl = got.indexOf(NL);
      if (nl !== -1) {
        lastCR = nl > 0 ? got[nl - 1] === CR : lastCR;
        at += nl;
        break;
      }
      lastCR = got[got.length - 1] === CR;
      at += got.length;
    }
    const length = at - lineStart - (lastCR ? 1 : 0);
    return { length, reason: tooLongReason(this.maxLine, length) };
  }

  private scratch = Buffer.alloc(0);

  /** `length` bytes at `offset`, in the reader's own buffer (valid until the next read). */
  private readInto(offset: number, length: number): Buffer {
    if (this.scratch.length < length)
      this.scratch = Buffer.allocUnsafe(Math.max(length, Math.ceil(this.scratch.length * 1.5)));
    return readAt(this.fd!, offset, length, this.scratch);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
