import { applyFilter, type FilterResult } from '../../store/query.js';
import { fileLabelOf } from '../../store/stats.js';
import type { TraceStore } from '../../store/trace-store.js';
import { parseFilter } from '../../trace/filter.js';

/** The last result per store, with what it was worked out from. */
const last = new WeakMap<TraceStore, { text: string; version: number; start: number | null; result: FilterResult }>();

/**
 * The filter `text` applied to the store as it is now (null: no filter). One result is
 * kept per store, so the command that applies a filter (to keep each list's selection,
 * `views/filter-set.ts`) and the frame drawn after it share one scan; as rows stream in,
 * a text term reads only the rows that are new.
 */
export function filterResult(store: TraceStore, text: string | null, start: number | null): FilterResult | null {
  if (text === null) return null;
  const was = last.get(store);
  if (was && was.text === text && was.version === store.version && was.start === start) return was.result;
  const filter = parseFilter(text);
  if (!filter) return null;
  const labels = store.files.map((f) => fileLabelOf(store, f.index));
  const result = applyFilter(store, filter, start, labels, was?.result);
  last.set(store, { text, version: store.version, start, result });
  return result;
}
