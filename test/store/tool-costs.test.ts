import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { linkedPair } from '../../src/store/links.js';
import { mergesPlanes } from '../../src/store/stats.js';
import { apportion, toolCosts, toolCostsInSteps } from '../../src/store/tool-costs.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { REAL_TRACES, realTraceFiles } from '../helpers/shared.js';
import { at, fillStore, storeOf } from '../helpers/store.js';

describe('apportion (largest remainder)', () => {
  it.each([
    [10, [1], [10]],
    [10, [1, 1], [5, 5]],
    [10, [1, 1, 1], [4, 3, 3]], // the unit left goes to the first of equal remainders
    [10, [3, 1], [8, 2]], // 7.5 and 2.5: the tie goes to the earlier
    [7, [10, 20, 70], [1, 1, 5]], // 0.7, 1.4, 4.9: the two units left go to the largest remainders, .9 then .7
    [0, [5, 9], [0, 0]],
    [5, [0, 0], [3, 2]], // no weight at all: equal parts
  ])('%i over %j is %j', (amount, weights, parts) => {
    expect(apportion(amount, weights)).toEqual(parts);
  });

  it('adds up exactly, past what a double multiplies exactly', () => {
    const amount = 2 ** 53 - 1;
    const weights = [1_000_003, 2_999_999, 7];
    const parts = apportion(amount, weights);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
    expect(parts.every(Number.isSafeInteger)).toBe(true);
    // Each part is within one unit of its exact share.
    const total = weights.reduce((a, b) => a + b, 0);
    const off = parts.map((p, i) => Math.abs(p - (amount * weights[i]!) / total));
    expect(Math.max(...off)).toBeLessThan(2);
  });
});

describe('toolCosts', () => {
  const turn = (
    ms: number,
    uses: { name: string; input: object }[],
    usage: object | null,
    model = 'claude-sonnet-5',
  ) => ({
    t: at(ms),
    type: 'turn',
    role: 'assistant',
    model,
    blocks: uses.map((u, i) => ({ type: 'tool_use', id: `u${ms}-${i}`, ...u })),
    ...(usage ? { usage } : {}),
  });
  const call = (ms: number, id: number, name: string, args: object) => ({
    t: at(ms),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
  });
  // claude-sonnet-5: $2 / MTok in, $10 / MTok out (docs/stats.md).
  const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output });
  const price = (input: number, output: number) => input * 2e-6 + output * 10e-6;

  it('charges a turn with one tool_use all of it: its output tokens and its whole cost', () => {
    const s = storeOf([turn(0, [{ name: 'read', input: { path: '/a' } }], usage(1000, 86))]);
    fillStore(s, [call(5, 1, 'read', { path: '/a' }), call(6, 2, 'list', {})], 'x.mcp.jsonl');
    expect(toolCosts(s, { mcpPlaneOnly: mergesPlanes(s, s.aggregates) })).toEqual([
      {
        name: 'list',
        calls: 1,
        attributedCalls: 0,
        unattributedCalls: 1,
        outputTokens: null,
        costUsd: null,
        unpricedCalls: 0,
      },
      {
        name: 'read',
        calls: 1,
        attributedCalls: 1,
        unattributedCalls: 0,
        outputTokens: 86,
        costUsd: price(1000, 86),
        unpricedCalls: 0,
      },
    ]);
  });

  it('splits a turn over its tool_uses by the size of their arguments, the parts adding up exactly', () => {
    // Canonical arguments: {"q":"a"} is 9 bytes, {"q":"aaaaaaaaaaaaaaaaaaaaaaaaaa"} 34: 9/43 and 34/43.
    const small = { q: 'a' };
    const big = { q: 'a'.repeat(26) };
    const s = storeOf([
      turn(
        0,
        [
          { name: 'search', input: small },
          { name: 'fetch', input: big },
        ],
        usage(3001, 101),
      ),
    ]);
    const [fetch, search] = toolCosts(s);
    // 101 × 34/43 = 79.86 and 101 × 9/43 = 21.14: the unit left goes to the larger remainder.
    expect([fetch!.name, fetch!.outputTokens, search!.name, search!.outputTokens]).toEqual(['fetch', 80, 'search', 21]);
    const nanos = Math.round(price(3001, 101) * 1e9);
    expect(Math.round(fetch!.costUsd! * 1e9) + Math.round(search!.costUsd! * 1e9)).toBe(nanos);
    expect(Math.round(fetch!.costUsd! * 1e9)).toBe(apportion(nanos, [9, 34])[1]);
  });

  it('attributes tokens but no cost to an unpriced model, and says how many', () => {
    const s = storeOf([turn(0, [{ name: 'read', input: {} }], usage(10, 7), 'my-own-model')]);
    expect(toolCosts(s)).toEqual([
      {
        name: 'read',
        calls: 1,
        attributedCalls: 1,
        unattributedCalls: 0,
        outputTokens: 7,
        costUsd: null,
        unpricedCalls: 1,
      },
    ]);
  });

  it('charges a tool_use once when its call is counted in the same table', () => {
    // One file with both planes: the tool table counts the tool_use and the call (origin mixed).
    const s = storeOf([turn(0, [{ name: 'read', input: { p: 1 } }], usage(10, 40)), call(3, 1, 'read', { p: 1 })]);
    expect(linkedPair(s, 0)).toBe(1);
    expect(toolCosts(s)[0]).toMatchObject({ calls: 2, attributedCalls: 2, outputTokens: 40 });
    // With the turn filtered out, the call still carries its share; with the call filtered out, the tool_use does.
    expect(toolCosts(s, { keep: (row) => row !== 0 })[0]).toMatchObject({ calls: 1, outputTokens: 40 });
    expect(toolCosts(s, { keep: (row) => row === 0 })[0]).toMatchObject({ calls: 1, outputTokens: 40 });
  });

  it('links calls to the turns of another store (each plane read on its own)', () => {
    const agent = storeOf([turn(0, [{ name: 'read', input: { p: 1 } }], usage(10, 40))], undefined, 'x.agent.jsonl');
    const mcp = storeOf([call(3, 1, 'read', { p: 1 }), call(4, 2, 'read', { p: 2 })], undefined, 'x.mcp.jsonl');
    expect(toolCosts(mcp, { turns: agent })).toEqual([
      {
        name: 'read',
        calls: 2,
        attributedCalls: 1,
        unattributedCalls: 1,
        outputTokens: 40,
        costUsd: price(10, 40),
        unpricedCalls: 0,
      },
    ]);
    // Without the agent plane no call is charged.
    expect(toolCosts(mcp)[0]).toMatchObject({ attributedCalls: 0, outputTokens: null, costUsd: null });
  });

  it('leaves a turn whose counts overflow out of the sums, and counts it', () => {
    const s = storeOf([turn(0, [{ name: 'read', input: {} }], { input_tokens: 1, output_tokens: 2 ** 60 })]);
    expect(toolCosts(s)[0]).toMatchObject({ attributedCalls: 1, outputTokens: null, costUsd: null, overflowCalls: 1 });
  });

  describe('on the real runs', () => {
    const runs = [...new Set(realTraceFiles.map((f) => f.replace(/\.(agent|mcp)\.jsonl$/, '')))].map(
      (r) => r.split('/').pop()!,
    );
    async function open(run: string, planes: string[]): Promise<TraceStore> {
      const store = new TraceStore(bundledPrices());
      for (const plane of planes) await ingest(store, new FileSource(join(REAL_TRACES, `${run}.${plane}.jsonl`)));
      return store;
    }

    it.each(runs.map((r) => [r]))(
      '%s: the tools of the agent plane add up to its turns that asked, exactly',
      async (run) => {
        const s = await open(run, ['agent']);
        let tokens = 0;
        let nanos = 0;
        const turns = s.rows('countedTurns');
        for (let i = 0; i < turns.length; i++)
          if (s.toolLinks(turns[i]!).opened.length) {
            tokens += s.usageOf(i, 'output');
            nanos += Math.round(s.usageOf(i, 'cost') * 1e9);
          }
        const costs = toolCosts(s);
        expect(costs.reduce((a, c) => a + (c.outputTokens ?? 0), 0)).toBe(tokens);
        expect(costs.reduce((a, c) => a + Math.round((c.costUsd ?? 0) * 1e9), 0)).toBe(nanos);
        expect(costs.every((c) => c.unattributedCalls === 0)).toBe(true);
      },
    );

    it('huggingface-co-2026-08-20T17-23-48-886Z, both planes: calls are charged through their links only', async () => {
      const s = await open('huggingface-co-2026-08-20T17-23-48-886Z', ['agent', 'mcp']);
      const costs = toolCosts(s, { mcpPlaneOnly: mergesPlanes(s, s.aggregates) });
      const linked = s.pairs.all().filter((p, i) => p.origin === 'mcp' && linkedPair(s, i) !== null).length;
      expect(costs.reduce((a, c) => a + c.attributedCalls, 0)).toBe(linked);
      expect(costs.reduce((a, c) => a + c.calls, 0)).toBe(s.pairs.all().filter((p) => p.origin === 'mcp').length);
      // The stubbed calls' turns are charged to no tool: fewer tokens than the agent plane's tools.
      const agentOnly = toolCosts(await open('huggingface-co-2026-08-20T17-23-48-886Z', ['agent']));
      const sum = (xs: typeof costs) => xs.reduce((a, c) => a + (c.outputTokens ?? 0), 0);
      expect(sum(costs)).toBeGreaterThan(0);
      expect(sum(costs)).toBeLessThan(sum(agentOnly));
    });
  });
});

describe('toolCostsInSteps', () => {
  it('gives the costs of toolCosts, a slice at a time, and nothing before they are all summed', () => {
    // 600 turns, each asking for one call that reaches the server: more than one slice's worth.
    const lines: object[] = [];
    for (let i = 0; i < 600; i++) {
      lines.push({
        t: at(i * 1000),
        type: 'turn',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        blocks: [{ type: 'tool_use', id: `u${i}`, name: i % 3 ? 'read' : 'write', input: { i } }],
        usage: { input_tokens: 10, output_tokens: 7 + i },
      });
      lines.push({
        t: at(i * 1000 + 5),
        dir: 'in',
        raw: { id: i, method: 'tools/call', params: { name: i % 3 ? 'read' : 'write', arguments: { i } } },
      });
    }
    const store = storeOf(lines);
    const step = toolCostsInSteps(store, { mcpPlaneOnly: true });
    // No time: only asks, works out nothing.
    expect(step(0)).toBeNull();
    let slices = 1;
    let result = step(1e-6);
    while (result === null) {
      slices += 1;
      result = step(1e-6);
    }
    expect(slices).toBeGreaterThan(1);
    expect(result).toEqual(toolCosts(store, { mcpPlaneOnly: true }));
    expect(result.reduce((n, c) => n + c.attributedCalls, 0)).toBe(600);
    expect(step(0)).toBe(result);
  });
});
