import type { Readable } from 'node:stream';
import { LineSplitter } from './line-splitter.js';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent } from './types.js';

/** Any readable byte stream (stdin, a pipe, a FIFO), spooled so records can be read back. */
export class StreamSource implements Source {
  private readonly spool = new Spool();

  /**
   * @param waitingText what to say until the stream opens (a FIFO opens when a writer
   * does: `fs.createReadStream` waits for that off the event loop, then emits `open`)
   * @param release ends that wait when the source closes first: the open blocks a thread
   * of Node's pool, and the process would not exit until some writer came
   */
  constructor(
    readonly name: string,
    private readonly stream: Readable,
    private waitingText: string | null = null,
    private readonly release: (() => void) | null = null,
  ) {
    if (waitingText !== null) stream.once('open', () => (this.waitingText = null));
  }

  /** What the source waits for before its first byte, or null once it is open. */
  waiting(): string | null {
    return this.waitingText;
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    if (this.waitingText !== null) onEvent?.({ type: 'notice', message: this.waitingText });
    const splitter = new LineSplitter();
    let bytes = 0;
    for await (const chunk of this.stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += buf.length;
      onEvent?.({ type: 'progress', bytes, totalBytes: null });
      const dropping = splitter.droppingLine;
      const batch = splitter.push(buf);
      // A chunk wholly inside a line over the limit (`/dev/zero` on a pipe) is not kept on disk either.
      if (dropping && splitter.droppingLine && batch.length === 0) this.spool.skip(buf.length);
      else this.spool.append(buf);
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
    if (this.waitingText !== null) this.release?.();
    this.stream.destroy();
    this.spool.close();
  }
}
