import { isDateMs } from '../kit/dates.js';
import { PRICE_PACKAGE_VERSION, PRICE_ROWS } from './price-data.js';
import type { Constraint, PriceRow, Rate, Rates } from './price-row.js';
import type { TurnUsage } from './turn.js';

export { PRICE_PACKAGE_VERSION };

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
  /** Where the prices come from, as `report` and `summary` say it to whoever bills by them. */
  origin: PricesOrigin;
}

/** Which table a cost came from: the bundled one, or a prices file over it (and who named the file). */
export interface PricesOrigin {
  /** The bundled extract, by package and version (it carries no date): the table, or what a file's rows fall back to. */
  bundled: string;
  /** The prices file whose rows come first, as named (a config's, resolved); null: the bundled table alone. */
  file: string | null;
  /** The config file that named `file`; null when `--prices` did, or there is no file. */
  config: string | null;
}

/** A dated variant of a row id: `<id>-YYYYMMDD` or `<id>-YYYY-MM-DD`. */
const DATED = /^(.*)-(\d{8}|\d{4}-\d{2}-\d{2})$/;

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

/** Per-million rate, with long-context tiers applied per request as the package does. */
function rateAt(rate: Rate | undefined, totalInput: number): number {
  if (rate === undefined) return 0;
  if (typeof rate === 'number') return rate;
  let r = rate.base;
  for (const tier of rate.tiers) if (totalInput > tier.start) r = tier.price;
  return r;
}

function scaled(rate: Rate | undefined, k: number): Rate | undefined {
  if (rate === undefined) return undefined;
  if (typeof rate === 'number') return rate * k;
  return { base: rate.base * k, tiers: rate.tiers.map((t) => ({ start: t.start, price: t.price * k })) };
}

/** Fills missing cache rates with the standard multipliers of the input rate (stats.md). */
function withCacheDefaults(p: Rates): Rates {
  return {
    ...p,
    cache_read_mtok: p.cache_read_mtok ?? scaled(p.input_mtok, 0.1),
    cache_write_mtok: p.cache_write_mtok ?? scaled(p.input_mtok, 1.25),
  };
}

function costWith(p: Rates, u: TurnUsage): number {
  const read = u.cacheRead ?? 0;
  const write = u.cacheWrite ?? 0;
  // Cache written for an hour costs more (twice the input rate at Anthropic) where a transcript says how much was.
  const hour = Math.min(write, u.cacheWrite1h ?? 0);
  const total = u.input + read + write;
  return (
    (u.input * rateAt(p.input_mtok, total) +
      read * rateAt(p.cache_read_mtok, total) +
      (write - hour) * rateAt(p.cache_write_mtok, total) +
      (hour > 0 ? hour * rateAt(p.cache_write_1h_mtok ?? scaled(p.input_mtok, 2), total) : 0) +
      u.output * rateAt(p.output_mtok, total)) /
    1e6
  );
}

/** `HH:MM:SS[.f](Z|±HH:MM)` → seconds after midnight UTC, as the package reads it. */
function secondsOfDay(text: string): number {
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!m) return NaN;
  const local = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(`0.${m[4] ?? ''}`);
  const offset = m[5] === 'Z' ? 0 : (m[6] === '+' ? 1 : -1) * (Number(m[7]) * 60 + Number(m[8])) * 60;
  return (local - offset + 86400) % 86400;
}

const DAY_MS = 86_400_000;

/** Does a constraint hold at `tMs`? A start date from that instant; a time of day in [start, end), wrapping midnight. */
function holds(c: Constraint, tMs: number): boolean {
  if (c.type === 'start_date') return tMs >= Date.parse(c.start_date);
  // The UTC time of day by arithmetic, not a Date: a turn time no Date holds (1e300 ms)
  // then meets no time-of-day constraint, rather than an Invalid Date's NaN hours.
  const now = isDateMs(tMs) ? (((tMs % DAY_MS) + DAY_MS) % DAY_MS) / 1000 : Number.NaN;
  const start = secondsOfDay(c.start_time);
  const end = secondsOfDay(c.end_time);
  return end < start ? now >= start || now < end : now >= start && now < end;
}

/**
 * A row of the extract. Like the package's own price selection, the last entry whose
 * constraint holds at the turn's time wins (the first when none does); the package's
 * `calcPrice` costs ~17 µs a call, too slow per turn on a large trace.
 */
function bundledPrice([id, , prices]: PriceRow): Price {
  const entries = (Array.isArray(prices) ? prices : [{ prices }]).map((e) => ({
    constraint: e.constraint,
    prices: withCacheDefaults(e.prices),
  }));
  return {
    id,
    cost(u, tMs) {
      const at = tMs ?? Date.now();
      for (let i = entries.length - 1; i >= 0; i--) {
        const e = entries[i]!;
        if (e.constraint === undefined || holds(e.constraint, at)) return costWith(e.prices, u);
      }
      return costWith(entries[0]!.prices, u);
    },
  };
}

let bundled: PriceTable | null = null;

/**
 * The offline table that ships with the package: an extract of @pydantic/genai-prices
 * (price-data.ts), matched strictly: exact id, an alias the row lists, or a dated variant.
 */
export function bundledPrices(): PriceTable {
  if (bundled) return bundled;
  const rows: [string, PriceRow][] = [];
  for (const row of PRICE_ROWS) for (const name of [row[0], ...row[1]]) rows.push([name, row]);
  const rowOf = rowIndex(rows);
  // Each row's price is made when a model first asks for it: every command's start made
  // all ~280 (~5-10 ms of a cold start), and a trace names a handful.
  const made = new Map<PriceRow, Price>();
  const lookup = (model: string): Price | null => {
    const row = rowOf(model);
    if (row === null) return null;
    let price = made.get(row);
    if (price === undefined) made.set(row, (price = bundledPrice(row)));
    return price;
  };
  const source = `@pydantic/genai-prices@${PRICE_PACKAGE_VERSION}`;
  bundled = { lookup, source, asOf: null, origin: { bundled: source, file: null, config: null } };
  return bundled;
}

/** LiteLLM's shape: model → USD per token. */
export interface LiteLlmRow {
  input_cost_per_token?: number;
  output_cost_per_token?: number;
  cache_read_input_token_cost?: number;
  cache_creation_input_token_cost?: number;
}

const PRICE_FIELDS = [
  'input_cost_per_token',
  'output_cost_per_token',
  'cache_read_input_token_cost',
  'cache_creation_input_token_cost',
] as const;

/** Whether a price field's text reads as a number (`"3e-6"`, `" 0x10 "`, `"Infinity"`), not as words. */
const numberInText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v));

/**
 * `--prices FILE`: rows in LiteLLM's shape take precedence; models they do not
 * name fall back to the bundled table. A price is a JSON number, finite and 0 or more
 * (a negative rate would make costs negative, 1e400 Infinity); a number written as
 * text (`"3e-6"`) is refused too rather than guessed at (`" 0x10 "` reads as 16): each
 * throws, naming the model and the field. Other types, and words, are ignored, as
 * LiteLLM's own file has them (its `sample_spec` row describes each field in words).
 * `config`: the config file that named `file` (null: `--prices` did).
 */
export function withOverrides(
  base: PriceTable,
  file: string,
  rows: Record<string, unknown>,
  config: string | null = null,
): PriceTable {
  const entries: [string, Price][] = [];
  for (const [model, value] of Object.entries(rows)) {
    if (typeof value !== 'object' || value === null) continue;
    const row = value as LiteLlmRow;
    for (const field of PRICE_FIELDS) {
      const v: unknown = row[field];
      if (numberInText(v))
        throw new Error(
          `model ${JSON.stringify(model)}: ${field} is the text ${JSON.stringify(v)}; a price is a JSON number of USD per token (written without quotes)`,
        );
      if (typeof v === 'number' && !(v >= 0 && Number.isFinite(v)))
        throw new Error(
          `model ${JSON.stringify(model)}: ${field} is ${v}; a price is a finite number of USD per token, 0 or more`,
        );
    }
    const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
    const input = n(row.input_cost_per_token);
    const output = n(row.output_cost_per_token);
    if (input === undefined && output === undefined) continue;
    const inRate = input ?? 0;
    const read = n(row.cache_read_input_token_cost) ?? inRate * 0.1;
    const write = n(row.cache_creation_input_token_cost) ?? inRate * 1.25;
    const out = output ?? 0;
    entries.push([
      model,
      {
        id: model,
        cost: (u) => u.input * inRate + (u.cacheRead ?? 0) * read + (u.cacheWrite ?? 0) * write + u.output * out,
      },
    ]);
  }
  const own = rowIndex(entries);
  return {
    lookup: (m) => own(m) ?? base.lookup(m),
    source: `${file} + ${base.source}`,
    asOf: base.asOf,
    origin: { bundled: base.origin.bundled, file, config },
  };
}
