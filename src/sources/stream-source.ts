import type { Readable } from 'node:stream';
import { LineSplitter } from './line-splitter.js';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent } from './types.js';

/** How long a stream that waits for its first byte (`until: 'data'`) reads nothing before it says so. */
const DATA_WAIT_MS = 200;

/** Any readable byte stream (stdin, a pipe, a FIFO, a device), spooled so records can be read back. */
export class StreamSource implements Source {
  private readonly spool = new Spool();

  /**
   * @param waitingText what to say until the stream opens (a FIFO opens when a writer
   * does: `fs.createReadStream` waits for that off the event loop, then emits `open`),
   * or with `until: 'data'` until its first byte (a device that may give none for long:
   * said after a moment, as an empty file ends at once)
   * @param release ends that wait when the source closes first: the open blocks a thread
   * of Node's pool, and the process would not exit until some writer came
   */
  constructor(
    readonly name: string,
    private readonly stream: Readable,
    private waitingText: string | null = null,
    private readonly release: (() => void) | null = null,
    private readonly until: 'open' | 'data' = 'open',
  ) {
    if (waitingText !== null && until === 'open') stream.once('open', () => (this.waitingText = null));
  }

  /** What the source waits for before its first byte, or null once it is open (or, `until: 'data'`, has given one). */
  waiting(): string | null {
    return this.waitingText;
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    // Said: once the wait is over, the notice is taken back (an empty one), or the
    // header would go on saying it beside `live`.
    let said = false;
    const say = () => {
      if (this.waitingText === null) return;
      said = true;
      onEvent?.({ type: 'notice', message: this.waitingText });
    };
    const saying = this.until === 'data' ? setTimeout(say, DATA_WAIT_MS) : say();
    const over = () => {
      clearTimeout(saying ?? undefined);
      this.waitingText = null;
      if (said) onEvent?.({ type: 'notice', message: '' });
      said = false;
    };
    const splitter = new LineSplitter();
    try {
      yield* this.read(splitter, over, onEvent);
    } finally {
      clearTimeout(saying ?? undefined);
      if (this.until === 'data') this.waitingText = null;
    }
    const last = splitter.end();
    if (last.length) yield last;
  }

  /** The stream's chunks as lines; `over` when a byte came. */
  private async *read(
    splitter: LineSplitter,
    over: () => void,
    onEvent?: (event: SourceEvent) => void,
  ): AsyncIterable<Line[]> {
    let bytes = 0;
    for await (const chunk of this.stream) {
      over();
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
