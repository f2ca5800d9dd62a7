import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../src/ingest/ingest.js';
import { skippedNote } from '../../../src/report/skipped-note.js';
import { DocumentSource, NotTraceError } from '../../../src/sources/document-source.js';
import { FileSource } from '../../../src/sources/file-source.js';
import { notTraceText } from '../../../src/store/not-trace.js';
import { statsOf } from '../../../src/store/stats.js';
import { TraceStore } from '../../../src/store/trace-store.js';
import { Kind } from '../../../src/trace/enums.js';
import { FORMAT_NAMES } from '../../../src/trace/formats/format.js';
import { otlpLines } from '../../../src/trace/formats/otlp/otlp-read.js';
import { formatReader } from '../../../src/trace/formats/reader.js';
import { RecordingValidator } from '../../../src/trace/formats/validate-recording.js';
import { bundledPrices } from '../../../src/trace/prices.js';
import { storeOfRecording, textSource } from '../../helpers/formats.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/otlp/', import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const NS = (ms: number) => `${BigInt(Date.parse('2026-05-12T23:00:00.000Z') + ms) * 1_000_000n}`;
type Attr = [string, string | number | boolean];
const value = (v: string | number | boolean) =>
  typeof v === 'string'
    ? { stringValue: v }
    : typeof v === 'boolean'
      ? { boolValue: v }
      : Number.isInteger(v)
        ? { intValue: String(v) }
        : { doubleValue: v };

/** An OTLP span as the file exporter writes it. */
function span(id: string, name: string, from: number, to: number, attrs: Attr[] = [], more: object = {}) {
  return {
    traceId: TRACE,
    spanId: id,
    name,
    kind: 3,
    startTimeUnixNano: NS(from),
    endTimeUnixNano: NS(to),
    attributes: attrs.map(([key, v]) => ({ key, value: value(v) })),
    status: {},
    ...more,
  };
}

/** One TracesData (a line of the file exporter's JSONL). */
const tracesData = (spans: object[], service = 'agent-x') => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
      scopeSpans: [{ scope: { name: 's' }, spans }],
    },
  ],
});

const CHAT = 'a000000000000001';
const chat = span(CHAT, 'chat claude-sonnet-5', 0, 900, [
  ['gen_ai.operation.name', 'chat'],
  ['gen_ai.provider.name', 'anthropic'],
  ['gen_ai.request.model', 'claude-sonnet-5'],
  ['gen_ai.usage.input_tokens', 1150],
  ['gen_ai.usage.output_tokens', 40],
  ['gen_ai.usage.cache_read.input_tokens', 1000],
  ['gen_ai.usage.cache_write.input_tokens', 50],
  ['gen_ai.usage.reasoning.output_tokens', 12],
]);
const call = (id: string, tool: string, rpcId: string, from: number, to: number, attrs: Attr[] = [], more = {}) =>
  span(
    id,
    `tools/call ${tool}`,
    from,
    to,
    [
      ['mcp.method.name', 'tools/call'],
      ['gen_ai.tool.name', tool],
      ['gen_ai.operation.name', 'execute_tool'],
      ['jsonrpc.request.id', rpcId],
      ...attrs,
    ],
    { parentSpanId: CHAT, ...more },
  );

/** A run in two lines, children before their parent: the file exporter writes spans as they end. */
const runLines = [
  tracesData([
    call('b000000000000001', 'search', '1', 1000, 1300),
    call('b000000000000002', 'search', '2', 1400, 1500, [['error.type', 'tool_error']], {
      status: { code: 2, message: 'no such page' },
    }),
    call('b000000000000003', 'fetch', '3', 1600, 1650, [
      ['error.type', '-32602'],
      ['rpc.response.status_code', '-32602'],
    ]),
    call('b000000000000004', 'fetch', '4', 1700, 2000, [['mcp_replay.pending', true]]),
    span('c000000000000001', 'db.query', 1010, 1200, [
      ['db.system', 'postgresql'],
      ['my.unknown', 'kept'],
    ]),
  ]),
  tracesData([chat]),
].map((d) => JSON.stringify(d));

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'otlp-test-'));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function storeOfText(text: string, perBatch = 1): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  const source = new DocumentSource(textSource(text, perBatch), formatReader);
  await ingest(store, source);
  return store;
}

describe('OTLP/JSON traces, known by content', () => {
  it('an ExportTraceServiceRequest document (the protocol’s own example): its span as an event row', async () => {
    const store = await storeOfRecording(fixture('proto-trace.json'));
    const f = store.files[0]!;
    expect(f.format.name).toBe(FORMAT_NAMES.otlp);
    expect(f.meta?.label).toBe('my.service');
    expect(f.counts).toMatchObject({ meta: 1, event: 1, message: 0, turn: 0 });
    const event = [...Array(store.count).keys()].find((r) => store.kindOf(r) === Kind.event)!;
    expect(store.labelOf(event)).toBe("I'm a server span");
    // The detail view reads the record back: name, duration, every attribute.
    const detail = JSON.parse(store.rawLine(event)!);
    expect(detail.raw).toMatchObject({ name: "I'm a server span", durationMs: 1000, kind: 'SERVER' });
    expect(detail.raw.attributes).toEqual({ 'my.span.attr': 'some value' });
  });

  it('the file exporter’s JSON Lines (real, base64 ids as protobuf’s JSON writes them): every span a record', async () => {
    const store = await storeOfRecording(fixture('otlp2parquet-traces.jsonl'));
    const f = store.files[0]!;
    expect(f.format.name).toBe(FORMAT_NAMES.otlp);
    expect(f.meta?.label).toBe('product-catalog');
    expect(f.counts.event).toBe(19);
    expect(f.skipped).toBe(0);
  });

  it.each([
    ['proto-logs.json', 'logs'],
    ['proto-metrics.json', 'metrics'],
  ])('%s is not traces: refused with what it holds', async (name, signal) => {
    await expect(storeOfRecording(fixture(name))).rejects.toThrow(NotTraceError);
    await expect(storeOfRecording(fixture(name))).rejects.toThrow(`OpenTelemetry ${signal}`);
    // On one line too (JSON Lines of logs).
    const oneLine = JSON.stringify(JSON.parse(textOf(fixture(name))));
    await expect(storeOfText(`${oneLine}\n`)).rejects.toThrow(`holds OpenTelemetry ${signal}`);
  });
});

const textOf = (path: string): string => readFileSync(path, 'utf8');

describe('MCP and model spans', () => {
  it('calls with their status and latency, a turn with its model and tokens (input without cache)', async () => {
    const store = await storeOfText(`${runLines.join('\n')}\n`);
    const agg = store.aggregates;
    expect(store.files[0]!.meta?.label).toBe('agent-x');
    const search = agg.tools.get('search')!.mcp;
    const fetch = agg.tools.get('fetch')!.mcp;
    expect([search.calls, search.errors, search.pending]).toEqual([2, 1, 0]);
    expect([fetch.calls, fetch.errors, fetch.pending]).toEqual([2, 1, 1]);
    expect([...search.latencies.data.subarray(0, search.latencies.length)].sort()).toEqual([100, 300]);
    const model = agg.models.get('claude-sonnet-5')!;
    expect(model).toMatchObject({ calls: 1, input: 100, output: 40, cacheRead: 1000, cacheWrite: 50 });
    expect(model.thinkingExact).toBe(12);
    expect(model.durations).toEqual([900]);
    // Every span is a record: 4 requests, 3 responses, 1 event, 1 turn, and the meta and end lines.
    expect(store.count).toBe(11);
    expect(store.files[0]!.counts).toMatchObject({ message: 7, event: 1, turn: 1 });
    // Any other span is an event named after it; every attribute, unknown ones too, in its detail.
    const event = [...Array(store.count).keys()].find((r) => store.kindOf(r) === Kind.event)!;
    expect(store.labelOf(event)).toBe('db.query');
    expect(JSON.parse(store.rawLine(event)!).raw).toMatchObject({
      durationMs: 190,
      attributes: { 'db.system': 'postgresql', 'my.unknown': 'kept' },
    });
  });

  it('the run ends when its last span ends, not when its last record starts', async () => {
    // The unanswered call ends last (2000 ms) and has no record there; the last record is its request (1700 ms).
    for (const text of [`${runLines.join('\n')}\n`, `${[...runLines].reverse().join('\n')}\n`]) {
      const session = statsOf(await storeOfText(text), 0).session;
      expect(session.endedAt).toBe(new Date(Date.parse('2026-05-12T23:00:00.000Z') + 2000).toISOString());
      expect(session.records.end).toBe(1);
    }
    // An event span's end counts too: one span, a record at its start only.
    const one = statsOf(
      await storeOfText(`${JSON.stringify(tracesData([span('c000000000000009', 'db.query', 0, 750)]))}\n`),
      0,
    );
    expect(one.session.durationMs).toBe(750);
    // A pretty-printed document as well.
    const doc = await storeOfRecording(
      tempFile('doc.json', JSON.stringify(tracesData([span('c000000000000009', 'db.query', 0, 750)]), null, 2)),
    );
    expect(statsOf(doc, 0).session.durationMs).toBe(750);
  });

  it('the tool error’s text and the JSON-RPC error’s code reach the error list', async () => {
    const store = await storeOfText(`${runLines.join('\n')}\n`);
    const texts = [...Array(store.count).keys()].map((r) => store.errorTextOf(r)).filter((t) => t !== null);
    expect(new Set(texts)).toEqual(new Set(['no such page', '-32602 (code -32602)']));
  });

  it('parent links: each call keeps the span of the turn that asked for it', () => {
    const lines = runLines.flatMap((l, i) => otlpLines(JSON.parse(l), { metaDone: i > 0 }, () => i + 1));
    const records = lines.map((l) => ('text' in l ? JSON.parse(l.text) : l));
    const turn = records.find((r) => r.type === 'turn');
    expect(turn.corr_id).toBe(CHAT);
    const requests = records.filter((r) => r.dir === 'in' && r.raw.method === 'tools/call');
    expect(requests.map((r) => r.corr_id)).toEqual([CHAT, CHAT, CHAT, CHAT]);
    expect(requests.map((r) => r.otlp.parentSpanId)).toEqual([CHAT, CHAT, CHAT, CHAT]);
    // Every record names the line its span is on.
    expect(lines.filter((l) => l.lineNo === 1)).toHaveLength(1 + 7 + 1);
  });

  it('a followed file’s spans are read a line at a time, and read back from where they were kept', async () => {
    const store = await storeOfText(`${runLines.join('\n')}\n`, 1);
    for (let r = 0; r < store.count; r++) expect(() => JSON.parse(store.rawLine(r)!)).not.toThrow();
  });
});

describe('bad input: read, counted and named, never a crash or a hang', () => {
  const bad = (spans: object[]) => `${JSON.stringify(tracesData(spans))}\n`;

  it('a traceId of the wrong length skips that span, saying which and why', async () => {
    const store = await storeOfText(bad([{ ...span('d000000000000001', 'x', 0, 1), traceId: 'abc' }]));
    expect(store.files[0]!.skipped).toBe(1);
    expect(store.skips[0]!.reason).toBe(
      'span resourceSpans[0].scopeSpans[0].spans[0]: traceId is not 32 hex digits ("abc")',
    );
  });

  it('a file none of whose spans reads is no trace, and summary says why, with the first reason', async () => {
    const store = await storeOfRecording(fixture('otlp2parquet-bad-ids.json'));
    expect(notTraceText(store, 0)).toMatch(
      /has no span that reads: 1 span skipped \(line 20: span resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]: traceId is not 32 hex digits \("zzz"\)\)$/,
    );
    expect(skippedNote(store, 0)).toMatch(/skipped 1 unreadable span: line 20$/);
  });

  it('missing times, a parent not in the file, itself as parent, a cycle: each read as a row', async () => {
    const noTimes = { ...span('d000000000000002', 'no-times', 0, 1) } as Record<string, unknown>;
    delete noTimes.startTimeUnixNano;
    delete noTimes.endTimeUnixNano;
    const store = await storeOfText(
      bad([
        noTimes,
        span('d000000000000003', 'orphan', 0, 1, [], { parentSpanId: 'ffffffffffffffff' }),
        span('d000000000000004', 'self', 0, 1, [], { parentSpanId: 'd000000000000004' }),
        span('d000000000000005', 'cycle-a', 0, 1, [], { parentSpanId: 'd000000000000006' }),
        span('d000000000000006', 'cycle-b', 0, 1, [], { parentSpanId: 'd000000000000005' }),
      ]),
    );
    expect(store.files[0]!.counts.event).toBe(5);
    expect(store.files[0]!.skipped).toBe(0);
    const noTime = [...Array(store.count).keys()].find((r) => store.labelOf(r) === 'no-times')!;
    expect(store.tOf(noTime)).toBeNull();
  });

  it('many spans on one line: all read (a line over 64 MiB, such as 10^6 spans, is skipped by the line reader)', async () => {
    const spans = Array.from({ length: 5_000 }, (_, i) =>
      span((0xe000000000000000n + BigInt(i)).toString(16), `s${i}`, i, i + 1),
    );
    const store = await storeOfText(bad(spans));
    expect(store.files[0]!.counts.event).toBe(5_000);
  });

  it('validate names each fault FILE:LINE, a span on its own line of a pretty-printed document', () => {
    const v = new RecordingValidator(Infinity);
    const text = textOf(fixture('otlp2parquet-bad-ids.json'));
    for (const [i, l] of text.split('\n').entries()) v.push(l, i + 1);
    const findings = v.finish();
    expect(v.format.name).toBe(FORMAT_NAMES.otlp);
    // The span starts on line 20; both its ids are no ids ("zzz", "xyz").
    expect(findings.map((f) => [f.line, f.rule])).toEqual([
      [20, 'otlp-trace-id'],
      [20, 'otlp-span-id'],
    ]);
  });

  it('validate: parents across lines of JSON Lines, cycles, times, counts', () => {
    const v = new RecordingValidator(Infinity);
    const noEnd = { ...span('f000000000000001', 'x', 0, 1) } as Record<string, unknown>;
    delete noEnd.endTimeUnixNano;
    const lines = [
      tracesData([noEnd, span('f000000000000002', 'orphan', 0, 1, [], { parentSpanId: 'ffffffffffffffff' })]),
      tracesData([
        span('f000000000000003', 'self', 0, 1, [], { parentSpanId: 'f000000000000003' }),
        span('f000000000000004', 'a', 0, 1, [], { parentSpanId: 'f000000000000005' }),
      ]),
      tracesData([
        span('f000000000000005', 'b', 0, 1, [['gen_ai.usage.output_tokens', -3]], {
          parentSpanId: 'f000000000000004',
        }),
      ]),
    ];
    for (const [i, l] of lines.entries()) v.push(JSON.stringify(l), i + 1);
    const findings = v.finish();
    expect(findings.map((f) => [f.line, f.rule])).toEqual([
      [1, 'otlp-time'],
      [1, 'otlp-parent-missing'],
      [2, 'otlp-parent-self'],
      [2, 'otlp-parent-cycle'],
      [3, 'usage-count'],
    ]);
  });
});

describe('a big local file', () => {
  it('a first line over the 64 KiB head still shows OTLP: read a line at a time, never by ranges', () => {
    const spans = Array.from({ length: 1000 }, (_, i) =>
      span((0xe100000000000000n + BigInt(i)).toString(16), `s${i}`, i, i + 1),
    );
    const path = tempFile('big.json', `${JSON.stringify(tracesData(spans))}\n`);
    const source = new DocumentSource(new FileSource(path), formatReader);
    try {
      expect(source.format()?.name).toBe(FORMAT_NAMES.otlp);
      expect(source.wholeFile).toBeUndefined();
      expect(source.isDocument()).toBe(true);
    } finally {
      source.close();
    }
  });
});
