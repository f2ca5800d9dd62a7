import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { percentile } from '../../src/kit/values.js';
import { latencyStats, statsOf } from '../../src/store/stats.js';
import { bundledPrices, PRICE_PACKAGE_VERSION, withOverrides } from '../../src/trace/prices.js';
import { at, storeOf } from '../helpers/store.js';

const turn = (ms: number, model: string | undefined, usage: object | undefined, extra: object = {}) => ({
  t: at(ms),
  type: 'turn',
  role: 'assistant',
  ...(model ? { model } : {}),
  blocks: [{ type: 'text', text: 'x' }],
  ...(usage ? { usage } : {}),
  ...extra,
});

describe('per-model aggregates', () => {
  it('excludes an echoed turn that carries usage from every per-model figure', () => {
    const s = storeOf([
      turn(0, 'claude-sonnet-4-5', { input_tokens: 100, output_tokens: 10 }),
      turn(5, 'claude-sonnet-4-5', { input_tokens: 9999, output_tokens: 9999 }, { echoed: true }),
      turn(6, undefined, { input_tokens: 5, output_tokens: 5 }, { echoed: true }),
    ]);
    const m = statsOf(s, 0).models!;
    expect(m.perModel.map((p) => [p.model, p.calls, p.inputTokens, p.outputTokens])).toEqual([
      ['claude-sonnet-4-5', 1, 100, 10],
    ]);
    expect(m.summary).toMatchObject({
      assistantTurns: 1,
      turns: 3,
      echoedTurns: 2,
      inputTokens: 100,
      outputTokens: 10,
    });
  });

  it('never adds thinking tokens to output', () => {
    const s = storeOf([turn(0, 'm', { input_tokens: 1, output_tokens: 100, thinking_tokens: 60 })]);
    const p = statsOf(s, 0).models!.perModel[0]!;
    expect([p.outputTokens, p.thinkingTokens, p.thinkingEstimated]).toEqual([100, 60, false]);
  });

  it('estimates thinking from text only when no exact count, and says so', () => {
    const s = storeOf([
      turn(
        0,
        'm',
        { input_tokens: 1, output_tokens: 100 },
        { blocks: [{ type: 'thinking', thinking: 'y'.repeat(40) }] },
      ),
      turn(1, 'm', { input_tokens: 1, output_tokens: 100, thinking_tokens: 7 }),
    ]);
    const m = statsOf(s, 0).models!;
    expect([m.perModel[0]!.thinkingTokens, m.perModel[0]!.thinkingEstimated]).toEqual([17, true]);
    expect([m.summary.thinkingExactTokens, m.summary.thinkingEstimatedTokens]).toEqual([7, 10]);
  });

  it('tells null (no data) from 0', () => {
    const s = storeOf([
      turn(0, 'nousage', undefined),
      turn(1, 'zero', { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0 }),
      turn(2, 'nocache', { input_tokens: 10, output_tokens: 1 }),
    ]);
    const byModel = Object.fromEntries(statsOf(s, 0).models!.perModel.map((p) => [p.model, p]));
    expect(byModel.nousage).toMatchObject({
      calls: 1,
      inputTokens: null,
      outputTokens: null,
      cacheReadTokens: null,
      cacheHitRate: null,
      estCostUsd: null,
    });
    expect(byModel.zero).toMatchObject({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheCreationTokens: null,
      cacheHitRate: null,
    });
    expect(byModel.nocache).toMatchObject({ inputTokens: 10, cacheReadTokens: null, cacheHitRate: null });
  });

  it('puts a turn without a model in "(no model)" and computes the cache hit rate over all input', () => {
    const s = storeOf([
      turn(0, undefined, {
        input_tokens: 100,
        output_tokens: 1,
        cache_read_input_tokens: 300,
        cache_creation_input_tokens: 100,
      }),
    ]);
    const p = statsOf(s, 0).models!.perModel[0]!;
    expect([p.model, p.cacheHitRate]).toEqual(['(no model)', 0.6]);
  });

  it('is null when there is no counted assistant turn', () => {
    const s = storeOf([
      { t: at(0), type: 'turn', role: 'user', blocks: [] },
      turn(1, 'm', { input_tokens: 1, output_tokens: 1 }, { echoed: true }),
    ]);
    expect(statsOf(s, 0).models).toBeNull();
  });

  it('sorts models by calls, then name', () => {
    const s = storeOf([
      turn(0, 'b', undefined),
      turn(1, 'a', undefined),
      turn(2, 'c', undefined),
      turn(3, 'c', undefined),
    ]);
    expect(statsOf(s, 0).models!.perModel.map((p) => p.model)).toEqual(['c', 'a', 'b']);
  });

  it('takes TTFT and latency percentiles by nearest rank', () => {
    const s = storeOf(
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((v, i) =>
        turn(i, 'm', undefined, { timing: { ttft_ms: v, duration_ms: v * 10 } }),
      ),
    );
    const p = statsOf(s, 0).models!.perModel[0]!;
    expect([p.ttftP50Ms, p.ttftP95Ms, p.latencyP50Ms, p.latencyMaxMs]).toEqual([50, 100, 500, 1000]);
    expect(statsOf(s, 0).models!.summary.totalModelTimeMs).toBe(5500);
  });
});

describe('nearest-rank percentile', () => {
  it.each([
    [[5], 50, 5],
    [[1, 2], 50, 1],
    [[1, 2], 95, 2],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 95, 19],
  ])('%j p%i = %i', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
  it('is null for no values', () => expect(percentile([], 50)).toBeNull());

  it('latencyStats selects what sorting gives, without reordering its input', () => {
    // A seeded generator: lengths around the rank boundaries, duplicates, fractions, zeros.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const n of [1, 2, 3, 19, 20, 21, 39, 40, 41, 100, 1001, 20000]) {
      for (const spread of [3, 1000]) {
        const values = Array.from({ length: n }, () => Math.floor(rand() * spread) + (rand() < 0.3 ? 0.5 : 0));
        const copy = [...values];
        const sorted = [...values].sort((a, b) => a - b);
        expect(latencyStats(values), `n=${n} spread=${spread}`).toEqual({
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted[n - 1],
        });
        expect(values).toEqual(copy);
      }
    }
    expect(latencyStats([])).toEqual({ p50: null, p95: null, max: null });
  });
});

describe('cost', () => {
  it('prices by hand: input + cache read + cache write + output at the model rates', () => {
    // claude-sonnet-5: $2 in, $0.2 cache read, $2.5 cache write, $10 out per MTok.
    const s = storeOf([
      turn(0, 'claude-sonnet-5', {
        input_tokens: 1000,
        output_tokens: 500,
        cache_read_input_tokens: 10000,
        cache_creation_input_tokens: 2000,
      }),
    ]);
    const m = statsOf(s, 0).models!;
    // (1000 × 2 + 10000 × 0.2 + 2000 × 2.5 + 500 × 10) / 1e6, exactly.
    expect(m.perModel[0]!.estCostUsd).toBe(0.014);
    expect(m.cost).toMatchObject({
      estimated: true,
      currency: 'USD',
      partial: false,
      unpricedModels: [],
      source: `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`,
    });
  });

  it('agrees with @pydantic/genai-prices calcPrice, including the >200k tier', () => {
    const provider = findProvider({ providerId: 'anthropic' })!;
    const price = bundledPrices().lookup('claude-sonnet-4-5')!;
    for (const u of [
      { input: 1000, output: 100, cacheRead: 500, cacheWrite: 200 },
      { input: 250_000, output: 100, cacheRead: 0, cacheWrite: 0 },
    ]) {
      const theirs = calcPrice(
        {
          input_tokens: u.input + u.cacheRead + u.cacheWrite,
          cache_read_tokens: u.cacheRead,
          cache_write_tokens: u.cacheWrite,
          output_tokens: u.output,
        },
        'claude-sonnet-4-5',
        { provider },
      )!;
      expect(price.cost(u, Date.parse('2026-05-01T00:00:00Z'))).toBeCloseTo(theirs.total_price, 12);
    }
  });

  it('applies 0.1x / 1.25x of the input rate where the table lists no cache rate', () => {
    // gpt-4o lists input $2.5 and cache read $1.25 but no cache write.
    const cost = bundledPrices()
      .lookup('gpt-4o')!
      .cost({ input: 0, output: 0, cacheRead: 0, cacheWrite: 1_000_000 }, null);
    expect(cost).toBeCloseTo(2.5 * 1.25, 12);
  });

  it('matches exact ids, listed aliases and dated variants, and fails closed on anything else', () => {
    const p = bundledPrices();
    expect(p.lookup('gpt-4o-2024-08-06')?.id).toBe('gpt-4o');
    expect(p.lookup('claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
    expect(p.lookup('claude-opus-4-1-2025-08-05')?.id).toBe('claude-opus-4-1');
    expect(p.lookup('gemini-2.5-pro')?.id).toBe('gemini-2.5-pro');
    for (const loose of ['claude-sonnet-4-5-experimental', 'gpt-4o-mini-foo', 'my-claude-sonnet-4-5', 'claude', 'nope'])
      expect(p.lookup(loose), loose).toBeNull();
  });

  it('never shows an unpriced model as $0: null cost, listed, total partial', () => {
    const s = storeOf([
      turn(0, 'claude-sonnet-5', { input_tokens: 1_000_000, output_tokens: 0 }),
      turn(1, 'local-llama', { input_tokens: 10, output_tokens: 10 }),
    ]);
    const m = statsOf(s, 0).models!;
    const local = m.perModel.find((p) => p.model === 'local-llama')!;
    expect([local.priced, local.estCostUsd]).toEqual([false, null]);
    expect(m.cost).toMatchObject({ totalUsd: 2, partial: true, unpricedModels: ['local-llama'] });
  });

  it('has a null total when nothing could be priced', () => {
    const s = storeOf([turn(0, 'local-llama', { input_tokens: 10, output_tokens: 10 })]);
    expect(statsOf(s, 0).models!.cost).toMatchObject({
      totalUsd: null,
      partial: false,
      unpricedModels: ['local-llama'],
    });
  });

  it('prices each turn on its own, so a long-context tier applies per request', () => {
    const u = { input_tokens: 150_000, output_tokens: 0 };
    const s = storeOf([turn(0, 'claude-sonnet-4-5', u), turn(1, 'claude-sonnet-4-5', u)]);
    expect(statsOf(s, 0).models!.perModel[0]!.estCostUsd).toBe(0.9);
  });

  it('lets --prices rows in LiteLLM shape override and extend the table', () => {
    const prices = withOverrides(bundledPrices(), 'p.json', {
      'local-llama': { input_cost_per_token: 0.000001, output_cost_per_token: 0.000002 },
      'claude-sonnet-5': { input_cost_per_token: 0.00001, output_cost_per_token: 0 },
    });
    const s = storeOf(
      [
        turn(0, 'local-llama', { input_tokens: 10, output_tokens: 10, cache_read_input_tokens: 100 }),
        turn(1, 'claude-sonnet-5', { input_tokens: 10, output_tokens: 0 }),
      ],
      prices,
    );
    const m = statsOf(s, 0).models!;
    // 10 × 1e-6 + 10 × 2e-6 + 100 × 1e-7, exactly.
    expect(m.perModel.find((p) => p.model === 'local-llama')!.estCostUsd).toBe(0.00004);
    expect(m.perModel.find((p) => p.model === 'claude-sonnet-5')!.estCostUsd).toBe(1e-4);
    expect(m.cost.partial).toBe(false);
  });

  it('names the price package version that package.json pins', () => {
    expect(pkg.devDependencies['@pydantic/genai-prices']).toBe(PRICE_PACKAGE_VERSION);
  });
});

describe('call groups', () => {
  it('take room for latencies as they arrive, none of their own for a group with none (20,000 tool names)', () => {
    // A trace may name a tool per call: each name is a group, twice over (its calls and
    // its tool_uses). A buffer made for every group cost a 25 MB trace of 100,000 names
    // over 100 MB more at its peak than the lists it holds.
    const lines: object[] = [];
    for (let i = 0; i < 20_000; i++) {
      lines.push({
        t: at(i),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: `t${i}` } },
      });
      if (i % 2 === 0) lines.push({ t: at(i + 1), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: {} } });
    }
    const agg = storeOf(lines).aggregates;
    const groups = [...agg.methods.values(), ...[...agg.tools.values()].flatMap((t) => [t.mcp, t.turn])];
    expect(groups).toHaveLength(40_001);
    let latencies = 0;
    let held = 0;
    for (const g of groups) {
      latencies += g.latencies.length;
      held += g.latencies.data.byteLength;
    }
    expect(latencies).toBe(20_000);
    // A double per latency and the room a list grows by (half again), not a buffer per group.
    expect(held).toBeLessThanOrEqual(latencies * 8 * 1.5);
    // And the empty ones share one empty list: no typed array (and buffer) each.
    const empty = groups.filter((g) => g.latencies.length === 0);
    expect(empty.length).toBe(30_000);
    expect(new Set(empty.map((g) => g.latencies.data)).size).toBe(1);
  });
});
