import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAt } from './file-source.js';

let counter = 0;

/**
 * Keeps the bytes of a stream that cannot be re-read (stdin, HTTP, websocket) in a
 * temporary file, so views can read a record back by offset without the process
 * holding the whole trace in memory.
 */
export class Spool {
  private fd: number;
  private readonly path: string;
  private size = 0;

  constructor() {
    this.path = join(tmpdir(), `mcp-replay-tui-${process.pid}-${++counter}.spool`);
    this.fd = openSync(this.path, 'w+', 0o600);
    // The file is ours alone and only needed while we run.
    unlinkSync(this.path);
  }

  /** After close (the user quit while bytes were still arriving) there is nowhere to keep them: dropped. */
  append(chunk: Buffer): void {
    if (this.fd < 0) return;
    let done = 0;
    while (done < chunk.length) done += writeSync(this.fd, chunk, done, chunk.length - done, this.size + done);
    this.size += chunk.length;
  }

  /** Leaves `length` bytes unwritten (a hole in the file): bytes no view reads back, such as a line over the limit. */
  skip(length: number): void {
    this.size += length;
  }

  read(offset: number, length: number, into?: Buffer): Buffer {
    return readAt(this.fd, offset, length, into);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
