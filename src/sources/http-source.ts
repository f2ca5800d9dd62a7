import { LineSplitter } from './line-splitter.js';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent } from './types.js';

/** How long to wait for response headers, and for the next bytes mid-stream. */
const CONNECT_TIMEOUT_MS = 30_000;
const STALL_TIMEOUT_MS = 60_000;
/** `--follow` on a URL: how often to ask for new bytes with a Range request. */
const POLL_MS = 2_000;

/** A fetch failure as one phrase (the caller names the URL); never a stack trace. */
export function describeFetchError(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? '';
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${CONNECT_TIMEOUT_MS / 1000}s (timed out)`;
  if (e.name === 'StallError') return e.message ?? 'stalled';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot resolve the host name (DNS: ${code})`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was reset';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return `TLS error (${code})`;
  return e.cause?.message ?? e.message ?? String(error);
}

/** A non-2xx answer as one phrase. */
export function describeStatus(status: number, statusText: string): string {
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 401 || status === 403) return `${head}: the trace is private. PlatAtlas traces must be uploaded with \`mcp-tape upload --public\` to be fetched by URL`;
  if (status === 404) return `${head}: no trace at this address`;
  return head;
}

/** Thrown before any byte is read: the URL could not be opened. */
export class HttpOpenError extends Error {}

/**
 * An http(s) trace, streamed as it downloads (redirects followed, gzip decoded by
 * fetch), spooled so rows read back. With `follow`, polls for growth with Range
 * requests after the first download ends.
 */
export class HttpSource implements Source {
  private readonly spool = new Spool();
  private closed = false;
  private readonly controller = new AbortController();
  private first: Response | null = null;

  constructor(
    readonly name: string,
    private readonly follow = false,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Sends the request and checks the status: failures surface before any screen. */
  async open(): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.name, { redirect: 'follow', signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(CONNECT_TIMEOUT_MS)]) });
    } catch (error) {
      throw new HttpOpenError(describeFetchError(error));
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new HttpOpenError(describeStatus(res.status, res.statusText));
    }
    this.first = res;
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    if (!this.first) await this.open();
    const splitter = new LineSplitter();
    let bytes = 0;
    const started = Date.now();
    let res: Response | null = this.first;
    this.first = null;
    const total = Number(res?.headers.get('content-length')) || null;
    while (res && !this.closed) {
      const encoded = res.headers.get('content-encoding');
      try {
        for await (const chunk of this.body(res)) {
          this.spool.append(chunk);
          bytes += chunk.length;
          const rate = bytes / Math.max(0.001, (Date.now() - started) / 1000);
          // content-length counts encoded bytes; with gzip the decoded total is unknown.
          onEvent?.({ type: 'progress', bytes, totalBytes: encoded ? null : total, rate });
          const batch = splitter.push(chunk);
          if (batch.length) yield batch;
        }
      } catch (error) {
        if (this.closed) return;
        const last = splitter.end();
        if (last.length) yield last;
        onEvent?.({ type: 'error', message: `${this.name}: ${describeFetchError(error)}; stopped after ${bytes.toLocaleString('en-US')} bytes (line ${splitter.linesSeen.toLocaleString('en-US')}): what arrived is shown` });
        return;
      }
      if (!this.follow) break;
      onEvent?.({ type: 'live' });
      res = await this.poll(bytes, onEvent);
    }
    const last = splitter.end();
    if (last.length) yield last;
  }

  /** Waits, then asks for the bytes after `from`; null when closed. */
  private async poll(from: number, onEvent?: (event: SourceEvent) => void): Promise<Response | null> {
    while (!this.closed) {
      await new Promise((r) => setTimeout(r, this.pollMs).unref());
      if (this.closed) return null;
      try {
        const res = await fetch(this.name, { headers: { range: `bytes=${from}-`, 'accept-encoding': 'identity' }, signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(CONNECT_TIMEOUT_MS)]) });
        if (res.status === 206) return res;
        await res.body?.cancel();
        if (res.status === 416 || res.status === 200) continue; // nothing new (or no Range support)
        onEvent?.({ type: 'notice', message: `${this.name}: ${describeStatus(res.status, res.statusText)}` });
      } catch (error) {
        if (this.closed) return null;
        onEvent?.({ type: 'notice', message: `${this.name}: ${describeFetchError(error)}` });
      }
    }
    return null;
  }

  /** The body as Buffers, failing when no byte arrives for STALL_TIMEOUT_MS. */
  private async *body(res: Response): AsyncIterable<Buffer> {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const stall = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(Object.assign(new Error(`no data for ${STALL_TIMEOUT_MS / 1000}s (stalled)`), { name: 'StallError' })), STALL_TIMEOUT_MS);
          timer.unref();
        });
        const { done, value } = await Promise.race([reader.read(), stall]).finally(() => clearTimeout(timer));
        if (done) return;
        yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    } finally {
      reader.releaseLock();
    }
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    return this.spool.read(offset, length, into);
  }

  close(): void {
    this.closed = true;
    this.controller.abort();
    this.spool.close();
  }
}
