import { canonical, isObject, type Json } from '../trace/values.js';
import { messageOf, toolUseBlock } from './diff.js';
import type { ToolPair, TraceStore } from './trace-store.js';

/** The arguments of a tool call as canonical JSON (MCP params.arguments, or tool_use input). */
function argsOf(store: TraceStore, pair: ToolPair): string {
  if (pair.origin === 'mcp') {
    const msg = messageOf(store, pair.reqRow);
    return canonical(isObject(msg) && isObject(msg.params) ? msg.params.arguments : undefined);
  }
  const use = toolUseBlock(store, pair);
  return canonical(use?.input as Json | undefined);
}

/**
 * Per store: the tool pairs by origin and name (pairs are append-only, so the index
 * grows with them), each pair's arguments once read (they never change), and the
 * links found at the current version (new rows may bring a nearer call).
 */
interface LinkIndex {
  indexed: number;
  /** Pair indices by origin and interned tool name: key `name * 2 + (mcp ? 0 : 1)`. */
  byName: Map<number, number[]>;
  args: Map<number, string>;
  /** Lists not in time order (timestamps out of order): searched whole. */
  unsorted: Set<number[]>;
  version: number;
  links: Map<number, number | null>;
}

const indexes = new WeakMap<TraceStore, LinkIndex>();

function indexOf(store: TraceStore): LinkIndex {
  let ix = indexes.get(store);
  if (!ix) indexes.set(store, (ix = { indexed: 0, byName: new Map(), args: new Map(), unsorted: new Set(), version: -1, links: new Map() }));
  const { name, origin, reqRow } = store.pairs;
  const t = store.t.data;
  for (; ix.indexed < store.pairs.length; ix.indexed++) {
    const p = ix.indexed;
    const key = name.data[p]! * 2 + origin.data[p]!;
    const list = ix.byName.get(key);
    if (!list) ix.byName.set(key, [p]);
    else {
      // NaN (no time) counts as 0, as tOf() ?? 0 does below.
      if ((t[reqRow.data[p]!] || 0) < (t[reqRow.data[list[list.length - 1]!]!] || 0)) ix.unsorted.add(list);
      list.push(p);
    }
  }
  if (ix.version !== store.version) {
    ix.version = store.version;
    ix.links.clear();
  }
  return ix;
}

function cachedArgs(store: TraceStore, ix: LinkIndex, p: number): string {
  let a = ix.args.get(p);
  if (a === undefined) ix.args.set(p, (a = argsOf(store, store.pairs.get(p))));
  return a;
}

/**
 * The tool call on the other plane: a tool_use's `tools/call` (or back), with the same
 * tool name and arguments, nearest in time. The mcp and agent planes of one run
 * describe the same calls; a stubbed tool_use that never reached the wire has none.
 * Only the other plane's calls of the same name are looked at, and each call's
 * arguments are read back once, so drawing the Turns pane stays cheap while following.
 */
export function linkedPair(store: TraceStore, pairIndex: number): number | null {
  const ix = indexOf(store);
  if (ix.links.has(pairIndex)) return ix.links.get(pairIndex)!;
  const pairs = store.pairs;
  const t = store.tOf(pairs.reqRow.data[pairIndex]!) ?? 0;
  // The other plane's pairs of the same tool name.
  const list = ix.byName.get(pairs.name.data[pairIndex]! * 2 + (1 - pairs.origin.data[pairIndex]!)) ?? [];
  const best = ix.unsorted.has(list) ? nearestByScan(store, ix, list, t, pairIndex) : nearestSameArgs(store, ix, list, t, pairIndex);
  ix.links.set(pairIndex, best);
  return best;
}

/**
 * A tool_use and the tools/call it became are moments apart; the same tool with the
 * same arguments further away is another call. The bound also keeps a call that has
 * no twin from reading every call of its tool in a big trace.
 */
export const MAX_LINK_GAP_MS = 10 * 60_000;

/** The same answer as nearestSameArgs, for a list out of time order: every candidate is looked at. */
function nearestByScan(store: TraceStore, ix: LinkIndex, list: number[], t: number, pairIndex: number): number | null {
  let best: number | null = null;
  let bestGap = Infinity;
  for (const i of list) {
    const gap = Math.abs((store.tOf(store.pairs.reqRow.data[i]!) ?? 0) - t);
    if (gap >= bestGap || gap > MAX_LINK_GAP_MS || cachedArgs(store, ix, i) !== cachedArgs(store, ix, pairIndex)) continue;
    best = i;
    bestGap = gap;
  }
  return best;
}

/**
 * The candidate nearest in time to `t` whose arguments equal the pair's (the first in
 * list order among equally near ones). The list is in time order, so the search starts
 * where `t` falls and walks outward, reading arguments only until the gap can no
 * longer shrink: a call at the end of a big trace no longer reads every call before it.
 */
function nearestSameArgs(store: TraceStore, ix: LinkIndex, list: number[], t: number, pairIndex: number): number | null {
  const tOf = (i: number): number => store.tOf(store.pairs.reqRow.data[list[i]!]!) ?? 0;
  const same = (i: number): boolean => cachedArgs(store, ix, list[i]!) === cachedArgs(store, ix, pairIndex);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tOf(mid) < t) lo = mid + 1;
    else hi = mid;
  }
  let left = lo - 1;
  let right = lo;
  let best = -1;
  let bestGap = Infinity;
  while (left >= 0 || right < list.length) {
    const gl = left >= 0 ? t - tOf(left) : Infinity;
    const gr = right < list.length ? tOf(right) - t : Infinity;
    const gap = Math.min(gl, gr);
    if (gap > bestGap || gap > MAX_LINK_GAP_MS) break;
    // Equally near candidates: the earliest in list order wins.
    const i = gl <= gr ? left-- : right++;
    if ((gap < bestGap || i < best) && same(i)) {
      best = i;
      bestGap = gap;
    }
  }
  return best < 0 ? null : list[best]!;
}

/** The tool pair a row stands for: a tools/call request or response, or a turn's first linked tool_use. */
export function pairOfRow(store: TraceStore, row: number): number[] {
  const p = store.mcpPairOf(row);
  if (p >= 0) return [p];
  const other = store.pair.data[row]!;
  if (other >= 0 && store.mcpPairOf(other) >= 0) return [store.mcpPairOf(other)];
  return store.toolLinks(row).opened;
}
