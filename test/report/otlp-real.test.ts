import { readFileSync } from 'node:fs';
import { SpanKind } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { otlpSpanBatches } from '../../src/report/otlp-spans.js';
import { FileSource } from '../../src/sources/file-source.js';
import { linkedPair } from '../../src/store/links.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { storeOfRecording } from '../helpers/formats.js';
import { attrs, type DecodedSpan, decodeProtobuf, spansOf } from '../helpers/otlp-receiver.js';
import { realProducerFiles, realRuns, realTraceFiles } from '../helpers/shared.js';

/** The spans of a whole store as a collector gets them: serialized by OpenTelemetry, decoded with the official schema. */
function sent(store: TraceStore): DecodedSpan[] {
  const rows = Int32Array.from({ length: store.count }, (_, i) => i);
  return [...otlpSpanBatches(store, rows)].flatMap((batch) =>
    spansOf(decodeProtobuf(ProtobufTraceSerializer.serializeRequest(batch)!)),
  );
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The runs of the real traces: each `X.mcp.jsonl` with its `X.agent.jsonl`, opened together (so tool_use links exist). */
const runs = realTraceFiles
  .filter((f) => f.endsWith('.mcp.jsonl'))
  .map(
    (mcp) =>
      [
        mcp.split('/').pop()!.slice(0, -'.mcp.jsonl'.length),
        [mcp, mcp.replace(/\.mcp\.jsonl$/, '.agent.jsonl')],
      ] as const,
  );

describe('OTLP of the real traces (both planes of each run together)', () => {
  it('finds every run', () => expect(runs).toHaveLength(realRuns.length));

  it.each(runs)(
    '%s: a span per call and counted turn; parents, errors, pending, tokens as summary has them',
    async (_run, files) => {
      const store = new TraceStore(bundledPrices());
      for (const f of files) await ingest(store, new FileSource(f));
      const spans = sent(store);
      const agg = store.aggregates;
      const methods = [...agg.methods.values()];
      expect(spans).toHaveLength(sum(methods.map((m) => m.calls)) + agg.assistantTurns);
      expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
      expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
      const a = spans.map(attrs);
      expect(a.filter((x) => x['error.type'] !== undefined)).toHaveLength(sum(methods.map((m) => m.errors)));
      expect(a.filter((x) => x['mcp_replay.pending'] === true)).toHaveLength(sum(methods.map((m) => m.pending)));
      // Each tools/call linked to a tool_use is the child of that turn's span, and only those.
      let links = 0;
      for (let p = 0; p < store.pairs.length; p++) if (store.pairs.isMcp(p) && linkedPair(store, p) !== null) links++;
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      const children = spans.filter((s) => s.parentSpanId !== undefined);
      expect(children).toHaveLength(links);
      for (const c of children) expect(byId.get(c.parentSpanId!)?.name).toMatch(/^chat /);
      // Tokens: the sums over the chat spans are summary's (no turn of these overflows).
      const models = [...agg.models.values()];
      expect(agg.overflowTurns).toBe(0);
      const total = (key: string) => sum(a.map((x) => (typeof x[key] === 'number' ? (x[key] as number) : 0)));
      expect(total('gen_ai.usage.output_tokens')).toBe(sum(models.map((m) => m.output)));
      expect(total('gen_ai.usage.cache_read.input_tokens')).toBe(sum(models.map((m) => m.cacheRead)));
      expect(total('gen_ai.usage.input_tokens')).toBe(sum(models.map((m) => m.input + m.cacheRead + m.cacheWrite)));
      // Every call span names its method; every chat span its model.
      for (const [i, s] of spans.entries()) {
        if (s.name.startsWith('chat')) expect(s.name).toBe(`chat ${a[i]!['gen_ai.request.model']}`);
        else expect(s.name.split(' ')[0]).toBe(a[i]!['mcp.method.name']);
      }
    },
  );
});

interface Op {
  method: string;
  tool: string | null;
  observed: 'ok' | 'isError' | 'rpcError' | 'cancelled';
  note: string;
}

describe('OTLP of the real recorders: the spans of the calls their clients made', () => {
  it('finds the examples', () => expect(realProducerFiles.length).toBeGreaterThanOrEqual(2));

  it.each(realProducerFiles.map((f) => [f.recording.split('/').pop()!, f]))(
    '%s: the client calls in order, each with its tool, error and pending as its ops.json says',
    async (_name, { ops: opsPath, recording }) => {
      const { ops } = JSON.parse(readFileSync(opsPath, 'utf8')) as { ops: Op[] };
      const spans = sent(await storeOfRecording(recording));
      // The client's calls (CLIENT); the server's own requests (sampling) are SERVER spans.
      const client = spans.filter((s) => s.kind === SpanKind.CLIENT + 1);
      const server = spans.filter((s) => s.kind === SpanKind.SERVER + 1);
      expect(server.map((s) => s.name)).toEqual(
        ops.some((op) => op.tool === 'trigger-sampling-request') ? ['sampling/createMessage'] : [],
      );
      expect(client).toHaveLength(ops.length);
      expect(client.length + server.length).toBe(spans.length);
      const got = client.map((s) => {
        const a = attrs(s);
        return [
          a['mcp.method.name'],
          a['gen_ai.tool.name'] ?? null,
          a['error.type'] ?? null,
          a['mcp_replay.pending'] ?? false,
        ];
      });
      const want = ops.map((op) => [
        op.method,
        op.tool,
        op.observed === 'isError'
          ? 'tool_error'
          : op.observed === 'rpcError'
            ? /error (-?\d+)/.exec(op.note)![1]!
            : null,
        op.observed === 'cancelled',
      ]);
      expect(got).toEqual(want);
      for (const s of client) {
        expect(s.name).toBe(
          attrs(s)['gen_ai.tool.name'] !== undefined ? `tools/call ${attrs(s)['gen_ai.tool.name']}` : s.name,
        );
        expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
      }
    },
  );
});
