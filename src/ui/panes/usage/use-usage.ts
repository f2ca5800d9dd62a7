import { useEffect, useMemo, useRef, useState } from 'react';
import type { FilterResult } from '../../../store/query.js';
import type { TraceStore } from '../../../store/trace-store.js';
import { whenKeysQuiet } from '../../hooks/keys-quiet.js';
import type { UsageSort } from '../../state/ui-state.js';
import { usageCostsStep, usageData, usageStep } from './usage-data.js';
import { type UsageLines, usageTable } from './usage-lines.js';

/** How long the store must stay unchanged before the Usage pane's numbers are worked out unseen. */
const SETTLED_MS = 400;
/** A slice of the tool costs per turn of the event loop: keys and frames get the rest. */
const COST_SLICE_MS = 4;
/** A slice of a filter's rows aggregated ahead of time (the other pieces of the numbers are whole: 15–40 ms at 1 GiB). */
const PREPARE_SLICE_MS = 8;

interface Computed {
  store: TraceStore;
  version: number;
  filtered: FilterResult | null;
  width: number;
  sort: UsageSort;
  /** Whether the tool costs were in (they come later on a big trace). */
  costs: boolean;
  table: UsageLines;
}

const NONE: UsageLines = { lines: [], targets: [] };

/**
 * The Usage pane's lines: computed only while it is shown (its tables cost O(tools +
 * methods), its time strip O(turns), per update), and once the trace has stopped
 * changing, ahead of time, a piece per quiet moment (usageStep): on a 200 MiB trace the
 * first `3` spent ~150 ms on them.
 * Cost per tool links every call to its turn (~0.5 s on a 1 GiB trace): it is worked
 * out a slice at a time, the table showing `…` until it is in.
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
  const [costsIn, setCostsIn] = useState(0);
  const compute = (): UsageLines => {
    const r = ready.current;
    const same = r?.store === store && r.version === version && r.filtered === filtered;
    if (r && same && r.width === width && r.sort === sort && r.costs) return r.table;
    const data = usageData(store, filtered);
    if (r && same && r.width === width && r.sort === sort && !data.toolCosts) return r.table;
    const table = usageTable(data, width, sort);
    ready.current = { store, version, filtered, width, sort, costs: data.toolCosts !== null, table };
    return table;
  };
  useEffect(() => {
    // While a file loads, each version starts the costs again: only the first slice, in
    // usageData, which is all a small trace needs (a big one shows … until it is read).
    if (store.files.some((f) => f.state === 'loading')) return;
    let cancel = (): void => {};
    // When this work is first due: past MAX_PUT_OFF_MS, keys that keep coming no longer hold it.
    const due = performance.now() + (shown ? 0 : SETTLED_MS);
    // The rest of the costs, a slice per turn of the event loop while no key comes; then the table again.
    const slice = (): void => {
      if (!usageCostsStep(store, filtered, COST_SLICE_MS)) cancel = whenKeysQuiet(slice, 0, due);
      else if (!shown) compute();
      else if (!ready.current?.costs) setCostsIn((n) => n + 1);
    };
    // Ahead of time, the numbers a piece at a time, each waiting for quiet keys however
    // long; then the table and the costs. Shown, the pane works the numbers out at once.
    const start = (): void => {
      compute();
      slice();
    };
    const prepare = (): void => {
      cancel = whenKeysQuiet(usageStep(store, filtered, PREPARE_SLICE_MS) ? start : prepare);
    };
    cancel = shown ? whenKeysQuiet(slice, 0, due) : whenKeysQuiet(prepare, SETTLED_MS);
    return () => cancel();
  }, [store, version, filtered, width, sort, shown]);
  return useMemo(() => (shown ? compute() : NONE), [store, version, width, filtered, sort, shown, costsIn]);
}
