import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { REAL_TRACES, realRuns, realTraceFiles } from '../helpers/shared.js';

async function statsFor(path: string) {
  const store = new TraceStore(bundledPrices());
  await ingest(store, new FileSource(path));
  return { store, doc: statsOf(store, 0) };
}

describe('every real trace', () => {
  it('has both planes of each run', () => expect(realTraceFiles.length).toBe(2 * realRuns.length));

  it.each(realTraceFiles.map((f) => [f.slice(REAL_TRACES.length), f]))(
    '%s: nothing skipped, counts add up, every call accounted for',
    async (_name, path) => {
      const lines = readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const { store, doc } = await statsFor(path);
      const r = doc.session.records;
      expect(doc.session.skippedLines).toBe(0);
      expect(r.total).toBe(lines.length);
      expect(r.meta + r.message + r.event + r.turn + r.end + r.other).toBe(r.total);
      expect(r.meta).toBe(1);
      expect(r.end).toBe(1);
      expect(doc.session.endReason).toBe('eval_complete');
      expect(doc.session.exitCode).toBeNull();
      const parsed = lines.map(
        (l) => JSON.parse(l) as { type?: string; dir?: string; role?: string; raw?: { method?: string; id?: unknown } },
      );
      expect(r.turn).toBe(parsed.filter((p) => p.type === 'turn').length);
      expect(r.event).toBe(parsed.filter((p) => p.dir === 'event').length);
      // Every tools/call request shows up in the tool table, answered or pending.
      const toolCalls = parsed.filter(
        (p) => p.dir === 'in' && p.raw?.method === 'tools/call' && p.raw.id !== undefined,
      ).length;
      const mcpCalls = doc.tools.filter((t) => t.origin !== 'turn').reduce((s, t) => s + t.calls, 0);
      expect(mcpCalls).toBe(toolCalls);
      // Counted assistant turns are exactly the non-echoed assistant turns.
      expect(doc.models?.summary.assistantTurns ?? 0).toBe(
        parsed.filter((p) => p.type === 'turn' && p.role === 'assistant').length,
      );
      expect(store.count).toBeGreaterThanOrEqual(lines.length);
    },
  );

  // Figures computed by hand with jq over the files (see docs/stats.md, "Checking the numbers").
  it('docs-mcp-cloudflare-com 2026-08-19T20-56: agent plane usage and cost', async () => {
    const { doc } = await statsFor(join(REAL_TRACES, 'docs-mcp-cloudflare-com-2026-08-19T20-56-16-949Z.agent.jsonl'));
    const m = doc.models!;
    expect(
      m.perModel.map((p) => [
        p.model,
        p.calls,
        p.inputTokens,
        p.outputTokens,
        p.cacheReadTokens,
        p.cacheCreationTokens,
        p.priced,
      ]),
    ).toEqual([['claude-sonnet-5', 16, 44518, 1707, 0, 0, true]]);
    // claude-sonnet-5 at $2 / $10 per MTok: 44518 × 2e-6 + 1707 × 1e-5.
    // Summed in whole nano-dollars: the decimal itself, not a double's neighbour of it.
    expect(m.cost.totalUsd).toBe(0.106106);
    expect(m.summary).toMatchObject({
      assistantTurns: 16,
      turns: 33,
      echoedTurns: 0,
      cacheHitRate: 0,
      totalModelTimeMs: null,
    });
    expect(doc.session).toMatchObject({
      label: 'docs-mcp-cloudflare-com',
      kind: 'llm',
      startedAt: '2026-08-19T20:56:16.949Z',
      producer: 'fitness-report@0.1.0',
      command: ['fitness-report', 'https://docs.mcp.cloudflare.com/mcp'],
    });
  });

  it('docs-mcp-cloudflare-com 2026-08-19T20-56: mcp plane tools and the -32020 error', async () => {
    const { doc } = await statsFor(join(REAL_TRACES, 'docs-mcp-cloudflare-com-2026-08-19T20-56-16-949Z.mcp.jsonl'));
    expect(doc.models).toBeNull();
    expect(doc.tools.map((t) => [t.name, t.calls, t.errors, t.pending, t.origin])).toEqual([
      ['search_cloudflare_documentation', 5, 0, 0, 'mcp'],
      ['migrate_pages_to_workers_guide', 3, 0, 0, 'mcp'],
      ['__fitness_report_probe_tool__', 1, 1, 0, 'mcp'],
    ]);
    expect(doc.errors).toHaveLength(1);
    expect(doc.errors[0]).toMatchObject({ source: 'tool', name: '__fitness_report_probe_tool__' });
    expect(doc.errors[0]!.message).toMatch(/\(code -32020\)$/);
    expect(doc.session.records).toEqual({ total: 51, meta: 1, message: 28, event: 21, turn: 0, end: 1, other: 0 });
  });

  it('gitmcp-io 2026-08-20T00-02: agent plane sums', async () => {
    const { doc } = await statsFor(join(REAL_TRACES, 'gitmcp-io-2026-08-20T00-02-42-466Z.agent.jsonl'));
    const p = doc.models!.perModel[0]!;
    expect([p.calls, p.inputTokens, p.outputTokens]).toEqual([68, 216615, 10505]);
    // 216615 × 2e-6 + 10505 × 1e-5, exactly.
    expect(p.estCostUsd).toBe(0.53828);
  });

  it('gitmcp-io 2026-08-19T21-26: an agent file with no turns has null models', async () => {
    const { doc } = await statsFor(join(REAL_TRACES, 'gitmcp-io-2026-08-19T21-26-37-136Z.agent.jsonl'));
    expect(doc.models).toBeNull();
    expect(doc.tools).toEqual([]);
    expect(doc.session.records).toMatchObject({ total: 2, turn: 0 });
  });
});
