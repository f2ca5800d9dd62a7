/**
 * Where each list's selection goes when a filter is applied, changed or cleared: to the
 * record it was on when the new list has it, else to the nearest one it has (the first
 * after it in the list's order, else the last before it). Pure: the store and the
 * lists in, list indices out.
 */
import { listedLatency } from '../../store/agent-calls.js';
import type { TraceStore } from '../../store/trace-store.js';
import { RECORD_PANES } from '../panes/list.js';
import type { CallOrder, KeptLists, ListState } from '../state/ui-state.js';
import type { RowList, Views } from './views.js';

/** A list's order as a comparator of rows: negative when `a` is listed before `b`. */
export type RowOrder = (a: number, b: number) => number;

/**
 * The order `viewsOf` lists a pane's rows in, whatever the filter: time order (row
 * order with one file, `byTime` across several); in Calls slowest first, `byLatency`'s
 * (answered calls longest first, then the rest, ties in time order).
 */
export function listOrder(store: TraceStore, pane: keyof Views, order: CallOrder): RowOrder {
  const time: RowOrder = store.files.length < 2 ? (a, b) => a - b : store.timeOrder();
  if (pane !== 'calls' || order === 'time') return time;
  const latency = (row: number) => listedLatency(store, row) ?? -1;
  return (a, b) => latency(b) - latency(a) || time(a, b);
}

/**
 * Where the row at `selected` in `from` is in `to`, both listed in `order`: its index
 * there, else the first row `to` lists after it, else the last before it. 0 when `to`
 * is empty, or `from` had no row selected (it was empty).
 */
export function keptIndex(from: RowList, selected: number, to: RowList, order: RowOrder): number {
  if (to.length === 0 || selected >= from.length) return 0;
  const row = from.at(selected);
  // The first row of `to` not listed before the selected one: that row, or the one after it.
  let lo = 0;
  let hi = to.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(to.at(mid), row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, to.length - 1);
}

/**
 * Each list's selection (`lists`, in the lists shown, `from`) in the lists a new filter
 * gives (`to`), with their lengths: what the reducer's `filter.set` needs to keep them.
 */
export function keptLists(
  store: TraceStore,
  from: Views,
  lists: Record<keyof Views, ListState>,
  to: Views,
  order: CallOrder,
): KeptLists {
  const kept = (pane: keyof Views) => ({
    index: keptIndex(from[pane], lists[pane].selected, to[pane], listOrder(store, pane, order)),
    count: to[pane].length,
  });
  return Object.fromEntries(RECORD_PANES.map((pane) => [pane, kept(pane)])) as KeptLists;
}
