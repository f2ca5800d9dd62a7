import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { expandArg, LinkError, paneForView } from '../../src/sources/links.js';
import { OpenError, openSource } from '../../src/sources/open-source.js';
import type { Line, SourceEvent } from '../../src/sources/types.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { startTraceServer, TRACE } from '../helpers/http-server.js';

let server: Awaited<ReturnType<typeof startTraceServer>>;
beforeAll(async () => {
  server = await startTraceServer();
});
afterAll(() => server.close());

async function readAll(url: string) {
  const source = await openSource(url);
  const lines: Line[] = [];
  const events: SourceEvent[] = [];
  for await (const batch of source.lines((e) => events.push(e))) lines.push(...batch);
  return { source, lines, texts: lines.map((l) => l.text), events };
}

describe('http(s) sources', () => {
  const expected = TRACE.trimEnd().split('\n');

  it('streams a trace and reads rows back by offset', async () => {
    const r = await readAll(`${server.base}/trace.jsonl`);
    expect(r.texts).toEqual(expected);
    expect(r.source.readBytes(r.lines[2]!.offset, r.lines[2]!.length).toString()).toBe(expected[2]);
    expect(
      r.events.some((e) => e.type === 'progress' && e.bytes === Buffer.byteLength(TRACE) && typeof e.rate === 'number'),
    ).toBe(true);
    r.source.close();
  });

  it('decodes a slow chunked body cut inside a multi-byte character', async () => {
    const r = await readAll(`${server.base}/slow.jsonl`);
    expect(r.texts).toEqual(expected);
    r.source.close();
  });

  it('decodes gzip and follows redirects', async () => {
    expect((await readAll(`${server.base}/gzip.jsonl`)).texts).toEqual(expected);
    expect((await readAll(`${server.base}/moved`)).texts).toEqual(expected);
  });

  it('explains 401 (private PlatAtlas traces need --public) and 404, naming the URL, before reading', async () => {
    await expect(openSource(`${server.base}/private`)).rejects.toThrow(
      new OpenError(
        `${server.base}/private`,
        'HTTP 401 Unauthorized: the trace is private. PlatAtlas traces must be uploaded with `mcp-tape upload --public` to be fetched by URL',
      ),
    );
    await expect(openSource(`${server.base}/nope.jsonl`)).rejects.toThrow(
      `cannot open ${server.base}/nope.jsonl: HTTP 404 Not Found: no trace at this address`,
    );
  });

  it('names DNS failures and refused connections', async () => {
    await expect(openSource('http://no-such-host.invalid/t.jsonl')).rejects.toThrow(
      /cannot open http:\/\/no-such-host\.invalid\/t\.jsonl: cannot resolve the host name/,
    );
    const closed = await startTraceServer();
    await closed.close();
    await expect(openSource(`${closed.base}/t.jsonl`)).rejects.toThrow(/: connection refused$/);
  });

  it('keeps what arrived when the connection is cut, and says where it stopped', async () => {
    const store = new TraceStore(bundledPrices());
    await ingest(store, await openSource(`${server.base}/cut.jsonl`));
    const f = store.files[0]!;
    expect(f.state).toBe('error');
    expect(f.stateText).toMatch(/stopped after \d+ bytes \(line 3\): what arrived is shown/);
    expect(statsOf(store, 0).session.records).toMatchObject({ meta: 1, message: 1 });
    expect(f.skipped).toBe(1); // the half line
  });

  it('polls a growing URL with Range requests when following', async () => {
    const source = new HttpSource(`${server.base}/growing.jsonl`, { follow: true, pollMs: 50 });
    await source.open();
    const texts: string[] = [];
    const reading = (async () => {
      for await (const batch of source.lines()) texts.push(...batch.map((l) => l.text));
    })();
    const until = async (n: number) => {
      const end = Date.now() + 8000;
      while (texts.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };
    await until(2);
    server.grow(`${expected.slice(2).join('\n')}\n`);
    await until(4);
    expect(texts).toEqual(expected);
    source.close();
    await reading;
  });
});

describe('mcpreplay.dev links', () => {
  it('opens every trace of ?trace=a;b, decoded, and picks the pane from #view=', () => {
    const a = 'https://x.example/a.jsonl';
    const b = 'https://x.example/b c.jsonl';
    expect(
      expandArg(`https://mcpreplay.dev/?trace=${encodeURIComponent(a)};${encodeURIComponent(b)}#view=calls`),
    ).toEqual({ targets: [a, b], view: 'calls' });
    expect(expandArg(`https://mcpreplay.dev/?diff=${a};${a}`).targets).toEqual([a, a]);
    expect(paneForView('events')).toBe('events');
    expect(expandArg('trace.jsonl')).toEqual({ targets: ['trace.jsonl'], view: null });
  });

  it('says what a bare share id or a relative path needs', () => {
    expect(() => expandArg('https://mcpreplay.dev/?trace=1f0e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b')).toThrow(LinkError);
    expect(() => expandArg('https://mcpreplay.dev/?trace=1f0e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b')).toThrow(
      /share id.*pass the trace's own https:\/\/ URL/,
    );
    expect(() => expandArg('https://mcpreplay.dev/?trace=examples/filesystem-short.jsonl')).toThrow(
      'pass https://mcpreplay.dev/examples/filesystem-short.jsonl',
    );
    expect(() => expandArg('https://mcpreplay.dev/')).toThrow(/needs \?trace=URL/);
  });
});
