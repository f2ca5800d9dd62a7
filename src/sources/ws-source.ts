import type WebSocket from 'ws';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent } from './types.js';

const RECONNECT_MS = 1000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True for hosts on this machine, the only ones live mode trusts by default. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `ws`, loaded at the first connection: its ~12 MiB of memory is not paid by file reads. */
let Socket: typeof WebSocket | null = null;
async function loadSocket(): Promise<typeof WebSocket> {
  Socket ??= (await import('ws')).default;
  return Socket;
}

interface Frame {
  type?: string;
  lastSeq?: number;
  lines?: unknown[];
  line?: unknown;
}

/**
 * mcp-tape live mode (`mcp-tape --serve`): a websocket that sends a `snapshot` of
 * every line so far, then one `append` per new line, and `heartbeat`s. `_seq` is
 * stripped; after a drop the source reconnects with `?since=<lastSeq>` and skips
 * lines it already has (a fresh snapshot may repeat them).
 */
export class WsSource implements Source {
  private readonly spool = new Spool();
  private closed = false;
  private socket: WebSocket | null = null;
  private lastSeq = -1;
  private bytes = 0;
  private lineNo = 0;
  private queue: Line[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private onEvent: ((event: SourceEvent) => void) | undefined;

  constructor(
    readonly name: string,
    private readonly reconnectMs = RECONNECT_MS,
  ) {}

  /** Connects once, so a refused connection is reported before any screen. */
  async open(): Promise<void> {
    const Ws = await loadSocket();
    return new Promise((resolve, reject) => {
      const ws = new Ws(this.name);
      // Listen from the start: the snapshot can arrive before anyone reads lines().
      this.attach(ws);
      ws.once('open', () => {
        this.socket = ws;
        resolve();
      });
      ws.once('error', (error) => reject(new Error((error as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? 'connection refused (is `mcp-tape --serve` running?)' : error.message)));
    });
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    this.onEvent = onEvent;
    if (!this.socket) await this.open();
    while (!this.closed) {
      if (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        onEvent?.({ type: 'progress', bytes: this.bytes, totalBytes: null });
        yield batch;
        continue;
      }
      if (this.ended) return;
      onEvent?.({ type: 'live' });
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private attach(ws: WebSocket): void {
    ws.on('message', (data) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(data)) as Frame;
      } catch {
        return;
      }
      if (frame.type === 'snapshot' && Array.isArray(frame.lines)) for (const l of frame.lines) this.add(l);
      else if (frame.type === 'append') this.add(frame.line);
      this.poke();
    });
    ws.on('close', () => {
      if (this.closed || this.ended) return this.poke();
      if (this.socket !== ws) return;
      this.onEvent?.({ type: 'notice', message: `${this.name}: connection dropped; reconnecting from seq ${this.lastSeq}` });
      setTimeout(() => this.reconnect(), this.reconnectMs).unref();
    });
    ws.on('error', () => undefined);
  }

  /** Tries again until a connection opens (each failed try schedules the next). */
  private reconnect(): void {
    if (this.closed) return;
    const url = new URL(this.name);
    if (this.lastSeq >= 0) url.searchParams.set('since', String(this.lastSeq));
    // open() loaded the class before any reconnection.
    const ws = new Socket!(url);
    this.attach(ws);
    ws.once('open', () => {
      this.socket = ws;
      this.onEvent?.({ type: 'notice', message: `${this.name}: reconnected` });
    });
    ws.once('close', () => {
      if (this.socket !== ws && !this.closed) setTimeout(() => this.reconnect(), this.reconnectMs).unref();
    });
  }

  /** One trace line: strip `_seq`, skip repeats, spool its text so it reads back. */
  private add(line: unknown): void {
    if (typeof line !== 'object' || line === null) return;
    const { _seq: seq, ...rest } = line as { _seq?: unknown };
    if (typeof seq === 'number') {
      if (seq <= this.lastSeq) return;
      this.lastSeq = seq;
    }
    const text = JSON.stringify(rest);
    const buf = Buffer.from(text + '\n');
    this.spool.append(buf);
    this.lineNo += 1;
    this.queue.push({ text, lineNo: this.lineNo, offset: this.bytes, length: buf.length - 1 });
    this.bytes += buf.length;
    if ((rest as { type?: unknown }).type === 'end') this.ended = true;
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    return this.spool.read(offset, length, into);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
    this.poke();
    this.spool.close();
  }
}
