import { Status, type StatusCode } from '../trace/enums.js';
import type { TraceStore } from './trace-store.js';

/*
 * An agent's tool calls as the Calls pane lists them. An agent transcript (Claude Code,
 * Codex, Gemini CLI, a v1 agent plane alone) has no JSON-RPC traffic: its calls are its
 * tool_uses, each paired with its tool_result. The Calls pane then lists the turn rows
 * that ask for a tool, and reads each one's call from its tool pairs. With an mcp plane
 * open, its tools/call rows are the calls, and a tool_use links to its call (`l`).
 */

let kept: { store: TraceStore; epoch: number; pairs: number; rows: Int32Array; length: number } | null = null;

/**
 * The turn rows that opened a tool pair (a tool_use), ascending: pairs are added as their
 * turn arrives, so their rows never go down, and the list extends as the store grows.
 * It returns part of a kept buffer: do not hold it across calls, as the next may replace it.
 */
export function toolUseRows(store: TraceStore): Int32Array {
  if (!kept || kept.store !== store || kept.epoch !== store.epoch)
    kept = { store, epoch: store.epoch, pairs: 0, rows: new Int32Array(64), length: 0 };
  const k = kept;
  const pairs = store.pairs;
  for (; k.pairs < pairs.length; k.pairs++) {
    if (pairs.isMcp(k.pairs)) continue;
    const row = pairs.reqRowOf(k.pairs);
    if (k.length > 0 && k.rows[k.length - 1] === row) continue;
    if (k.length === k.rows.length) {
      const grown = new Int32Array(k.rows.length * 2);
      grown.set(k.rows);
      k.rows = grown;
    }
    k.rows[k.length++] = row;
  }
  return k.rows.subarray(0, k.length);
}

/** Whether Calls lists tool_uses: the store holds no JSON-RPC call, and some turn asks for a tool. */
export function listsToolUses(store: TraceStore): boolean {
  return store.rows('calls').length === 0 && store.pairs.length > 0;
}

/** The tool pairs (tool_uses) a turn row opened, in block order; none for other rows. */
export function toolUsesOf(store: TraceStore, row: number): number[] {
  return store.toolLinks(row).opened;
}

/**
 * The tool_use turn a row's call is: the row itself when it asks for tools, else the
 * turn that asked for the first tool_result it holds. A call is one unit, so a filter
 * on its status or latency keeps or drops its tool_result with its tool_use.
 */
export function callTurnOf(store: TraceStore, row: number): number {
  const links = store.toolLinks(row);
  if (links.opened.length > 0 || links.closed.length === 0) return row;
  const asker = store.pairs.reqRowOf(links.closed[0]!);
  return asker >= 0 ? asker : row;
}

/**
 * A tool_use turn's call state, as a call's: failed (`isError`) when any of its tool_uses
 * failed, else pending while one is unanswered, else ok; none for a row that asks for no tool.
 */
export function toolUseStatus(store: TraceStore, row: number): StatusCode {
  // Read from the link columns in place: `]` and the filter ask this of many rows.
  const cols = store.cols;
  const rows = cols.linkRow.data;
  let asked = false;
  let pending = false;
  for (let i = cols.linkStart(row); i < cols.linkRow.length && rows[i] === row; i++) {
    const p = cols.linkPair.data[i]!;
    // A negative link is a tool_result this turn holds, not a tool_use it asked for.
    if (p < 0) continue;
    asked = true;
    if (store.pairs.errorOf(p) !== null) return Status.isError;
    if (store.pairs.resRowOf(p) < 0) pending = true;
  }
  return !asked ? Status.none : pending ? Status.pending : Status.ok;
}

/**
 * A tool_use turn's latency: its slowest tool_use's, null while any is unanswered (or
 * untimed). Like a call's, it is known once and then never changes, which the slowest-first
 * order relies on.
 */
export function toolUseLatency(store: TraceStore, row: number): number | null {
  let slowest: number | null = null;
  for (const p of toolUsesOf(store, row)) {
    const l = store.pairs.latencyOf(p);
    if (l === null) return null;
    if (slowest === null || l > slowest) slowest = l;
  }
  return slowest;
}

/** The error text of a tool_use turn's first failed tool_use, or null. */
export function toolUseError(store: TraceStore, row: number): string | null {
  for (const p of toolUsesOf(store, row)) {
    const e = store.pairs.errorOf(p);
    if (e !== null) return e;
  }
  return null;
}

/** The rows of a tool_use turn's results (its tool_results' turns), ascending, each once. */
export function toolResultRows(store: TraceStore, row: number): number[] {
  const out = new Set<number>();
  for (const p of toolUsesOf(store, row)) {
    const res = store.pairs.resRowOf(p);
    if (res >= 0) out.add(res);
  }
  return [...out].sort((a, b) => a - b);
}

/** A call row's latency as Calls shows and sorts it: a JSON-RPC call's, else a tool_use turn's. */
export function listedLatency(store: TraceStore, row: number): number | null {
  return store.callLatency(row) ?? (store.pairedRow(row) < 0 ? toolUseLatency(store, row) : null);
}
