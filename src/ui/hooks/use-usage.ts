import { useEffect, useMemo, useRef } from 'react';
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import { usageData } from '../data/usage.js';
import { type UsageLines, usageTable } from '../format/usage-lines.js';
import type { UsageSort } from '../state/ui-state.js';

/** How long the store must stay unchanged before the Usage pane's numbers are worked out unseen. */
const SETTLED_MS = 400;

interface Computed {
  store: TraceStore;
  version: number;
  filtered: FilterResult | null;
  width: number;
  sort: UsageSort;
  table: UsageLines;
}

const NONE: UsageLines = { lines: [], targets: [] };

/**
 * The Usage pane's lines: computed only while it is shown (its tables cost O(tools +
 * methods), its time strip O(turns), per update), and once the trace has stopped
 * changing, ahead of time: on a 200 MiB trace the first `3` spent ~150 ms on them.
 */
export function useUsageTable(
  store: TraceStore,
  filtered: FilterResult | null,
  version: number,
  width: number,
  sort: UsageSort,
  shown: boolean,
): UsageLines {
  const ready = useRef<Computed | null>(null);
  const compute = (): UsageLines => {
    const r = ready.current;
    const same = r?.store === store && r.version === version && r.filtered === filtered;
    if (r && same && r.width === width && r.sort === sort) return r.table;
    const table = usageTable(usageData(store, filtered), width, sort);
    ready.current = { store, version, filtered, width, sort, table };
    return table;
  };
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(compute, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [store, version, filtered, width, sort, shown]);
  return useMemo(() => (shown ? compute() : NONE), [store, version, width, filtered, sort, shown]);
}
