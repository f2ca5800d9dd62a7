import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate, constants as zlib } from 'node:zlib';

/*
 * One GET with node:http(s), not fetch. fetch's body is a WHATWG stream, and a stream
 * that errors drops every chunk still queued in it (the Streams spec resets the queue):
 * a server that sends a short body and closes at once (a Content-Length of 2,526, 2,026
 * bytes, then FIN, all in one write) left the body errored before its first read, and
 * everything that arrived was lost, more often the later the body was first read.
 * Here every byte is taken off the socket as it comes (a `data` listener from the
 * response's first tick) into a BodyQueue, which hands the error over only after the
 * last byte that came before it; the socket is paused while the queue is full.
 */

/** Bytes held for a reader that has not caught up, before the socket is paused. */
const HIGH_WATER = 8 << 20;

/** A response: its status, its headers, and its body as it arrives. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  /** A header's value (the first, for one sent twice), or null. */
  header(name: string): string | null;
  body: BodyQueue;
}

/** A GET's failure before any answer; `code` as Node names it (ECONNREFUSED, ENOTFOUND, ERR_TLS_…). */
export type HttpGetError = Error & { code?: string };

/** The body's bytes, in order, then its end or the error that cut it (after every byte that came before). */
export class BodyQueue {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly pause: (paused: boolean) => void,
    private readonly stop: () => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.ended) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes >= HIGH_WATER) this.pause(true);
    this.signal();
  }

  end(): void {
    this.ended = true;
    this.signal();
  }

  fail(error: Error): void {
    if (this.ended) return;
    this.error = error;
    this.ended = true;
    this.signal();
  }

  /** The next chunk; `done` at the end; throws the error that cut the body once the chunks before it are read. */
  async read(): Promise<{ done: true } | { done: false; value: Buffer }> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk !== undefined) {
        const wasFull = this.bytes >= HIGH_WATER;
        this.bytes -= chunk.length;
        if (wasFull && this.bytes < HIGH_WATER) this.pause(false);
        return { done: false, value: chunk };
      }
      if (this.ended) {
        if (this.error) throw this.error;
        return { done: true };
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Drops the connection: nothing more is wanted. */
  cancel(): void {
    this.chunks = [];
    this.ended = true;
    this.stop();
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/** A decoder for a Content-Encoding (what fetch decoded); null for identity or one not known. */
function decoderFor(encoding: string | null) {
  // A cut body still gives what it decoded so far (not the end's checksum error).
  const options = { finishFlush: zlib.Z_SYNC_FLUSH };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip(options);
    case 'deflate':
      return createInflate(options);
    case 'br':
      return createBrotliDecompress({ finishFlush: zlib.BROTLI_OPERATION_FLUSH });
    default:
      return null;
  }
}

/** The response's body into a BodyQueue, decoded, from this tick on (see above). */
function bodyOf(res: IncomingMessage, req: ClientRequest): BodyQueue {
  const decoder = decoderFor(headerOf(res, 'content-encoding'));
  const queue = new BodyQueue(
    (paused) => (paused ? res.pause() : res.resume()),
    () => req.destroy(),
  );
  let cut: Error | null = null;
  const fail = (error: Error) => {
    if (cut) return;
    cut = error;
    // What the decoder holds comes out first; then the error.
    if (decoder) {
      decoder.once('close', () => queue.fail(error));
      decoder.end();
    } else queue.fail(error);
  };
  if (decoder) {
    decoder.on('data', (chunk: Buffer) => queue.push(chunk));
    decoder.on('end', () => (cut ? undefined : queue.end()));
    decoder.on('error', (error) => (cut ? undefined : queue.fail(error)));
  }
  res.on('data', (chunk: Buffer) => (decoder ? decoder.write(chunk) : queue.push(chunk)));
  res.on('end', () => {
    // A body shorter than its Content-Length ends as `aborted`, not here.
    if (!res.complete) return;
    if (decoder) decoder.end();
    else queue.end();
  });
  res.on('aborted', () => fail(Object.assign(new Error('the connection was closed or reset'), { code: 'ECONNRESET' })));
  res.on('error', (error) => fail(error));
  return queue;
}

function headerOf(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name];
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

/**
 * GET `url` (no redirect followed: the caller does that), with `headers`. Rejects when
 * no answer comes within `timeoutMs` (an error named TimeoutError) or the connection
 * fails (its Node `code`); `signal` aborts it, body included.
 */
export function httpGet(
  url: URL,
  headers: Record<string, string>,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // No keep-alive agent: an idle pooled socket would keep the process alive.
    const req = send(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      agent: false,
      signal: options.signal,
    });
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error('no answer'), { name: 'TimeoutError' })),
      options.timeoutMs,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        header: (name) => headerOf(res, name.toLowerCase()),
        body: bodyOf(res, req),
      });
    });
    req.end();
  });
}
