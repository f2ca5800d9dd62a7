import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { otlpJsonPieces } from '../../src/report/otlp-json.js';
import { otlpSpanBatches } from '../../src/report/otlp-spans.js';
import { FileSource } from '../../src/sources/file-source.js';
import { linkedPair } from '../../src/store/links.js';
import { cancelledCalls, errorsOf, toolsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { FORMAT_NAMES } from '../../src/trace/formats/format.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { storeOfRecording } from '../helpers/formats.js';
import { realTraceFiles } from '../helpers/shared.js';
import { at, fillStore } from '../helpers/store.js';

/*
 * `--export-otlp` of a run, opened again, gives the same `summary` figures: per tool
 * its calls, errors and pending ones and their latencies; per method the same; per
 * model its turns and tokens.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The store's spans as `--export-otlp` writes them, in a file, read back as every command reads a file. */
async function exportedAndOpened(store: TraceStore): Promise<TraceStore> {
  const rows = Int32Array.from({ length: store.count }, (_, i) => i);
  const bytes = Buffer.concat([...otlpJsonPieces(otlpSpanBatches(store, rows))]);
  const dir = mkdtempSync(join(tmpdir(), 'otlp-round-trip-'));
  dirs.push(dir);
  const path = join(dir, 'spans.json');
  writeFileSync(path, bytes);
  const opened = await storeOfRecording(path);
  expect(opened.files[0]!.format.name).toBe(FORMAT_NAMES.otlp);
  return opened;
}

/** What `summary` says per tool, per method and per model (the tool table of the mcp plane: calls on the wire). */
function figures(store: TraceStore) {
  const agg = store.aggregates;
  const byName = <T extends [string, ...unknown[]]>(rows: T[]) => rows.sort((a, b) => a[0].localeCompare(b[0]));
  return {
    tools: byName(toolsOf(agg, true).map((t) => [t.name, t.calls, t.errors, t.pending, t.p50Ms, t.p95Ms, t.maxMs])),
    methods: byName([...agg.methods].map(([m, a]) => [m, a.calls, a.errors, a.pending])),
    models: byName(
      [...agg.models.values()].map((m) => [
        m.model,
        m.calls,
        m.input,
        m.output,
        m.cacheRead,
        m.cacheWrite,
        m.thinkingExact,
        m.costNano,
      ]),
    ),
    assistantTurns: agg.assistantTurns,
    links: linksOf(store),
    costByTool: byName(
      toolCosts(store, { mcpPlaneOnly: true }).map((c) => [
        c.name,
        c.calls,
        c.attributedCalls,
        c.unattributedCalls,
        c.outputTokens,
        c.costUsd,
      ]),
    ),
    cancelled: cancelledCalls(store),
    llmErrors: errorsOf(agg, true).filter((e) => e.source === 'llm'),
  };
}

/** Which turn asked for each tools/call (`l`): the call's tool and time, the turn's time. */
function linksOf(store: TraceStore) {
  const links: [string | null, number | null, number | null][] = [];
  for (let p = 0; p < store.pairs.length; p++) {
    if (!store.pairs.isMcp(p)) continue;
    const turn = linkedPair(store, p);
    const call = store.pairs.reqRowOf(p);
    links.push([store.nameOf(call), store.tOf(call), turn === null ? null : store.tOf(store.pairs.reqRowOf(turn))]);
  }
  return links.sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0) || String(a[0]).localeCompare(String(b[0])));
}

/** A JSON-RPC request at `t` and, unless `answer` is null, its answer `ms` later (a server's request: `from` 'out'). */
function call(t: number, id: unknown, method: string, params: object, answer: object | null, ms = 0, from = 'in') {
  const back = from === 'in' ? 'out' : 'in';
  const lines: object[] = [{ t: at(t), dir: from, raw: { jsonrpc: '2.0', id, method, params } }];
  if (answer !== null) lines.push({ t: at(t + ms), dir: back, raw: { jsonrpc: '2.0', id, ...answer } });
  return lines;
}
const assistant = (t: number, model: string, usage: object, tool?: string) => ({
  t: at(t),
  type: 'turn',
  role: 'assistant',
  model,
  blocks: tool ? [{ type: 'tool_use', id: `u-${t}`, name: tool, input: {} }] : [{ type: 'text', text: 'a' }],
  usage,
  timing: { duration_ms: 300 },
});

/** A run of two planes with every outcome the figures tell apart. */
function handMadeRun(): TraceStore {
  const store = new TraceStore(bundledPrices());
  fillStore(
    store,
    [
      { v: 1, type: 'meta', startedAt: at(0), label: 'round', command: ['x'], kind: 'mcp' },
      ...call(100, 1, 'initialize', {}, { result: {} }, 50),
      ...call(1000, 2, 'tools/call', { name: 'search', arguments: {} }, { result: { content: [] } }, 300),
      ...call(
        2000,
        3,
        'tools/call',
        { name: 'search', arguments: {} },
        { result: { isError: true, content: [{ type: 'text', text: 'no page' }] } },
        50,
      ),
      ...call(
        3000,
        'f-4',
        'tools/call',
        { name: 'fetch', arguments: {} },
        { error: { code: -32602, message: 'Invalid params' } },
        400,
      ),
      ...call(4000, 5, 'tools/call', { name: 'fetch', arguments: {} }, null),
      ...call(4200, 7, 'tools/call', { name: 'search', arguments: { q: 'gone' } }, null),
      { t: at(4300), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } } },
      ...call(4500, 6, 'sampling/createMessage', {}, { result: {} }, 200, 'out'),
      { t: at(9000), type: 'end', durationMs: 9000, reason: 'eval_complete' },
    ],
    'round.mcp.jsonl',
  );
  fillStore(
    store,
    [
      { v: 1, type: 'meta', startedAt: at(0), label: 'round', command: ['x'], kind: 'llm' },
      { t: at(500), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'q' }] },
      { t: at(600), dir: 'event', kind: 'llm.error', raw: { endpoint: 'https://api.example/v1', status: 529 } },
      assistant(
        900,
        'claude-sonnet-5',
        { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 3000, cache_creation_input_tokens: 40 },
        'search',
      ),
      assistant(2900, 'claude-sonnet-5', { input_tokens: 7, output_tokens: 9, thinking_tokens: 4 }, 'fetch'),
      assistant(5000, 'gpt-5', { input_tokens: 50, output_tokens: 5 }),
      { ...assistant(5000, 'gpt-5', { input_tokens: 50, output_tokens: 5 }), echoed: true },
      { t: at(9000), type: 'end', durationMs: 9000, reason: 'eval_complete' },
    ],
    'round.agent.jsonl',
  );
  return store;
}

describe('--export-otlp, opened again: the same summary figures', () => {
  it('a hand-made run: tools, errors of both kinds, a pending call, cache and thinking tokens, an echoed turn', async () => {
    const store = handMadeRun();
    const before = figures(store);
    // The run holds what the test is about (else it could pass on nothing).
    expect(before.tools).toEqual([
      ['fetch', 2, 1, 1, 400, 400, 400],
      ['search', 3, 1, 1, 50, 300, 300],
    ]);
    expect(before.assistantTurns).toBe(3);
    expect(before.links.filter(([, , turn]) => turn !== null)).toHaveLength(2);
    expect(before.costByTool.map(([name, , attributed]) => [name, attributed])).toEqual([
      ['fetch', 1],
      ['search', 1],
    ]);
    expect(before.cancelled).toBe(1);
    expect(before.llmErrors).toEqual([
      { t: at(600), source: 'llm', name: 'https://api.example/v1', message: 'HTTP 529' },
    ]);
    expect(figures(await exportedAndOpened(store))).toEqual(before);
  });

  const runs = realTraceFiles.filter((f) => f.endsWith('.mcp.jsonl'));
  it.each(runs.map((f) => [f.split('/').pop()!.slice(0, -'.mcp.jsonl'.length), f]))(
    'real run %s (both planes)',
    async (_run, mcp) => {
      const store = new TraceStore(bundledPrices());
      for (const f of [mcp, mcp.replace(/\.mcp\.jsonl$/, '.agent.jsonl')]) await ingest(store, new FileSource(f));
      expect(figures(await exportedAndOpened(store))).toEqual(figures(store));
    },
  );
});
