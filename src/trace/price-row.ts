/*
 * The shape of a price row, apart from prices.ts: the generated extract (price-data.ts)
 * names it, and prices.ts reads the extract, so neither imports the other's types.
 */

/** A per-million-token rate: flat, or with long-context tiers (by the request's total input). */
export type Rate = number | { base: number; tiers: { start: number; price: number }[] };
/** A price row's rates as @pydantic/genai-prices gives them (`input_mtok`, `cache_read_mtok`, …). */
export type Rates = Record<string, Rate | undefined>;
export type Constraint =
  | { type: 'start_date'; start_date: string }
  | { type: 'time_of_date'; start_time: string; end_time: string };
/** One row of the extract (price-data.ts): id, the aliases it lists, one price or dated/timed ones. */
export type PriceRow = [id: string, aliases: string[], prices: Rates | { constraint?: Constraint; prices: Rates }[]];
