import { linkedPair, pairOfRow } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';

/**
 * Where `l` goes from a row: a tools/call to its tool_use's turn, a turn to a linked
 * tools/call: `back` when it is one of them (so `l` twice comes back where it began),
 * else the first.
 */
export function linkTarget(
  store: TraceStore,
  row: number,
  back?: number,
): { pane: 'calls' | 'turns'; row: number } | null {
  let first: { pane: 'calls' | 'turns'; row: number } | null = null;
  for (const p of pairOfRow(store, row)) {
    const other = linkedPair(store, p);
    if (other === null) continue;
    const target = {
      pane: store.pairs.isMcp(other) ? ('calls' as const) : ('turns' as const),
      row: store.pairs.reqRowOf(other),
    };
    if (target.row === back) return target;
    first ??= target;
  }
  return first;
}
