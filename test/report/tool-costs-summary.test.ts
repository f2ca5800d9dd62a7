import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { summaryText } from '../../src/report/summary-table.js';
import { FileSource } from '../../src/sources/file-source.js';
import { statsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { run, SUMMARY_JSON_KEYS } from '../helpers/cli.js';
import { REAL_TRACES } from '../helpers/shared.js';

const RUN = join(REAL_TRACES, 'huggingface-co-2026-08-20T17-23-48-886Z');

async function plane(name: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  await ingest(store, new FileSource(`${RUN}.${name}.jsonl`));
  return store;
}

describe('cost per tool in summary (huggingface-co-2026-08-20T17-23-48-886Z)', () => {
  it('summary --json keeps mcp-tape.stats/1 as it is and adds x-costByTool, one entry per tool, and x-prices', async () => {
    const r = run(['summary', '--json', '--no-cache', `${RUN}.mcp.jsonl`, `${RUN}.agent.jsonl`]);
    expect(r.code).toBe(0);
    const [mcp, agent] = JSON.parse(r.stdout) as Record<string, unknown>[];
    for (const [doc, name] of [
      [mcp!, 'mcp'],
      [agent!, 'agent'],
    ] as const) {
      expect(Object.keys(doc)).toEqual(SUMMARY_JSON_KEYS);
      const { 'x-costByTool': costs, 'x-prices': _prices, ...stats } = doc;
      // The contract's fields are exactly those of the stats document alone.
      expect(stats).toEqual(JSON.parse(JSON.stringify(statsOf(await plane(name), 0))));
      expect((costs as { name: string }[]).map((c) => c.name)).toEqual(
        (stats.tools as { name: string }[]).map((t) => t.name),
      );
    }
    // The mcp plane's calls are charged through the agent plane named with it.
    const costs = mcp!['x-costByTool'] as Record<string, unknown>[];
    const expected = toolCosts(await plane('mcp'), { turns: await plane('agent') });
    expect(costs).toEqual(JSON.parse(JSON.stringify(expected)));
    // The harness's probe: no turn asked for it.
    const probe = costs.find((c) => c.name === '__fitness_report_probe_tool__')!;
    expect([probe.calls, probe.unattributedCalls, probe.outputTokens, probe.costUsd]).toEqual([1, 1, null, null]);
    const hf = costs.find((c) => c.name === 'hf_fs')!;
    expect(hf.attributedCalls).toBeGreaterThan(0);
    expect(hf.costUsd).toBeGreaterThan(0);
    // Alone, the mcp plane has no turns to charge.
    const alone = JSON.parse(run(['summary', '--json', '--no-cache', `${RUN}.mcp.jsonl`]).stdout);
    expect(alone['x-costByTool'].every((c: { attributedCalls: number }) => c.attributedCalls === 0)).toBe(true);
  });

  it('the tool table shows TOKENS and COST, – for calls no turn asked for, within 80 columns', async () => {
    const mcp = await plane('mcp');
    const costs = toolCosts(mcp, { turns: await plane('agent') });
    const text = summaryText(mcp, 0, undefined, 80, costs);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    const header = lines.find((l) => l.startsWith('TOOL'))!;
    expect(header.split(/\s{2,}/)).toEqual(['TOOL', 'CALLS', 'ERRORS', 'PENDING', 'P50', 'TOKENS', 'COST']);
    expect(lines.find((l) => l.startsWith('__fitness_report_probe_tool__'))).toMatch(/\s–\s+–$/);
    const hf = costs.find((c) => c.name === 'hf_fs')!;
    expect(lines.find((l) => l.startsWith('hf_fs'))).toMatch(
      new RegExp(`\\s${hf.outputTokens!.toLocaleString('en-US')}\\s+\\$${hf.costUsd!.toFixed(2)}$`),
    );
    expect(text).toContain('TOKENS, COST: share of the turn that asked for the call (– no turn asked)');
    // Wide, every column; the mcp plane alone has no tool_uses to show beside its calls.
    expect(
      summaryText(mcp, 0, undefined, Infinity, costs)
        .split('\n')
        .find((l) => l.startsWith('TOOL'))!
        .split(/\s{2,}/),
    ).toEqual(['TOOL', 'CALLS', 'ERRORS', 'PENDING', 'P50', 'P95', 'MAX', 'TOKENS', 'COST']);
  });

  it("named with its agent plane, the mcp plane's table shows the agent's tool_uses beside its calls, and says why they differ", () => {
    const r = run(['summary', '--no-cache', `${RUN}.mcp.jsonl`, `${RUN}.agent.jsonl`]);
    expect(r.code).toBe(0);
    const [mcp, agent] = r.stdout.split(`${RUN}.agent.jsonl ·`);
    const row = (text: string, name: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`${name} `))!
        .split(/\s{2,}/);
    expect(row(mcp!, 'TOOL')).toEqual([
      'TOOL',
      'CALLS',
      'ERRORS',
      'PENDING',
      'P50',
      'P95',
      'MAX',
      'USES',
      'TOKENS',
      'COST',
    ]);
    // 69 tools/call on the wire, 86 tool_uses of the agent.
    expect(row(mcp!, 'hf_fs').slice(0, 2)).toEqual(['hf_fs', '69']);
    expect(row(mcp!, 'hf_fs')[7]).toBe('86');
    expect(mcp).toContain("CALLS: tools/call on the wire; USES: the agent's tool_use blocks (more uses than calls");
    // The agent plane's own table counts its tool_uses, and says so.
    expect(row(agent!, 'hf_fs').slice(0, 2)).toEqual(['hf_fs', '86']);
    expect(agent).toContain("CALLS: the agent's tool_use blocks (no tools/call here");
  });
});

describe('summary counts each call once in a file with both planes', () => {
  it('the demo: write_file is one failed call, as in Calls, and its error is listed once', () => {
    const r = run(['summary', '--no-cache', 'examples/demo.jsonl']);
    expect(r.code).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.startsWith('write_file '))!;
    expect(line.split(/\s{2,}/).slice(0, 3)).toEqual(['write_file', '1', '1']);
    expect(r.stdout.match(/ tool {5}write_file: EACCES/g)).toHaveLength(1);
    expect(r.stdout).not.toContain('mixed');
    // --json keeps the contract: both planes counted, origin mixed.
    const doc = JSON.parse(run(['summary', '--json', '--no-cache', 'examples/demo.jsonl']).stdout);
    expect(doc.tools.find((t: { name: string }) => t.name === 'write_file')).toMatchObject({
      calls: 2,
      errors: 2,
      origin: 'mixed',
    });
  });
});

describe('PENDING counts cancelled requests (never answered), and says how many', () => {
  it.each([
    [[], 1],
    [['--filter', 'status:pending'], 0],
    [['--filter', 'status:cancelled'], 1],
  ])('summary %j', (args, cancelled) => {
    const r = run(['summary', '--no-cache', 'examples/demo.jsonl', ...args]);
    expect(r.code).toBe(0);
    expect(r.stdout.includes('PENDING: never answered, 1 cancelled request among them')).toBe(cancelled === 1);
  });
});
