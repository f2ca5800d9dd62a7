import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { HttpSource, MAX_REDIRECTS } from '../../src/sources/http-source.js';
import { OpenError, openSource } from '../../src/sources/open-source.js';
import type { SourceEvent } from '../../src/sources/types.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { startTraceServer, TRACE } from '../helpers/http-server.js';

let server: Awaited<ReturnType<typeof startTraceServer>>;
beforeAll(async () => {
  server = await startTraceServer();
});
afterAll(() => server.close());

/** Ingests a URL into a fresh store; the file's state says how it ended. */
async function load(url: string, timeoutS = 30) {
  const store = new TraceStore(bundledPrices());
  const source = await openSource(url, { timeoutS });
  const started = Date.now();
  await ingest(store, source).catch(() => undefined);
  source.close();
  return { store, f: store.files[0]!, ms: Date.now() - started, stats: statsOf(store, 0) };
}

describe('http(s) faults on loopback', () => {
  it(`stops a redirect loop after ${MAX_REDIRECTS} redirects, naming it`, async () => {
    const before = server.hits.loop;
    const error = await openSource(`${server.base}/loop`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenError);
    expect((error as Error).message).toBe(
      `cannot open ${server.base}/loop: more than 10 redirects (a redirect loop?); stopped`,
    );
    // The first request and ten redirects: eleven, not fetch's own twenty.
    expect(server.hits.loop - before).toBe(MAX_REDIRECTS + 1);
  });

  it('keeps what arrived when the body is shorter than its Content-Length, and says so', async () => {
    const { f, stats } = await load(`${server.base}/short.jsonl`);
    expect(f.state).toBe('error');
    expect(f.stateText).toMatch(
      /short\.jsonl: the connection was closed or reset after \d+ of the \d+ bytes announced \(Content-Length\); stopped after \d+ bytes \(line 2\): what arrived is shown/,
    );
    expect(stats.session.records).toMatchObject({ meta: 1, message: 1 });
  });

  it('keeps what arrived when a short body and the close come in one write, every time (opened, then read later)', async () => {
    // Content-Length 500 bytes more than sent; headers, body and FIN in one go (sock.end).
    const body = Buffer.from(TRACE);
    const oneWrite: TcpServer = createTcpServer((socket) => {
      socket.once('data', () =>
        socket.end(
          Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length + 500}\r\n\r\n`), body]),
        ),
      );
    });
    await new Promise<void>((r) => oneWrite.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(oneWrite.address() as AddressInfo).port}/short`;
    try {
      for (let i = 0; i < 40; i++) {
        const store = new TraceStore(bundledPrices());
        const source = await openSource(url);
        // summary opens every source first and reads them after: the body waits unread.
        await new Promise((r) => setTimeout(r, i % 4 === 0 ? 0 : 20));
        await ingest(store, source);
        source.close();
        const f = store.files[0]!;
        expect([f.state, f.stateText, store.count]).toEqual([
          'error',
          `${url}: the connection was closed or reset after ${body.length} of the ${body.length + 500} bytes announced (Content-Length); stopped after ${body.length} bytes (line 4): what arrived is shown`,
          4,
        ]);
      }
    } finally {
      oneWrite.close();
    }
  });

  it('keeps what arrived when the connection is reset mid-body', async () => {
    const { f, stats } = await load(`${server.base}/reset.jsonl`);
    expect(f.state).toBe('error');
    expect(f.stateText).toMatch(
      /reset\.jsonl: the connection was closed or reset; stopped after \d+ bytes \(line 3\): what arrived is shown/,
    );
    expect(stats.session.records).toMatchObject({ meta: 1, message: 1 });
    expect(f.skipped).toBe(1); // the half line
  });

  it('gives up on a server that stops sending after the timeout of silence, naming it', async () => {
    const { f, ms, stats } = await load(`${server.base}/stall.jsonl`, 0.4);
    expect(f.state).toBe('error');
    expect(f.stateText).toMatch(/no data for 0\.4s \(timed out; --timeout 0\.4\); stopped after \d+ bytes \(line 2\)/);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(3000);
    expect(stats.session.records).toMatchObject({ meta: 1, message: 1 });
  });

  it('gives up on a slowloris body (bytes keep coming, no line ever completes)', async () => {
    const { f, ms } = await load(`${server.base}/trickle.jsonl`, 0.5);
    expect(f.state).toBe('error');
    expect(f.stateText).toMatch(/only \d+ bytes and no complete line in 0\.5s \(timed out; --timeout 0\.5\)/);
    expect(ms).toBeLessThan(3000);
  });

  it('gives up on a server that never answers (no headers) after the timeout', async () => {
    const started = Date.now();
    await expect(openSource(`${server.base}/silent.jsonl`, { timeoutS: 0.3 })).rejects.toThrow(
      `cannot open ${server.base}/silent.jsonl: no answer within 0.3s (timed out; --timeout 0.3)`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    [401, 'HTTP 401 Unauthorized: the trace is private'],
    [403, 'HTTP 403 Forbidden: the trace is private'],
    [404, 'HTTP 404 Not Found: no trace at this address'],
    [500, 'HTTP 500 Internal Server Error: the server failed; try again later'],
    [503, 'HTTP 503 Service Unavailable: the server failed; try again later'],
  ])('HTTP %i names the status and the URL', async (code, phrase) => {
    const url = `${server.base}/status?code=${code}`;
    const error = (await openSource(url).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(OpenError);
    expect(error.message.startsWith(`cannot open ${url}: ${phrase}`)).toBe(true);
  });

  it('sends URL userinfo as HTTP Basic auth, and never shows it', async () => {
    const port = new URL(server.base).port;
    const url = `http://user:PASSW0RD@127.0.0.1:${port}/auth.jsonl?access_token=T0KEN`;
    const source = await openSource(url);
    const texts: string[] = [];
    for await (const batch of source.lines()) texts.push(...batch.map((l) => l.text));
    expect(texts).toEqual(TRACE.trimEnd().split('\n'));
    expect(server.hits.authorization.at(-1)).toBe(`Basic ${Buffer.from('user:PASSW0RD').toString('base64')}`);
    expect(source.name).toBe(`http://***@127.0.0.1:${port}/auth.jsonl?access_token=***`);
    source.close();
    // A wrong password: refused, and the message quotes the address redacted.
    const error = (await openSource(`http://user:WRONG@127.0.0.1:${port}/auth.jsonl`).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toBe(
      `cannot open http://***@127.0.0.1:${port}/auth.jsonl: HTTP 401 Unauthorized: the trace is private. PlatAtlas traces must be uploaded with \`mcp-tape upload --public\` to be fetched by URL`,
    );
    expect(error.message).not.toContain('WRONG');
  });

  it('does not carry Basic credentials to another origin on a redirect', async () => {
    const other = await startTraceServer();
    try {
      const redirector = createTcpServer((socket) => {
        socket.once('data', () =>
          socket.end(`HTTP/1.1 302 Found\r\nlocation: ${other.base}/auth.jsonl\r\ncontent-length: 0\r\n\r\n`),
        );
      });
      await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
      const error = (await openSource(
        `http://user:PASSW0RD@127.0.0.1:${(redirector.address() as AddressInfo).port}/x`,
      ).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/HTTP 401/);
      expect(other.hits.authorization).toEqual(['']);
      redirector.close();
    } finally {
      await other.close();
    }
  });

  it('keeps the reason phrase as the server wrote it, for the one sanitizer to make inert', async () => {
    const raw: TcpServer = createTcpServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 418 \x1b]0;pwned\x07 tea\r\ncontent-length: 0\r\n\r\n'));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const error = (await openSource(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/`).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(/: HTTP 418 \x1b\]0;pwned\x07 tea$/);
    raw.close();
  });

  it('follow mode: Range polls also send the credentials and name the source redacted', async () => {
    const port = new URL(server.base).port;
    const source = new HttpSource(`http://user:PASSW0RD@127.0.0.1:${port}/auth.jsonl`, { follow: true, pollMs: 20 });
    await source.open();
    const events: SourceEvent[] = [];
    const reading = (async () => {
      for await (const batch of source.lines((e) => events.push(e))) void batch;
    })();
    const until = Date.now() + 3000;
    while (server.hits.authorization.filter((h) => h.startsWith('Basic')).length < 3 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    source.close();
    await reading;
    // /auth.jsonl ignores Range (200): the polls see nothing new, and raise no notice.
    expect(events.filter((e) => e.type === 'notice')).toEqual([]);
    expect(server.hits.authorization.filter((h) => h.startsWith('Basic')).length).toBeGreaterThanOrEqual(3);
  });
});
