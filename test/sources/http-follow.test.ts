import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { HttpSource } from '../../src/sources/http-source.js';
import type { SourceEvent } from '../../src/sources/types.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';

/*
 * `--follow` on a URL shows what the URL holds now, as the follow of a file does:
 * growth whether or not the server honours Range, and a truncated or rewritten body
 * as a reset (its rows dropped, read again from the start, the status saying so).
 */

const line = (n: number, tag = 'a') =>
  `{"t":"2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":${n},"method":"${tag}"}}`;
const body = (from: number, to: number, tag = 'a') =>
  Array.from({ length: to - from }, (_, i) => `${line(from + i, tag)}\n`).join('');

let server: Server | null = null;
afterEach(() => server?.close());

/**
 * Serves `state.body`; with `state.range`, Range as RFC 9110 says (206, or 416 past the
 * end), else always 200. `state.requests` counts the requests (the follow's polls).
 */
async function serve(state: { body: string; range: boolean; requests?: number }): Promise<string> {
  server = createServer((req, res) => {
    state.requests = (state.requests ?? 0) + 1;
    const all = Buffer.from(state.body);
    const m = /bytes=(\d+)-/.exec(req.headers.range ?? '');
    if (!state.range || !m) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return res.end(all);
    }
    const from = Number(m[1]);
    if (from >= all.length) {
      res.writeHead(416, { 'content-range': `bytes */${all.length}` });
      return res.end();
    }
    res.writeHead(206, { 'content-range': `bytes ${from}-${all.length - 1}/${all.length}` });
    res.end(all.subarray(from));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/trace.jsonl`;
}

/** Follows `url` into a store, keeping the source's events; `until(ok)` waits for `ok()`. */
function follow(url: string) {
  const store = new TraceStore(bundledPrices());
  const source = new HttpSource(url, { follow: true, pollMs: 30 });
  const events: SourceEvent[] = [];
  const wrapped = {
    name: source.name,
    lines: (on?: (e: SourceEvent) => void) =>
      source.lines((e) => {
        events.push(e);
        on?.(e);
      }),
    readBytes: source.readBytes.bind(source),
    close: () => source.close(),
  };
  const reading = ingest(store, wrapped);
  const until = async (ok: () => boolean) => {
    const end = Date.now() + 8000;
    while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };
  const stop = async () => {
    source.close();
    await reading;
  };
  return { store, events, until, stop };
}

describe('--follow on a URL', () => {
  it.each([
    ['honours Range', true],
    ['ignores Range (200 with the whole body)', false],
  ])('a server that %s: growth arrives, each line once', async (_, range) => {
    const state = { body: body(0, 3), range, requests: 0 };
    const f = follow(await serve(state));
    await f.until(() => f.store.count === 3);
    state.body += body(3, 7);
    await f.until(() => f.store.count === 7);
    state.body += body(7, 9);
    await f.until(() => f.store.count === 9);
    // Three more polls of the same body add nothing (each waits for the answer before it).
    const asked = state.requests;
    await f.until(() => state.requests >= asked + 3);
    expect(f.store.count).toBe(9);
    expect(f.events.filter((e) => e.type === 'reset')).toEqual([]);
    await f.stop();
  });

  it.each([
    ['honours Range', true],
    ['ignores Range', false],
  ])('a server that %s: a truncated body is a reset, and the rows are what it holds now', async (_, range) => {
    const state = { body: body(0, 6), range };
    const f = follow(await serve(state));
    await f.until(() => f.store.count === 6);
    state.body = body(0, 2, 'b');
    await f.until(() => f.events.some((e) => e.type === 'reset') && f.store.count === 2);
    expect(f.events.find((e) => e.type === 'reset')).toEqual({
      type: 'reset',
      message: 'truncated: re-read from the start',
    });
    state.body += body(2, 3, 'b');
    await f.until(() => f.store.count === 3);
    expect(f.store.count).toBe(3);
    await f.stop();
  });

  it.each([
    ['honours Range', true],
    ['ignores Range', false],
  ])('a server that %s: a body rewritten and grown is a reset too (replaced)', async (_, range) => {
    const state = { body: body(0, 4), range };
    const f = follow(await serve(state));
    await f.until(() => f.store.count === 4);
    state.body = body(0, 6, 'c');
    await f.until(() => f.events.some((e) => e.type === 'reset') && f.store.count === 6);
    expect(f.events.find((e) => e.type === 'reset')).toEqual({
      type: 'reset',
      message: 'replaced: re-read from the start',
    });
    expect(f.store.count).toBe(6);
    await f.stop();
  });
});
