import type { Readable } from 'node:stream';
import { LineSplitter } from './line-splitter.js';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent } from './types.js';

/** Any readable byte stream (stdin, a pipe), spooled so records can be read back. */
export class StreamSource implements Source {
  private readonly spool = new Spool();

  constructor(
    readonly name: string,
    private readonly stream: Readable,
  ) {}

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    const splitter = new LineSplitter();
    let bytes = 0;
    for await (const chunk of this.stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      this.spool.append(buf);
      bytes += buf.length;
      onEvent?.({ type: 'progress', bytes, totalBytes: null });
      const batch = splitter.push(buf);
      if (batch.length) yield batch;
      // A pipe may keep growing (`tail -f x | …`): between chunks we are caught up.
      if (this.stream.readableLength === 0) onEvent?.({ type: 'live' });
    }
    const last = splitter.end();
    if (last.length) yield last;
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    return this.spool.read(offset, length, into);
  }

  close(): void {
    this.stream.destroy();
    this.spool.close();
  }
}
