import { calcPrice, findProvider, type ConditionalPrice, type MatchLogic, type ModelInfo, type ModelPrice, type Provider } from '@pydantic/genai-prices';
import type { TurnUsage } from './turn.js';

/** A resolved price for one model: costs one turn's usage in USD. */
export interface Price {
  /** The price row's id (what matched). */
  id: string;
  cost(usage: TurnUsage, tMs: number | null): number;
}

export interface PriceTable {
  /** Null when no row matches: unpriced, never $0. */
  lookup(model: string): Price | null;
  /** Where the prices come from, for `cost.source`. */
  source: string;
  asOf: string | null;
}

/** A dated variant of a row id: `<id>-YYYYMMDD` or `<id>-YYYY-MM-DD`. */
const DATED = /^(.*)-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/** The providers whose rows we ship, first match wins (a provider's own models first). */
const PROVIDERS = ['anthropic', 'openai', 'google', 'mistral', 'deepseek', 'x-ai', 'groq', 'cohere'];

/**
 * Exact ids and the aliases a row lists itself (`equals` terms), never its loose
 * `starts_with`/`contains` patterns: stats.md says fail closed.
 */
function aliases(match: MatchLogic, out: string[]): string[] {
  if ('equals' in match) out.push(match.equals);
  else if ('or' in match) for (const m of match.or) aliases(m, out);
  return out;
}

function rowIndex<T>(rows: Iterable<[string, T]>): (model: string) => T | null {
  const byId = new Map<string, T>();
  for (const [id, row] of rows) if (!byId.has(id)) byId.set(id, row);
  return (model) => {
    const exact = byId.get(model);
    if (exact !== undefined) return exact;
    const dated = DATED.exec(model);
    return dated ? (byId.get(dated[1]!) ?? null) : null;
  };
}

type Rate = number | { base: number; tiers: { start: number; price: number }[] } | undefined;

/** Per-million rate, with long-context tiers applied per request as the package does. */
function rateAt(rate: Rate, totalInput: number): number {
  if (rate === undefined) return 0;
  if (typeof rate === 'number') return rate;
  let r = rate.base;
  for (const tier of rate.tiers) if (totalInput > tier.start) r = tier.price;
  return r;
}

function scaled(rate: Rate, k: number): Rate {
  if (rate === undefined) return undefined;
  if (typeof rate === 'number') return rate * k;
  return { base: rate.base * k, tiers: rate.tiers.map((t) => ({ start: t.start, price: t.price * k })) };
}

/** Fills missing cache rates with the standard multipliers of the input rate (stats.md). */
function withCacheDefaults(p: ModelPrice): ModelPrice {
  const input = p.input_mtok as Rate;
  return {
    ...p,
    cache_read_mtok: p.cache_read_mtok ?? (scaled(input, 0.1) as ModelPrice[string]),
    cache_write_mtok: p.cache_write_mtok ?? (scaled(input, 1.25) as ModelPrice[string]),
  };
}

function costWith(p: ModelPrice, u: TurnUsage): number {
  const read = u.cacheRead ?? 0;
  const write = u.cacheWrite ?? 0;
  const total = u.input + read + write;
  const r = (key: string) => rateAt(p[key] as Rate, total);
  return (u.input * r('input_mtok') + read * r('cache_read_mtok') + write * r('cache_write_mtok') + u.output * r('output_mtok')) / 1e6;
}

/**
 * A row of @pydantic/genai-prices. Its own `calcPrice` costs ~17 µs a call, too slow
 * per turn on a large trace, so flat and date-constrained prices are computed here
 * with the same tier rule; time-of-day prices (rare) go through `calcPrice`.
 */
function bundledPrice(provider: Provider, model: ModelInfo): Price {
  const entries: ConditionalPrice[] = Array.isArray(model.prices) ? model.prices : [{ prices: model.prices }];
  const needsPackage = entries.some((e) => e.constraint?.type === 'time_of_date');
  const resolved = entries.map((e) => ({ start: e.constraint?.type === 'start_date' ? Date.parse(e.constraint.start_date) : -Infinity, prices: withCacheDefaults(e.prices) }));
  const only = { ...provider, models: [{ ...model, match: { equals: model.id } }] };
  return {
    id: model.id,
    cost(u, tMs) {
      if (needsPackage) {
        const usage = { input_tokens: u.input + (u.cacheRead ?? 0) + (u.cacheWrite ?? 0), cache_read_tokens: u.cacheRead ?? 0, cache_write_tokens: u.cacheWrite ?? 0, output_tokens: u.output };
        return calcPrice(usage, model.id, { provider: only, timestamp: tMs === null ? undefined : new Date(tMs) })?.total_price ?? 0;
      }
      const at = tMs ?? Date.now();
      for (let i = resolved.length - 1; i >= 0; i--) if (resolved[i]!.start <= at) return costWith(resolved[i]!.prices, u);
      return costWith(resolved[0]!.prices, u);
    },
  };
}

/**
 * The pinned version of @pydantic/genai-prices (package.json pins it exactly; a
 * test checks the two agree). Kept as a constant so this module stays free of I/O.
 */
export const PRICE_PACKAGE_VERSION = '0.1.8';

let bundled: PriceTable | null = null;

/** The offline table that ships with the package (@pydantic/genai-prices). */
export function bundledPrices(): PriceTable {
  if (bundled) return bundled;
  const rows: [string, Price][] = [];
  for (const id of PROVIDERS) {
    const provider = findProvider({ providerId: id });
    if (!provider) continue;
    for (const model of provider.models) {
      const price = bundledPrice(provider, model);
      for (const name of [model.id, ...aliases(model.match, [])]) rows.push([name, price]);
    }
  }
  const lookup = rowIndex(rows);
  bundled = { lookup, source: `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`, asOf: null };
  return bundled;
}

/** LiteLLM's shape: model → USD per token. */
export interface LiteLlmRow {
  input_cost_per_token?: number;
  output_cost_per_token?: number;
  cache_read_input_token_cost?: number;
  cache_creation_input_token_cost?: number;
}

/**
 * `--prices FILE`: rows in LiteLLM's shape take precedence; models they do not
 * name fall back to the bundled table.
 */
export function withOverrides(base: PriceTable, file: string, rows: Record<string, unknown>): PriceTable {
  const entries: [string, Price][] = [];
  for (const [model, value] of Object.entries(rows)) {
    if (typeof value !== 'object' || value === null) continue;
    const row = value as LiteLlmRow;
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    const input = n(row.input_cost_per_token);
    const output = n(row.output_cost_per_token);
    if (input === undefined && output === undefined) continue;
    const inRate = input ?? 0;
    const read = n(row.cache_read_input_token_cost) ?? inRate * 0.1;
    const write = n(row.cache_creation_input_token_cost) ?? inRate * 1.25;
    const out = output ?? 0;
    entries.push([model, { id: model, cost: (u) => u.input * inRate + (u.cacheRead ?? 0) * read + (u.cacheWrite ?? 0) * write + u.output * out }]);
  }
  const own = rowIndex(entries);
  return { lookup: (m) => own(m) ?? base.lookup(m), source: `${file} + ${base.source}`, asOf: base.asOf };
}
