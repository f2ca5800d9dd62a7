/*
 * Which prices a cost came from, in the words `summary`, `report` and the Usage pane all
 * use: people bill by these figures, and the same trace costs what the table says
 * (ccusage names its pricing too). Here, in trace/, so report/ and ui/ share one wording.
 */

import { oneLine } from '../kit/text.js';
import type { PricesOrigin } from './prices.js';

/** Who chose the prices: no one (the bundled table), `--prices FILE`, or the config's `prices`. */
export type PricesFrom = 'bundled' | '--prices' | 'config';

export const pricesFrom = (o: PricesOrigin): PricesFrom =>
  o.file === null ? 'bundled' : o.config === null ? '--prices' : 'config';

/**
 * The line under a table: `prices: bundled @pydantic/genai-prices@0.1.8`, or the file over
 * it and who named it. File names are one line and inert, as every name printed.
 */
export function pricesNote(o: PricesOrigin): string {
  if (o.file === null) return `prices: bundled ${o.bundled}`;
  const by = o.config === null ? '--prices' : `config ${oneLine(o.config)}`;
  return `prices: ${oneLine(o.file)} (${by}) over bundled ${o.bundled}`;
}
