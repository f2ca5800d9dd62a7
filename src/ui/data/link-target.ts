import { linkedPair, pairOfRow } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';

/** Where `l` goes from a row: a tools/call to its tool_use's turn, a turn to its first linked tools/call. */
export function linkTarget(store: TraceStore, row: number): { pane: 'calls' | 'turns'; row: number } | null {
  for (const p of pairOfRow(store, row)) {
    const other = linkedPair(store, p);
    if (other === null) continue;
    const pair = store.pairs.get(other);
    return { pane: pair.origin === 'mcp' ? 'calls' : 'turns', row: pair.reqRow };
  }
  return null;
}
