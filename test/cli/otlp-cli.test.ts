import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { linkedPair } from '../../src/store/links.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { runAsync } from '../helpers/cli.js';
import { attrs, type DecodedRequest, decodeProtobuf, spansOf, startReceiver } from '../helpers/otlp-receiver.js';
import { REAL_TRACES } from '../helpers/shared.js';

const dir = mkdtempSync(join(tmpdir(), 'otlp-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLANES = ['test/fixtures/two-planes/mcp.jsonl', 'test/fixtures/two-planes/agent.jsonl'];
const RUN = 'huggingface-co-2026-08-20T17-23-48-886Z';
const REAL = [`${REAL_TRACES}${RUN}.mcp.jsonl`, `${REAL_TRACES}${RUN}.agent.jsonl`];

/** The calls and counted turns a store has, and how many mcp tools/calls link a turn's tool_use. */
async function expected(files: string[]) {
  const store = new TraceStore(bundledPrices());
  for (const f of files) await ingest(store, new FileSource(f));
  let links = 0;
  for (let p = 0; p < store.pairs.length; p++) if (store.pairs.isMcp(p) && linkedPair(store, p) !== null) links++;
  const calls = [...store.aggregates.methods.values()].reduce((n, m) => n + m.calls, 0);
  const errors = [...store.aggregates.methods.values()].reduce((n, m) => n + m.errors, 0);
  return { spans: calls + store.aggregates.assistantTurns, turns: store.aggregates.assistantTurns, links, errors };
}

describe('--otlp-endpoint: OTLP/HTTP to a collector (a loopback receiver)', () => {
  it('protobuf by default, decoded with the official schema: a span per call and turn, parents, headers from OTEL_EXPORTER_OTLP_HEADERS', async () => {
    const receiver = await startReceiver();
    const r = await runAsync([...REAL, '--otlp-endpoint', receiver.url], {
      env: { OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20cGs6c2s=,x-langfuse-ingestion-version=4' },
    });
    await receiver.close();
    const want = await expected(REAL);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `mcp-replay-tui: sent ${want.spans} spans in 1 request to ${receiver.url}/v1/traces (OTLP http/protobuf)\n`,
    );
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.url).toBe('/v1/traces');
    expect(got!.headers['content-type']).toBe('application/x-protobuf');
    expect(got!.headers.authorization).toBe('Basic cGs6c2s=');
    expect(got!.headers['x-langfuse-ingestion-version']).toBe('4');
    const spans = spansOf(decodeProtobuf(got!.body));
    expect(spans).toHaveLength(want.spans);
    expect(spans.filter((s) => s.name.startsWith('chat '))).toHaveLength(want.turns);
    expect(spans.filter((s) => attrs(s)['error.type'] !== undefined)).toHaveLength(want.errors);
    // Every linked tools/call under a chat span of the same trace.
    const ids = new Map(spans.map((s) => [s.spanId, s]));
    const children = spans.filter((s) => s.parentSpanId);
    expect(children).toHaveLength(want.links);
    expect(want.links).toBeGreaterThan(10);
    for (const c of children) {
      expect(c.name.startsWith('tools/call ')).toBe(true);
      expect(ids.get(c.parentSpanId!)?.name.startsWith('chat ')).toBe(true);
      expect(ids.get(c.parentSpanId!)?.traceId).toBe(c.traceId);
      expect(Number(BigInt(c.startTimeUnixNano) >= BigInt(ids.get(c.parentSpanId!)!.startTimeUnixNano))).toBe(1);
    }
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(spans.every((s) => /^[0-9a-f]{16}$/.test(s.spanId) && /^[0-9a-f]{32}$/.test(s.traceId))).toBe(true);
  });

  it('--otlp-protocol http/json sends what --export-otlp writes, with the same ids as protobuf', async () => {
    const json = await startReceiver();
    const file = join(dir, 'planes.otlp.json');
    const a = await runAsync([
      ...PLANES,
      '--otlp-endpoint',
      json.url,
      '--otlp-protocol',
      'http/json',
      '--export-otlp',
      file,
    ]);
    const proto = await startReceiver();
    const b = await runAsync([...PLANES, '--otlp-endpoint', `${proto.url}/v1/traces`]);
    await Promise.all([json.close(), proto.close()]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(json.received[0]!.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(json.received[0]!.body.toString()) as DecodedRequest;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(sent);
    expect(proto.received[0]!.url).toBe('/v1/traces');
    const ids = (spans: { spanId: string; parentSpanId?: string }[]) => spans.map((s) => [s.spanId, s.parentSpanId]);
    expect(ids(spansOf(decodeProtobuf(proto.received[0]!.body)))).toEqual(ids(spansOf(sent)));
    expect(spansOf(sent)).toHaveLength(4);
    expect(a.stderr).toContain('wrote 4 spans to');
  });

  it('exit 1 naming the status on any other answer, at once; the URL redacted, the body made inert', async () => {
    const receiver = await startReceiver([401], { body: 'bad key \x1b]0;pwned\x07\x1b[2J' });
    const url = receiver.url.replace('http://', 'http://pk:hunter2@');
    const r = await runAsync([...PLANES, '--otlp-endpoint', `${url}/?api_key=s3cret`]);
    await receiver.close();
    expect(r.code).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // The URL's userinfo went as Basic auth.
    expect(receiver.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('pk:hunter2').toString('base64')}`);
    expect(r.stderr).toContain('the collector answered HTTP 401 Unauthorized: bad key');
    expect(r.stderr).toContain('cannot send to http://***@127.0.0.1:');
    expect(r.stderr).toContain('api_key=***');
    expect(r.stderr).not.toMatch(/hunter2|s3cret|\x1b|\x07/);
    expect(r.stderr.split('\n')).toHaveLength(2);
  });

  it('--filter applies; an endpoint that is no http(s) URL: exit 2', async () => {
    const receiver = await startReceiver();
    const filtered = await runAsync([...PLANES, '--filter', 'method:tools/call', '--otlp-endpoint', receiver.url]);
    await receiver.close();
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(spansOf(decodeProtobuf(receiver.received[0]!.body)).map((s) => s.name)).toEqual([
      'tools/call search',
      'tools/call search',
    ]);
    const bad = await runAsync([...PLANES, '--otlp-endpoint', 'ftp://127.0.0.1/x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected an http:// or https:// URL');
  });
});

describe('--export-otlp FILE', () => {
  it('hostile strings are data in the spans; what is printed about them is inert', async () => {
    const evil = 'x\x1b]52;c;cHduZWQ=\x07\u202e\x1b[2J';
    const trace = join(dir, 'hostile.jsonl');
    writeFileSync(
      trace,
      [
        {
          t: '2026-01-01T00:00:00.000Z',
          dir: 'in',
          raw: { jsonrpc: '2.0', id: evil, method: 'tools/call', params: { name: evil } },
        },
        {
          t: '2026-01-01T00:00:00.500Z',
          dir: 'out',
          raw: { jsonrpc: '2.0', id: evil, error: { code: -1, message: evil } },
        },
        {
          t: '2026-01-01T00:00:01.000Z',
          type: 'turn',
          role: 'assistant',
          model: evil,
          blocks: [],
          usage: { input_tokens: 1 },
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const out = join(dir, `spans-${'\x1b[31m'}.json`);
    const r = await runAsync([trace, '--export-otlp', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/\x1b/);
    const spans = spansOf(JSON.parse(readFileSync(out, 'utf8')) as DecodedRequest);
    expect(spans.map((s) => s.name)).toEqual([`tools/call ${evil}`, `chat ${evil}`]);
    expect(attrs(spans[0]!)).toMatchObject({ 'gen_ai.tool.name': evil, 'jsonrpc.request.id': evil });
    expect(spans[0]!.status?.message).toBe(evil);
    expect(attrs(spans[1]!)['gen_ai.request.model']).toBe(evil);
  });
});
