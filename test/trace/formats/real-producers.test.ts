import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Shape } from '../../../src/trace/enums.js';
import { RecordingValidator } from '../../../src/trace/formats/validate-recording.js';
import { storeOfRecording } from '../../helpers/formats.js';
import { realProducerFiles } from '../../helpers/shared.js';

interface Op {
  method: string;
  tool: string | null;
  observed: 'ok' | 'isError' | 'rpcError' | 'cancelled';
}

/** What the client did, counted as the store counts calls: per key, calls, errors and unanswered. */
function expected(ops: Op[], key: (op: Op) => string | null) {
  const out: Record<string, { calls: number; errors: number; pending: number }> = {};
  for (const op of ops) {
    const k = key(op);
    if (k === null) continue;
    const e = (out[k] ??= { calls: 0, errors: 0, pending: 0 });
    e.calls++;
    if (op.observed === 'isError' || op.observed === 'rpcError') e.errors++;
    if (op.observed === 'cancelled') e.pending++;
  }
  return out;
}

const FORMAT_OF: Record<string, string> = { 'mcp-rec': 'mcp-rec', 'mcp-recorder': 'mcp-recorder cassette' };

describe('real recorders: the calls their clients made', () => {
  it('finds the examples', () => expect(realProducerFiles.length).toBeGreaterThanOrEqual(2));

  it.each(realProducerFiles.map((f) => [f.recording.split('/').pop()!, f]))(
    '%s: the same calls, errors and pending per method and tool as its ops.json, by its own format',
    async (_name, { ops: opsPath, recording }) => {
      const doc = JSON.parse(readFileSync(opsPath, 'utf8')) as { via: string; ops: Op[] };
      const store = await storeOfRecording(recording);
      const f = store.files[0]!;
      expect(f.format.name).toBe(FORMAT_OF[doc.via]);
      expect(f.skipped).toBe(0);
      const methods = expected(doc.ops, (op) => op.method);
      const got = Object.fromEntries(
        [...f.aggregates.methods].map(([name, a]) => [name, { calls: a.calls, errors: a.errors, pending: a.pending }]),
      );
      // The server's own requests (sampling) are not the client's ops: every other method is.
      for (const [name, counts] of Object.entries(methods)) expect([name, got[name]]).toEqual([name, counts]);
      expect(Object.keys(got).filter((m) => !(m in methods))).toEqual(
        doc.ops.some((op) => op.tool === 'trigger-sampling-request') ? ['sampling/createMessage'] : [],
      );
      const tools = expected(doc.ops, (op) => (op.method === 'tools/call' ? op.tool : null));
      const gotTools = Object.fromEntries(
        [...f.aggregates.tools].map(([name, { mcp: a }]) => [
          name,
          { calls: a.calls, errors: a.errors, pending: a.pending },
        ]),
      );
      expect(gotTools).toEqual(tools);
    },
  );

  it.each(realProducerFiles.map((f) => [f.recording.split('/').pop()!, f.recording]))(
    '%s validates by its own format with no error and no warning',
    (_name, recording) => {
      const v = new RecordingValidator();
      const lines = readFileSync(recording, 'utf8').replace(/\n$/, '').split('\n');
      for (const [i, text] of lines.entries()) v.push(text, i + 1);
      expect(v.finish()).toEqual([]);
      expect([v.errors, v.warnings]).toEqual([0, 0]);
    },
  );

  it('a cassette: each latency is its latency_ms, each record on the line of its request or response', async () => {
    const recording = realProducerFiles.find((f) => f.recording.endsWith('.json'))!.recording;
    const text = readFileSync(recording, 'utf8');
    const cassette = JSON.parse(text) as {
      interactions: { request: { id?: number }; response: object | null; latency_ms: number }[];
    };
    const store = await storeOfRecording(recording);
    const lines = text.split('\n');
    const requests = [...Array(store.count).keys()].filter((r) => store.shapeOf(r) === Shape.request);
    const answered = cassette.interactions.filter((it) => it.response !== null);
    expect(requests.map((r) => store.callLatency(r))).toEqual(answered.map((it) => it.latency_ms));
    for (const r of requests) {
      expect(lines[store.lineOf(r) - 1]).toMatch(/^\s*"request": \{$/);
      expect(lines[store.lineOf(store.pairedRow(r)) - 1]).toMatch(/^\s*"response": \{$/);
    }
    // Times are the start plus the latencies so far: the session lasts their sum.
    const total = cassette.interactions.reduce((n, it) => n + it.latency_ms, 0);
    expect(store.files[0]!.maxT! - store.files[0]!.firstT!).toBe(total);
  });
});
