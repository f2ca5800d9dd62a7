import { canonical } from '../trace/json-write.js';
import { isObject, type Json } from '../trace/values.js';
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
  /** The store's epoch it was built in: after a new one, pair numbers name other pairs. */
  epoch: number;
  indexed: number;
  /** Pair indices by origin and interned tool name: key `name * 2 + (mcp ? 0 : 1)`. */
  byName: Map<number, number[]>;
  args: Map<number, string>;
  version: number;
  links: Map<number, number | null>;
}

const indexes = new WeakMap<TraceStore, LinkIndex>();

function indexOf(store: TraceStore): LinkIndex {
  let ix = indexes.get(store);
  if (!ix || ix.epoch !== store.epoch)
    indexes.set(
      store,
      (ix = { epoch: store.epoch, indexed: 0, byName: new Map(), args: new Map(), version: -1, links: new Map() }),
    );
  const { name, origin } = store.pairs.cols;
  for (; ix.indexed < store.pairs.length; ix.indexed++) {
    const p = ix.indexed;
    const key = name.data[p]! * 2 + origin.data[p]!;
    const list = ix.byName.get(key);
    if (!list) ix.byName.set(key, [p]);
    // Kept in time order (pairs arrive in it, but a trace's times need not be):
    // after every pair no later than this one, so equal times stay in pair order.
    else list.splice(firstAfter(store, list, pairTime(store, p)), 0, p);
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
  const t = store.tOf(pairs.cols.reqRow.data[pairIndex]!) ?? 0;
  // The other plane's pairs of the same tool name.
  const list = ix.byName.get(pairs.cols.name.data[pairIndex]! * 2 + (1 - pairs.cols.origin.data[pairIndex]!)) ?? [];
  const best = nearestSameArgs(store, ix, list, t, pairIndex);
  ix.links.set(pairIndex, best);
  return best;
}

/**
 * A tool_use and the tools/call it became are moments apart; the same tool with the
 * same arguments further away is another call. The bound also keeps a call that has
 * no twin from reading every call of its tool in a big trace.
 */
export const MAX_LINK_GAP_MS = 10 * 60_000;

/** A pair's request time; 0 when untimed. */
const pairTime = (store: TraceStore, p: number): number => store.tOf(store.pairs.cols.reqRow.data[p]!) ?? 0;

/** The first index of a time-ordered list whose pair is later than `t` (or, with `orEqual`, not earlier). */
function firstAfter(store: TraceStore, list: number[], t: number, orEqual = false): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const tm = pairTime(store, list[mid]!);
    if (tm < t || (!orEqual && tm === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The candidate nearest in time to `t` whose arguments equal the pair's; among
 * equally near ones, the earlier, then the first recorded. The list is in time order,
 * so the search starts where `t` falls and walks outward, reading arguments only
 * until the gap can no longer shrink: a call at the end of a big trace no longer
 * reads every call before it.
 */
function nearestSameArgs(
  store: TraceStore,
  ix: LinkIndex,
  list: number[],
  t: number,
  pairIndex: number,
): number | null {
  const tOf = (i: number): number => pairTime(store, list[i]!);
  const same = (i: number): boolean => cachedArgs(store, ix, list[i]!) === cachedArgs(store, ix, pairIndex);
  const lo = firstAfter(store, list, t, true);
  let left = lo - 1;
  let right = lo;
  let best = -1;
  let bestGap = Infinity;
  while (left >= 0 || right < list.length) {
    const gl = left >= 0 ? t - tOf(left) : Infinity;
    const gr = right < list.length ? tOf(right) - t : Infinity;
    const gap = Math.min(gl, gr);
    if (gap > bestGap || gap > MAX_LINK_GAP_MS) break;
    // Equally near: the left (earlier) side first, and on it the first recorded.
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
  const p = store.cols.mcpPairOf(row);
  if (p >= 0) return [p];
  const other = store.cols.pair.data[row]!;
  if (other >= 0 && store.cols.mcpPairOf(other) >= 0) return [store.cols.mcpPairOf(other)];
  return store.toolLinks(row).opened;
}
