import { closeSync, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { LineSplitter } from './line-splitter.js';
import { OPEN_NO_WAIT } from './state-file.js';
import type { Line, Source, SourceEvent, WholeFile } from './types.js';

const CHUNK = 1 << 20;
/** The least a read buffer is: a file that grows while it is read still goes in few chunks. */
const SMALL_CHUNK = 64 << 10;
/** At most this big, a file is read at once (`smallFile`). */
const SMALL_FILE = 256 << 10;

/**
 * Read buffers of CHUNK bytes given back by files read to their end, for the next file
 * to read into: `report` over a tree of a thousand transcripts of a few MiB each made
 * two megabyte buffers per file, and their external memory made V8 collect its whole
 * heap every few dozen files. At most POOLED are kept (a thread reads eight files at once).
 */
const pool: Buffer[] = [];
const POOLED = 32;
const takeChunk = (): Buffer => pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK);
const giveChunk = (b: Buffer): void => {
  if (pool.length < POOLED) pool.push(b);
};

/** A local file, streamed in 1 MiB chunks; never read whole. */
export class FileSource implements Source {
  private fd: number | null = null;
  private closed = false;

  constructor(readonly name: string) {}

  /**
   * Reads into two reused buffers in turn: a batch's lines are valid until the next
   * batch is asked for (the store consumes each batch at once). No buffer per chunk
   * means no external memory piling up between collections on a 1 GiB read.
   */
  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    const small = this.smallFile();
    if (small) {
      onEvent?.({ type: 'progress', bytes: small.length, totalBytes: small.length });
      const splitter = new LineSplitter();
      const batch = splitter.push(small);
      if (batch.length) yield batch;
      const last = splitter.end();
      if (last.length) yield last;
      return;
    }
    const handle = await open(this.name, 'r');
    // Two buffers: the next chunk is read while this one's lines are being indexed. A
    // small file gets small ones (a file that grows meanwhile is read in more chunks):
    // `report` over 1,000 files of 60 KiB spent a third of its time collecting 2 GB of
    // megabyte buffers. Full-size ones come from the pool, and go back once no read is
    // writing into them and no line of theirs is in use (the last batch has been taken).
    let buffers: Buffer[] = [];
    let pooled = false;
    let next: Promise<unknown> = Promise.resolve();
    try {
      const total = (await handle.stat()).size;
      const splitter = new LineSplitter();
      const size = Math.min(CHUNK, Math.max(SMALL_CHUNK, total + 1));
      pooled = size === CHUNK;
      buffers = pooled ? [takeChunk(), takeChunk()] : [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
      let bytes = 0;
      let turn = 0;
      let reading = handle.read(buffers[0]!, 0, size, 0);
      next = reading;
      for (;;) {
        const { bytesRead, buffer } = await reading;
        if (bytesRead === 0 || this.closed) break;
        bytes += bytesRead;
        turn ^= 1;
        reading = handle.read(buffers[turn]!, 0, size, bytes);
        next = reading;
        const batch = splitter.push(buffer.subarray(0, bytesRead));
        onEvent?.({ type: 'progress', bytes, totalBytes: total });
        if (batch.length) yield batch;
      }
      await next.catch(() => undefined);
      const last = splitter.end();
      if (last.length) yield last;
    } finally {
      await next.catch(() => undefined);
      if (pooled) for (const b of buffers) giveChunk(b);
      await handle.close();
    }
  }

  /**
   * A regular file of SMALL_FILE bytes or less, read whole at once on this thread,
   * through the descriptor `readBytes` keeps: one read, where streaming it took five
   * trips through Node's thread pool (open, stat, read, read, close), ~0.15 s of a core
   * over 1,000 files of 60 KiB in `report`. Null otherwise (a FIFO, a device such as
   * /dev/zero, a bigger file, or one that grew past it meanwhile): it is streamed.
   */
  private smallFile(): Buffer | null {
    this.fd ??= openSync(this.name, OPEN_NO_WAIT);
    const info = fstatSync(this.fd);
    if (!info.isFile() || info.size > SMALL_FILE) return null;
    const bytes = readAt(this.fd, 0, SMALL_FILE + 1);
    return bytes.length > SMALL_FILE ? null : bytes;
  }

  wholeFile(): WholeFile {
    return { path: this.name, size: statSync(this.name).size, stopped: () => this.closed };
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    this.fd ??= openSync(this.name, OPEN_NO_WAIT);
    return readAt(this.fd, offset, length, into);
  }

  close(): void {
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Reads `length` bytes at `offset` from an open descriptor (into `into` when it is big enough). */
export function readAt(fd: number, offset: number, length: number, into?: Buffer): Buffer {
  const buf = into && into.length >= length ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/** Checks that a path can be opened for reading; throws with the OS reason if not. `info`: its stat, when the caller has it. */
export async function assertReadable(path: string, info?: Stats): Promise<void> {
  info ??= await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  closeSync(openSync(path, OPEN_NO_WAIT));
}
