import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { LineSplitter } from './line-splitter.js';
import type { Line, Source, SourceEvent } from './types.js';

const CHUNK = 1 << 20;

/** A local file, streamed in 1 MiB chunks; never read whole. */
export class FileSource implements Source {
  private fd: number | null = null;
  private stream: ReturnType<typeof createReadStream> | null = null;

  constructor(readonly name: string) {}

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    const total = (await stat(this.name)).size;
    const splitter = new LineSplitter();
    let bytes = 0;
    this.stream = createReadStream(this.name, { highWaterMark: CHUNK });
    for await (const chunk of this.stream) {
      bytes += (chunk as Buffer).length;
      const batch = splitter.push(chunk as Buffer);
      onEvent?.({ type: 'progress', bytes, totalBytes: total });
      if (batch.length) yield batch;
    }
    const last = splitter.end();
    if (last.length) yield last;
  }

  readRange(offset: number, length: number): string {
    this.fd ??= openSync(this.name, 'r');
    return readBytes(this.fd, offset, length);
  }

  close(): void {
    this.stream?.destroy();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Reads `length` bytes at `offset` from an open descriptor as UTF-8 text. */
export function readBytes(fd: number, offset: number, length: number): string {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return buf.toString('utf8', 0, got);
}

/** Checks that a path can be opened for reading; throws with the OS reason if not. */
export async function assertReadable(path: string): Promise<void> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  closeSync(openSync(path, 'r'));
}
