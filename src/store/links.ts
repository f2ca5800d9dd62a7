import { canonical, isObject, type Json } from '../trace/values.js';
import { findBlock, messageOf } from './diff.js';
import type { ToolPair, TraceStore } from './trace-store.js';

/** The arguments of a tool call as canonical JSON (MCP params.arguments, or tool_use input). */
function argsOf(store: TraceStore, pair: ToolPair): string {
  if (pair.origin === 'mcp') {
    const msg = messageOf(store, pair.reqRow);
    return canonical(isObject(msg) && isObject(msg.params) ? msg.params.arguments : undefined);
  }
  const use = findBlock(store, pair.reqRow, (b) => b.type === 'tool_use' && b.id === pair.toolUseId);
  return canonical(use?.input as Json | undefined);
}

const cache = new WeakMap<TraceStore, { version: number; links: Map<number, number | null> }>();

/**
 * The tool call on the other plane: a tool_use's `tools/call` (or back), with the same
 * tool name and arguments, nearest in time. The mcp and agent planes of one run
 * describe the same calls; a stubbed tool_use that never reached the wire has none.
 */
export function linkedPair(store: TraceStore, pairIndex: number): number | null {
  // New rows may bring the other side of a call: links are kept per store version.
  let entry = cache.get(store);
  if (!entry || entry.version !== store.version) cache.set(store, (entry = { version: store.version, links: new Map() }));
  const memo = entry.links;
  if (memo.has(pairIndex)) return memo.get(pairIndex)!;
  const pair = store.pairs[pairIndex]!;
  const want = pair.origin === 'mcp' ? 'turn' : 'mcp';
  const t = store.tOf(pair.reqRow) ?? 0;
  let args: string | null = null;
  let best: number | null = null;
  let bestGap = Infinity;
  for (let i = 0; i < store.pairs.length; i++) {
    const other = store.pairs[i]!;
    if (other.origin !== want || other.name !== pair.name) continue;
    const gap = Math.abs((store.tOf(other.reqRow) ?? 0) - t);
    if (gap >= bestGap) continue;
    args ??= argsOf(store, pair);
    if (argsOf(store, other) !== args) continue;
    best = i;
    bestGap = gap;
  }
  memo.set(pairIndex, best);
  return best;
}

/** The tool pair a row stands for: a tools/call request or response, or a turn's first linked tool_use. */
export function pairOfRow(store: TraceStore, row: number): number[] {
  const p = store.toolPair.data[row]!;
  if (p >= 0) return [p];
  const other = store.pair.data[row]!;
  if (other >= 0 && store.toolPair.data[other]! >= 0) return [store.toolPair.data[other]!];
  return store.turnPairs.get(row)?.opened ?? [];
}
