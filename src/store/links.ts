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
  byName: { mcp: Map<string, number[]>; turn: Map<string, number[]> };
  args: Map<number, string>;
  version: number;
  links: Map<number, number | null>;
}

const indexes = new WeakMap<TraceStore, LinkIndex>();

function indexOf(store: TraceStore): LinkIndex {
  let ix = indexes.get(store);
  if (!ix) indexes.set(store, (ix = { indexed: 0, byName: { mcp: new Map(), turn: new Map() }, args: new Map(), version: -1, links: new Map() }));
  for (; ix.indexed < store.pairs.length; ix.indexed++) {
    const names = ix.byName[store.pairs.isMcp(ix.indexed) ? 'mcp' : 'turn'];
    const name = store.pairs.nameOf(ix.indexed);
    const list = names.get(name);
    if (list) list.push(ix.indexed);
    else names.set(name, [ix.indexed]);
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
  const pair = store.pairs.get(pairIndex);
  const t = store.tOf(pair.reqRow) ?? 0;
  let best: number | null = null;
  let bestGap = Infinity;
  for (const i of ix.byName[pair.origin === 'mcp' ? 'turn' : 'mcp'].get(pair.name) ?? []) {
    const gap = Math.abs((store.tOf(store.pairs.reqRow.data[i]!) ?? 0) - t);
    if (gap >= bestGap || cachedArgs(store, ix, i) !== cachedArgs(store, ix, pairIndex)) continue;
    best = i;
    bestGap = gap;
  }
  ix.links.set(pairIndex, best);
  return best;
}

/** The tool pair a row stands for: a tools/call request or response, or a turn's first linked tool_use. */
export function pairOfRow(store: TraceStore, row: number): number[] {
  const p = store.mcpPairOf(row);
  if (p >= 0) return [p];
  const other = store.pair.data[row]!;
  if (other >= 0 && store.mcpPairOf(other) >= 0) return [store.mcpPairOf(other)];
  return store.toolLinks(row).opened;
}
