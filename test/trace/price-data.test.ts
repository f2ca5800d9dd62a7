import { readFileSync } from 'node:fs';
import { calcPrice, findProvider, type ModelPrice, type Provider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { PROVIDERS, priceModule } from '../../scripts/price-data.mjs';
import { bundledPrices } from '../../src/trace/prices.js';

const RATES = ['input_mtok', 'output_mtok', 'cache_read_mtok', 'cache_write_mtok'];
/** Only the four token rates: the package also charges per request or search, which we do not. */
const tokenRates = (p: ModelPrice): ModelPrice =>
  Object.fromEntries(Object.entries(p).filter(([k]) => RATES.includes(k))) as ModelPrice;

describe('the price extract (src/trace/price-data.ts)', () => {
  it('is what scripts/price-data.mjs writes from the installed @pydantic/genai-prices (regenerate after a bump)', () => {
    expect(readFileSync(new URL('../../src/trace/price-data.ts', import.meta.url), 'utf8')).toBe(priceModule());
  });

  it('costs every model as calcPrice does: tiers, start dates and times of day, at every hour of two days', () => {
    const usages = [
      { input: 1000, output: 100, cacheRead: 500, cacheWrite: 200 },
      { input: 250_000, output: 3000, cacheRead: 10_000, cacheWrite: 0 },
      { input: 1, output: 0, cacheRead: 0, cacheWrite: 0 },
    ];
    // Either side of a start date seen in the table (2026-08-17), each hour and half hour.
    const times: number[] = [];
    for (const day of ['2025-03-01', '2026-08-16', '2026-08-17', '2026-12-02'])
      for (let h = 0; h < 24; h += 0.5) times.push(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000);
    let compared = 0;
    const seen = new Set<string>();
    for (const providerId of PROVIDERS as string[]) {
      const provider = findProvider({ providerId }) as Provider;
      for (const model of provider.models) {
        const prices = Array.isArray(model.prices)
          ? model.prices.map((e) => ({ ...e, prices: tokenRates(e.prices) }))
          : tokenRates(model.prices);
        const only = { ...provider, models: [{ ...model, prices, match: { equals: model.id } }] };
        // The first provider's row owns an id (the table's order): later rows of that id are never used.
        if (seen.has(model.id)) continue;
        seen.add(model.id);
        const ours = bundledPrices().lookup(model.id)!;
        const entries = Array.isArray(prices) ? prices.map((e) => e.prices) : [prices];
        // Our default cache rates (0.1x / 1.25x input) are stats.md's rule, not the package's: compare without cache tokens where a rate is missing.
        const cached = entries.every((p) => p.cache_read_mtok !== undefined && p.cache_write_mtok !== undefined);
        for (const u of usages) {
          const use = cached ? u : { ...u, cacheRead: 0, cacheWrite: 0 };
          for (const t of times) {
            const theirs = calcPrice(
              {
                input_tokens: use.input + use.cacheRead + use.cacheWrite,
                cache_read_tokens: use.cacheRead,
                cache_write_tokens: use.cacheWrite,
                output_tokens: use.output,
              },
              model.id,
              { provider: only, timestamp: new Date(t) },
            );
            expect(ours.cost(use, t), `${model.id} at ${new Date(t).toISOString()}`).toBeCloseTo(
              theirs?.total_price ?? 0,
              12,
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200 * 3 * 96);
  });
});
