import { useMemo, useRef } from 'react';
import { applyFilter, type FilterResult } from '../../store/query.js';
import { fileLabelOf } from '../../store/stats.js';
import type { TraceStore } from '../../store/trace-store.js';
import { parseFilter } from '../../trace/filter.js';

/** Applies the filter in effect, reusing the last text scan as rows stream in. */
export function useFilter(
  store: TraceStore,
  text: string | null,
  version: number,
  start: number | null,
): FilterResult | null {
  const last = useRef<FilterResult | null>(null);
  return useMemo(() => {
    const filter = text === null ? null : parseFilter(text);
    if (!filter) {
      last.current = null;
      return null;
    }
    last.current = applyFilter(
      store,
      filter,
      start,
      store.files.map((f) => fileLabelOf(store, f.index)),
      last.current ?? undefined,
    );
    return last.current;
  }, [store, text, version, start]);
}
