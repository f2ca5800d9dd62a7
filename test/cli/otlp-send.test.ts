import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tracesUrl, writeOtlpFile } from '../../src/cli/otlp-command.js';
import { failureText, OtlpSendError, sendSpans } from '../../src/cli/otlp-send.js';
import { otlpSpanBatches } from '../../src/report/otlp-spans.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { decodeProtobuf, spansOf, startReceiver } from '../helpers/otlp-receiver.js';
import { at, storeOf } from '../helpers/store.js';

/** A trace of `n` answered pings. */
function pings(n: number): TraceStore {
  const lines: object[] = [{ v: 1, type: 'meta', startedAt: at(0), label: 'pings', command: ['x'] }];
  for (let id = 1; id <= n; id++)
    lines.push(
      { t: at(id), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'ping' } },
      { t: at(id + 1), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } },
    );
  return storeOf(lines);
}
const batchesOf = (store: TraceStore) =>
  otlpSpanBatches(
    store,
    Int32Array.from({ length: store.count }, (_, i) => i),
  );

/** Sends `pings(n)` to a receiver answering `statuses`; what came, and the error (null when it went through). */
async function send(
  statuses: number[],
  options: { headers?: Record<string, string>; n?: number; timeoutS?: number } = {},
) {
  const receiver = await startReceiver(statuses, { headers: options.headers });
  let error: OtlpSendError | null = null;
  let result = null;
  try {
    result = await sendSpans(
      batchesOf(pings(options.n ?? 3)),
      `${receiver.url}/v1/traces`,
      'http/protobuf',
      options.timeoutS ?? 30,
    );
  } catch (e) {
    if (!(e instanceof OtlpSendError)) throw e;
    error = e;
  } finally {
    await receiver.close();
  }
  return { received: receiver.received, error, result };
}

describe('sending spans with the OTLP/HTTP exporter', () => {
  it('in batches of 512, each span once, each batch waited for', async () => {
    const { received, result, error } = await send([], { n: 1100 });
    expect(error).toBeNull();
    expect(result).toEqual({ spans: 1100, requests: 3 });
    const batches = received.map((r) => spansOf(decodeProtobuf(r.body)));
    expect(batches.map((b) => b.length)).toEqual([512, 512, 76]);
    expect(new Set(batches.flat().map((s) => s.spanId)).size).toBe(1100);
  });

  it('retries 429 and 503, honouring Retry-After, with the same request', async () => {
    const { received, error } = await send([503, 429, 503], { headers: { 'retry-after': '0' } });
    expect(error).toBeNull();
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.body.toString('hex'))).size).toBe(1);
  });

  it('backs off without Retry-After: about a second before the first retry', async () => {
    const { received, error } = await send([503]);
    expect(error).toBeNull();
    expect(received).toHaveLength(2);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(700);
  });

  it.each([400, 401, 404, 413, 500])('HTTP %i: no retry, the error names it', async (status) => {
    const { received, error } = await send([status]);
    expect(received).toHaveLength(1);
    expect(error?.message).toMatch(new RegExp(`^the collector answered HTTP ${status} \\S`));
    expect(error?.sent).toBe(0);
  });

  it('a failure after a first batch says how many spans got there', async () => {
    const { received, error } = await send([200, 400], { n: 600 });
    expect(received).toHaveLength(2);
    expect(error?.sent).toBe(512);
  });

  it('a collector that keeps answering 503: five retries, then it says so', async () => {
    const { received, error } = await send(Array(20).fill(503), { headers: { 'retry-after': '0' } });
    expect(received).toHaveLength(6);
    // Five retries with retry-after 0 take well under the 30 s --timeout: the time is the one measured.
    expect(error?.message).toMatch(
      /still answered 429, 502, 503 or 504 when the retries stopped, \d+\.\ds after the first try \(--timeout 30\)$/,
    );
    expect(error?.message).not.toMatch(/ 30\.\ds after/);
  });

  it('nobody listening: the network error, within --timeout', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const started = Date.now();
    const error = await sendSpans(batchesOf(pings(1)), receiver.url, 'http/json', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OtlpSendError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('a collector that answers and never finishes', () => {
  it.each([
    ['200, then a body that trickles a byte at a time', 'trickle'],
    ['headers only, then nothing', 'stall'],
  ] as const)('%s: given up at --timeout, not waited for for ever', async (_, how) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': '1000000' });
        if (how === 'stall') return res.flushHeaders();
        const timer = setInterval(() => res.write('x'), 20);
        res.on('close', () => clearInterval(timer));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
    const error = await sendSpans(batchesOf(pings(1)), url, 'http/protobuf', 0.2).catch((e: unknown) => e);
    server.closeAllConnections();
    server.close();
    expect(error).toBeInstanceOf(OtlpSendError);
    expect((error as Error).message).toMatch(
      how === 'trickle'
        ? /^no complete answer within 0\.2s \(timed out; --timeout 0\.2\)$/
        : /^(no complete answer|no answer) within 0\.2s \(timed out; --timeout 0\.2\)$/,
    );
  });
});

describe('failure texts and endpoints', () => {
  it('names the status, quotes the start of the body; network errors as they are', () => {
    const http = Object.assign(new Error('Too Large'), { code: 413, data: `  ${'x'.repeat(400)}\n` });
    expect(failureText(http, 30)).toBe(`the collector answered HTTP 413 Too Large: ${'x'.repeat(300)}`);
    expect(failureText(Object.assign(new Error(''), { code: 502, data: '' }), 30)).toBe(
      'the collector answered HTTP 502',
    );
    expect(failureText(new Error('Request timed out'), 2)).toBe('no answer within 2s (timed out; --timeout 2)');
    expect(
      failureText(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), 30),
    ).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });

  it('a base URL gets /v1/traces, one ending in it is kept; only http(s)', () => {
    expect(tracesUrl('http://localhost:4318')).toBe('http://localhost:4318/v1/traces');
    expect(tracesUrl('https://cloud.langfuse.com/api/public/otel/')).toBe(
      'https://cloud.langfuse.com/api/public/otel/v1/traces',
    );
    expect(tracesUrl('https://x.example/api/public/otel/v1/traces?k=1')).toBe(
      'https://x.example/api/public/otel/v1/traces?k=1',
    );
    expect(tracesUrl('ftp://x/')).toBeNull();
    expect(tracesUrl('localhost:4318')).toBeNull();
    expect(tracesUrl('not a url')).toBeNull();
  });

  it('--export-otlp twice: the same bytes (no clock, no machine in them)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otlp-file-'));
    const store = pings(600);
    const rows = Int32Array.from({ length: store.count }, (_, i) => i);
    expect([
      await writeOtlpFile(store, rows, join(dir, 'a.json')),
      await writeOtlpFile(pings(600), rows, join(dir, 'b.json')),
    ]).toEqual([600, 600]);
    const a = readFileSync(join(dir, 'a.json'));
    expect(a.equals(readFileSync(join(dir, 'b.json')))).toBe(true);
    // Two batches, one document.
    expect((JSON.parse(a.toString()) as { resourceSpans: unknown[] }).resourceSpans).toHaveLength(2);
    rmSync(dir, { recursive: true, force: true });
  });
});
