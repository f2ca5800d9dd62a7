import { listsToolUses, toolUsesOf } from '../../store/agent-calls.js';
import { hasCalls, hasToolUses, linkedPair, pairOfRow } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';
import { FORMAT_NAMES } from '../../trace/formats/format.js';

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

/**
 * Which end of a link `row` is, for `l` to say why it has nowhere to go: a `tools/call`
 * (`call`), a turn's tool_use (`tool_use`), or neither; and whether the other plane is
 * open (a tool_use to ask for a call, a call to reach the server), without which no
 * row could link.
 */
export function linkEnd(store: TraceStore, row: number): { end: 'call' | 'tool_use' | null; otherPlane: boolean } {
  const pairs = pairOfRow(store, row);
  if (pairs.length === 0) return { end: null, otherPlane: false };
  if (store.pairs.isMcp(pairs[0]!)) return { end: 'call', otherPlane: hasToolUses(store) };
  return { end: 'tool_use', otherPlane: hasCalls(store) };
}

/**
 * Where `l` goes from a tool_use turn when no mcp plane is open: Calls lists the turn as
 * its call, so `l` goes from the call to the turn that asked; and back from an agent's
 * transcript (a v1 agent plane alone has its mcp file to open: `l` says so instead).
 */
export function toolUseLink(
  store: TraceStore,
  row: number,
  pane: string,
): { pane: 'calls' | 'turns'; row: number } | null {
  if (!listsToolUses(store) || toolUsesOf(store, row).length === 0) return null;
  if (pane === 'calls') return { pane: 'turns', row };
  const transcript = store.files[store.fileOf(row)]?.format.name !== FORMAT_NAMES.v1;
  return pane === 'turns' && transcript ? { pane: 'calls', row } : null;
}
