import { useMemo } from 'react';
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import { filterResult } from '../data/filter-result.js';

/** Applies the filter in effect, again as rows stream in (reusing the last text scan: `data/filter-result.ts`). */
export function useFilter(
  store: TraceStore,
  text: string | null,
  version: number,
  start: number | null,
): FilterResult | null {
  return useMemo(() => filterResult(store, text, start), [store, text, version, start]);
}
