/*
 * Which prices a cost came from, as JSON: `report --json`'s `prices` and `summary --json`'s
 * `x-prices`. The line the tables print is trace/prices-note.ts's, shared with the Usage pane.
 */

import type { PricesOrigin } from '../trace/prices.js';
import { pricesFrom } from '../trace/prices-note.js';

/** `report --json`'s `prices` and `summary --json`'s `x-prices` (docs/report.schema.json). */
export function pricesJson(o: PricesOrigin) {
  return { from: pricesFrom(o), file: o.file, config: o.config, bundled: o.bundled };
}
