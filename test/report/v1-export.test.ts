import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { exportLines } from '../../src/report/jsonl-export.js';
import { mcpRecExport } from '../../src/report/mcp-rec-export.js';
import { v1Export } from '../../src/report/v1-export.js';
import { DocumentSource } from '../../src/sources/document-source.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { TraceStore as Store } from '../../src/store/trace-store.js';
import { Kind, Shape } from '../../src/trace/enums.js';
import { formatReader } from '../../src/trace/formats/reader.js';
import { RecordingValidator } from '../../src/trace/formats/validate-recording.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { storeOfRecording, textSource } from '../helpers/formats.js';
import { REAL_PRODUCERS, realProducerFiles, realTraceFiles } from '../helpers/shared.js';

const validate = (lines: Iterable<string>) => {
  const v = new RecordingValidator(Infinity);
  let n = 0;
  for (const line of lines) v.push(line, ++n);
  return { format: v.format.name, findings: v.finish() };
};
/** What only the frame of an export can get wrong. */
const FRAME_RULES = [
  'meta-first',
  'meta-missing',
  'meta-fields',
  'end-not-last',
  'end-fields',
  'not-json',
  'not-object',
];
const all = (store: TraceStore) => Int32Array.from({ length: store.count }, (_, i) => i);
/** Every third record: what a filter might keep. */
const some = (store: TraceStore) => all(store).filter((row) => row % 3 === 1);

const FILES = [
  'examples/demo.jsonl',
  'test/fixtures/mcp-rec.jsonl',
  'test/fixtures/malformed.jsonl',
  'test/fixtures/two-planes/mcp.jsonl',
  ...realProducerFiles.map((f) => f.recording),
  ...realTraceFiles,
];

describe('--export and w write a v1 trace that validates', () => {
  it.each(FILES.map((f) => [f.split('/').pop()!, f]))(
    '%s: all records, and every third, framed as v1',
    async (_n, file) => {
      const store = await storeOfRecording(file);
      for (const rows of [all(store), some(store)]) {
        const out = [...v1Export(store, rows)];
        const { format, findings } = validate(out);
        expect(format).toBe('mcp-replay v1');
        expect(findings.filter((f) => FRAME_RULES.includes(f.rule))).toEqual([]);
        expect(JSON.parse(out[0]!).type).toBe('meta');
        expect(JSON.parse(out.at(-1)!).type).toBe('end');
        // Between them, the chosen records as recorded (mcp-rec's as v1 lines: checked below).
        if (store.files[0]!.format.name !== 'mcp-rec') {
          const framing = new Set<number>([Kind.meta, Kind.end, Kind.skip]);
          const body = rows.filter((r) => !framing.has(store.kindOf(r)));
          expect(out.slice(1, -1)).toEqual([...exportLines(store, body)]);
        }
      }
    },
  );

  it("mcp-rec lines become v1 message lines whose raw is the msg as written, at ts's time", async () => {
    const store = await storeOfRecording(`${REAL_PRODUCERS}mcprec-everything-rich.jsonl`);
    const out = [...v1Export(store, all(store))];
    const source = readFileSync(`${REAL_PRODUCERS}mcprec-everything-rich.jsonl`, 'utf8').trimEnd().split('\n');
    expect(out.length).toBe(source.length + 2);
    expect(validate(out).findings).toEqual([]);
    source.forEach((line, i) => {
      const msg = line.slice(line.indexOf('"msg": ') + 7, -1);
      const ts = Math.round(JSON.parse(line).ts * 1000);
      expect(out[i + 1]).toBe(
        `{"t":"${new Date(ts).toISOString()}","dir":"${line.includes('client->server') ? 'in' : 'out'}","raw":${msg}}`,
      );
    });
    expect(JSON.parse(out[0]!)).toMatchObject({
      startedAt: '2026-12-03T06:15:33.629Z',
      label: 'mcprec-everything-rich',
    });
  });
});

describe('--export-format mcp-rec: the chosen calls, for mcp-rec replay', () => {
  const reread = async (lines: string[]) => {
    const store = new Store(bundledPrices());
    await ingest(store, new DocumentSource(textSource(`${lines.join('\n')}\n`), formatReader));
    return store;
  };
  const toolCalls = (store: TraceStore) =>
    all(store).filter((r) => store.shapeOf(r) === Shape.request && store.labelOf(r) === 'tools/call');

  it.each(realProducerFiles.map((f) => [f.recording.split('/').pop()!, f.recording]))(
    '%s: each chosen call whole, initialize first; valid mcp-rec; the same calls when read back',
    async (_n, file) => {
      const store = await storeOfRecording(file);
      const chosen = toolCalls(store);
      const out = [...mcpRecExport(store, chosen)];
      expect(validate(out)).toEqual({ format: 'mcp-rec', findings: [] });
      const back = await reread(out);
      expect(back.files[0]!.format.name).toBe('mcp-rec');
      expect(JSON.parse(out[0]!).msg.method).toBe('initialize');
      const tools = (s: TraceStore) =>
        Object.fromEntries([...s.files[0]!.aggregates.tools].map(([k, v]) => [k, v.mcp.calls - v.mcp.pending]));
      expect(tools(back)).toEqual(tools(store));
      expect([...back.files[0]!.aggregates.methods.keys()].sort()).toEqual(['initialize', 'tools/call']);
    },
  );

  it('a v1 batch line gives one mcp-rec line per message, each as written', async () => {
    const store = new Store(bundledPrices());
    const lines = [
      '{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":[{"jsonrpc":"2.0","id":1.0,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]}',
      '{"t":"2026-01-01T00:00:00.500Z","dir":"out","raw":{"jsonrpc":"2.0","id":2,"result":{}}}',
    ];
    await ingest(store, new DocumentSource(textSource(`${lines.join('\n')}\n`), formatReader));
    expect([...mcpRecExport(store, [1])]).toEqual([
      '{"ts": 1767225600, "dir": "client->server", "msg": {"jsonrpc":"2.0","id":2,"method":"b"}}',
      '{"ts": 1767225600.5, "dir": "server->client", "msg": {"jsonrpc":"2.0","id":2,"result":{}}}',
    ]);
  });
});
