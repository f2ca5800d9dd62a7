import { withBasicAuth } from './basic-auth.js';
import { type HttpAnswer, httpGet } from './http-get.js';
import { LineSplitter } from './line-splitter.js';
import { redactText, redactUrl } from './redact.js';
import { Spool } from './spool.js';
import { DEFAULT_TIMEOUT_S, timeoutPhrase } from './timeout.js';
import { type Line, type Source, type SourceEvent, WHAT_ARRIVED } from './types.js';

/** `--follow` on a URL: how often to ask for new bytes with a Range request. */
const POLL_MS = 2_000;
/** Redirects followed before giving up (curl's and browsers' loops stop at 20–50; 10 is plenty for a file). */
export const MAX_REDIRECTS = 10;
/**
 * A body that trickles (slowloris) never falls silent: the timeout counts from the last
 * complete line or the last this-many bytes, whichever came later.
 */
const PROGRESS_BYTES = 64 * 1024;

/** A request's failure as one phrase (the caller names the URL); never a stack trace, never a secret. */
export function describeFetchError(error: unknown, timeoutS = DEFAULT_TIMEOUT_S): string {
  const e = error as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (e.name === 'TimeoutError') return `no answer within ${timeoutPhrase(timeoutS)}`;
  if (e.name === 'StallError' || e.name === 'HttpOpenError') return e.message ?? 'stalled';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot resolve the host name (DNS: ${code})`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed or reset';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return `TLS error (${code})`;
  // Node's own texts may quote the address (with its credentials): redact whatever they say.
  return redactText(e.cause?.message ?? e.message ?? String(error));
}

/** A non-2xx answer as one phrase. The reason phrase is the server's text: the caller prints it through the sanitizer. */
export function describeStatus(status: number, statusText: string): string {
  const head = `HTTP ${status}${statusText ? ` ${statusText.slice(0, 100)}` : ''}`;
  if (status === 401 || status === 403)
    return `${head}: the trace is private. PlatAtlas traces must be uploaded with \`mcp-tape upload --public\` to be fetched by URL`;
  if (status === 404) return `${head}: no trace at this address`;
  if (status >= 500) return `${head}: the server failed; try again later`;
  return head;
}

/** Bytes re-read on each poll to see the URL still holds what was read (a follow of a file compares 256 too). */
const TAIL_BYTES = 256;

/** A response to read on from, whose first `skip` bytes were read already. */
interface Resumed {
  res: HttpAnswer;
  skip: number;
}

/** The URL no longer holds what was read: `reason` as the status line says it. */
class Changed extends Error {
  constructor(readonly reason: 'truncated' | 'replaced') {
    super(reason);
  }
}

/** `tail` then `chunk`, cut to their last TAIL_BYTES. */
function lastBytes(tail: Buffer, chunk: Buffer): Buffer {
  if (chunk.length >= TAIL_BYTES) return Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES));
  const both = Buffer.concat([tail, chunk]);
  return both.length > TAIL_BYTES ? both.subarray(both.length - TAIL_BYTES) : both;
}

/**
 * `body` after its first `skip` bytes, which end with `expected` (the bytes read
 * last): Changed when they differ (replaced) or the body ends before them (truncated).
 */
async function* after(body: AsyncIterable<Buffer>, skip: number, expected: Buffer): AsyncIterable<Buffer> {
  const checkFrom = skip - Math.min(skip, expected.length);
  const want = expected.subarray(expected.length - (skip - checkFrom));
  let at = 0;
  for await (const chunk of body) {
    let start = 0;
    if (at < skip) {
      const lo = Math.max(at, checkFrom);
      const hi = Math.min(at + chunk.length, skip);
      if (hi > lo && !chunk.subarray(lo - at, hi - at).equals(want.subarray(lo - checkFrom, hi - checkFrom)))
        throw new Changed('replaced');
      start = Math.min(chunk.length, skip - at);
    }
    at += chunk.length;
    if (start < chunk.length) yield start === 0 ? chunk : chunk.subarray(start);
  }
  if (at < skip) throw new Changed('truncated');
}

/** Thrown before any byte is read: the URL could not be opened. */
export class HttpOpenError extends Error {
  override name = 'HttpOpenError';
}

export interface HttpOptions {
  /** Keep polling for growth after the first download. */
  follow?: boolean;
  pollMs?: number;
  /** Seconds of silence (no answer, no bytes, or no progress in the body) before giving up. */
  timeoutS?: number;
  /** The longest line kept, in bytes (tests pass a small one); a longer one arrives as a skip. */
  maxLine?: number;
}

/**
 * An http(s) trace, streamed as it downloads (up to 10 redirects followed, gzip decoded;
 * `http-get.ts` says why not fetch), spooled so rows read back. With `follow`, polls for growth with Range
 * requests after the first download ends. `name` is the address as it may be shown
 * (credentials and tokens as `***`); the real one stays in here.
 */
export class HttpSource implements Source {
  readonly name: string;
  private spool = new Spool();
  private closed = false;
  /** The last bytes read (up to TAIL_BYTES): a poll asks for them again, to see that they are still there. */
  private tail: Buffer = Buffer.alloc(0);
  private readonly controller = new AbortController();
  private first: HttpAnswer | null = null;
  private readonly follow: boolean;
  private readonly pollMs: number;
  private readonly timeoutS: number;
  private readonly maxLine: number | undefined;

  constructor(
    private readonly url: string,
    options: HttpOptions = {},
  ) {
    this.name = redactUrl(url);
    this.follow = options.follow ?? false;
    this.pollMs = options.pollMs ?? POLL_MS;
    this.timeoutS = options.timeoutS ?? DEFAULT_TIMEOUT_S;
    this.maxLine = options.maxLine;
  }

  /** Sends the request and checks the status: failures surface before any screen. */
  async open(): Promise<void> {
    let res: HttpAnswer;
    try {
      res = await this.request({});
    } catch (error) {
      throw new HttpOpenError(describeFetchError(error, this.timeoutS));
    }
    if (res.status < 200 || res.status > 299) {
      res.body.cancel();
      throw new HttpOpenError(describeStatus(res.status, res.statusText));
    }
    this.first = res;
  }

  /**
   * One GET, following redirects by hand (10 at most, where fetch's limit is 20); our
   * Basic credentials go to the first origin only, never to wherever a redirect points.
   */
  private async request(headers: Record<string, string>): Promise<HttpAnswer> {
    let parsed: URL;
    try {
      parsed = new URL(this.url);
    } catch {
      throw new HttpOpenError('not a valid URL');
    }
    const { url: first, authorization } = withBasicAuth(parsed);
    let url = first;
    for (let redirects = 0; ; redirects++) {
      const auth: Record<string, string> = authorization && url.origin === first.origin ? { authorization } : {};
      // The timeout covers the wait for headers only: the body has its own, counted
      // from its last progress (body()).
      const res = await httpGet(
        url,
        { ...headers, ...auth },
        { signal: this.controller.signal, timeoutMs: this.timeoutS * 1000 },
      );
      const location = res.header('location');
      if (![301, 302, 303, 307, 308].includes(res.status) || location === null) return res;
      res.body.cancel();
      if (redirects === MAX_REDIRECTS)
        throw new HttpOpenError(`more than ${MAX_REDIRECTS} redirects (a redirect loop?); stopped`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new HttpOpenError(`redirected to an invalid address`);
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new HttpOpenError(`redirected to a ${next.protocol.replace(/:$/, '')}: address, which is not http(s)`);
      url = withBasicAuth(next).url;
    }
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    if (!this.first) await this.open();
    let splitter = new LineSplitter(0, this.maxLine);
    let bytes = 0;
    const started = Date.now();
    let next: Resumed | Changed | null = { res: this.first!, skip: 0 };
    this.first = null;
    while (next && !this.closed) {
      if (next instanceof Changed) {
        // The URL no longer holds what was read: its rows go, and it is read again from byte 0.
        onEvent?.({ type: 'reset', message: `${next.reason}: re-read from the start` });
        ({ splitter, bytes } = this.restart());
        next = await this.poll(0, onEvent, false);
        continue;
      }
      const { res, skip } = next;
      const encoded = res.header('content-encoding');
      // content-length counts encoded bytes; with gzip the decoded total is unknown.
      const total = encoded ? null : Number(res.header('content-length')) || null;
      /** Where the body's first byte stands in the trace: it repeats `skip` bytes already read. */
      const bodyStart = bytes - skip;
      try {
        for await (const chunk of after(this.body(res), skip, this.tail)) {
          if (this.closed) return;
          const dropping = splitter.droppingLine;
          const batch = splitter.push(chunk);
          // A chunk wholly inside a line over the limit (an endless line) is not kept on disk either: a hole.
          if (dropping && splitter.droppingLine && batch.length === 0) this.spool.skip(chunk.length);
          else this.spool.append(chunk);
          this.tail = lastBytes(this.tail, chunk);
          bytes += chunk.length;
          const rate = bytes / Math.max(0.001, (Date.now() - started) / 1000);
          onEvent?.({ type: 'progress', bytes, totalBytes: total === null ? null : bodyStart + total, rate });
          if (batch.length) yield batch;
        }
        if (total !== null && bytes - bodyStart < total)
          throw Object.assign(new Error('early end'), { cause: { code: 'UND_ERR_SOCKET' } });
      } catch (error) {
        if (this.closed) return;
        if (error instanceof Changed) {
          next = error;
          continue;
        }
        const last = splitter.end();
        if (last.length) yield last;
        const got = bytes - bodyStart;
        const why =
          total !== null && got < total && (error as { name?: string }).name !== 'StallError'
            ? `the connection was closed or reset after ${got.toLocaleString('en-US')} of the ${total.toLocaleString('en-US')} bytes announced (Content-Length)`
            : describeFetchError(error, this.timeoutS);
        onEvent?.({
          type: 'error',
          message: `${this.name}: ${why}; stopped after ${bytes.toLocaleString('en-US')} bytes (line ${splitter.linesSeen.toLocaleString('en-US')})${WHAT_ARRIVED}`,
        });
        return;
      }
      if (!this.follow) break;
      onEvent?.({ type: 'live' });
      next = await this.poll(bytes, onEvent);
    }
    const last = splitter.end();
    if (last.length) yield last;
  }

  /** Forgets what was read (a new spool, a new splitter): the URL is read again from its start. */
  private restart(): { splitter: LineSplitter; bytes: number } {
    this.spool.close();
    this.spool = new Spool();
    this.tail = Buffer.alloc(0);
    return { splitter: new LineSplitter(0, this.maxLine), bytes: 0 };
  }

  /**
   * Waits (unless `wait` is false), then asks for what follows byte `from`, from a few
   * bytes before it: those must be the bytes read last, or the URL was rewritten. A
   * 416 then means it holds fewer bytes than were read (truncated); a server that
   * ignores Range sends the whole body (200), whose first `from` bytes are skipped
   * after the same check. Null when closed.
   */
  private async poll(
    from: number,
    onEvent?: (event: SourceEvent) => void,
    wait = true,
  ): Promise<Resumed | Changed | null> {
    let first = true;
    while (!this.closed) {
      if (wait || !first) await new Promise((r) => setTimeout(r, this.pollMs).unref());
      first = false;
      if (this.closed) return null;
      const overlap = Math.min(from, this.tail.length);
      try {
        const res = await this.request({ range: `bytes=${from - overlap}-`, 'accept-encoding': 'identity' });
        if (res.status === 206) return { res, skip: overlap };
        if (res.status === 200) return { res, skip: from };
        res.body.cancel();
        // Not even the last bytes read are there any more: the URL was truncated (an empty one is still empty).
        if (res.status === 416) {
          if (overlap > 0) return new Changed('truncated');
          continue;
        }
        onEvent?.({ type: 'notice', message: `${this.name}: ${describeStatus(res.status, res.statusText)}` });
      } catch (error) {
        if (this.closed) return null;
        onEvent?.({ type: 'notice', message: `${this.name}: ${describeFetchError(error, this.timeoutS)}` });
      }
    }
    return null;
  }

  /**
   * The body as Buffers, failing after the timeout without progress: no byte at all
   * (a stalled server), or neither a complete line nor PROGRESS_BYTES (a trickle).
   */
  private async *body(res: HttpAnswer): AsyncIterable<Buffer> {
    const reader = res.body;
    const limitMs = this.timeoutS * 1000;
    let progressAt = Date.now();
    let trickled = 0;
    let finished = false;
    try {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const stall = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => {
              const what = trickled
                ? `only ${trickled.toLocaleString('en-US')} bytes and no complete line in ${timeoutPhrase(this.timeoutS)}`
                : `no data for ${timeoutPhrase(this.timeoutS)}`;
              reject(Object.assign(new Error(what), { name: 'StallError' }));
            },
            Math.max(0, progressAt + limitMs - Date.now()),
          );
        });
        const next = await Promise.race([reader.read(), stall]).finally(() => clearTimeout(timer));
        if (next.done) {
          finished = true;
          return;
        }
        const value = next.value;
        trickled += value.byteLength;
        if (trickled >= PROGRESS_BYTES || value.includes(0x0a)) {
          progressAt = Date.now();
          trickled = 0;
        }
        yield value;
      }
    } finally {
      // A stalled or abandoned body: drop the connection, or it keeps the process alive.
      if (!finished) reader.cancel();
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
