import { createHash } from 'node:crypto';
import { canonical } from '../trace/json-write.js';
import { isObject, type Json, str } from '../trace/values.js';
import { lowerBound } from './tables.js';
import type { TraceStore } from './trace-store.js';

/*
 * Links between the planes of a run: a tool_use (agent plane, a turn pair) and the
 * tools/call it became (mcp plane). Worked out when asked, from the columns and the
 * records read back (the store keeps no payloads), so every way a store is filled (one
 * thread, the parallel index, a saved index, --follow) gives the same links.
 *
 * The rule (docs/stats.md, "Links"): a tool_use and a call may link when they name the
 * same tool with the same arguments (canonical JSON), their `corr_id`s do not differ
 * (when both carry one), and the call was sent no earlier than the turn that asked for
 * it and no later than the next assistant turn of that turn's file (nor MAX_LINK_GAP_MS
 * after it). Links are one-to-one: among the candidates, those sharing a corr_id come
 * first, then the nearest in time, then the first recorded, each taken while both ends
 * are free (a greedy matching). Candidates form small groups (a tool and its arguments,
 * a few seconds apart): the matching runs on the group of the pair asked about, never
 * the whole trace.
 */

/** What linking reads of a pair's record, once (a record never changes). */
interface PairText {
  /** The arguments as canonical JSON (MCP params.arguments, or the tool_use's input); long ones as a digest. */
  args: string;
  /** The record's `corr_id` (format extensions §5), null when it has none. */
  corr: string | null;
  /** The canonical JSON's size in UTF-8 bytes: cost per tool splits a turn by it. */
  size: number;
}

/** Per store: the pairs by origin and tool name in time order, each pair's text once read, turns' window ends. */
interface PlaneIndex {
  /** The store's epoch it was built in: after a new one, pair numbers name other pairs. */
  epoch: number;
  indexed: number;
  /** Pair indices by tool name: [0] the mcp plane's, [1] the turns'. */
  byName: [Map<string, number[]>, Map<string, number[]>];
  text: Map<number, PairText>;
  /** A turn pair's window end, kept once its next assistant turn is stored (rows only grow within an epoch). */
  ends: Map<number, number>;
}

/** The links found between one store's turn pairs and one store's calls (the same store, or two), at their versions. */
interface Matching {
  turnsVersion: number;
  callsVersion: number;
  turnsEpoch: number;
  callsEpoch: number;
  /** Turn pair → call pair, and back; null: looked at, no link. */
  toCall: Map<number, number | null>;
  toTurn: Map<number, number | null>;
}

/**
 * A tool_use and the tools/call it became are moments apart: the call is never looked
 * for further than this after its turn, even when no later assistant turn bounds it
 * (the last turn, a stubbed one). It also bounds the work for a call without a twin.
 */
export const MAX_LINK_GAP_MS = 10 * 60_000;

/** Arguments longer than this are compared by a SHA-256 digest: the index keeps few bytes per pair. */
const DIGEST_OVER = 128;

const indexes = new WeakMap<TraceStore, PlaneIndex>();
const matchings = new WeakMap<TraceStore, WeakMap<TraceStore, Matching>>();

const MCP = 0;
const TURN = 1;

function planeIndex(store: TraceStore): PlaneIndex {
  let ix = indexes.get(store);
  if (!ix || ix.epoch !== store.epoch)
    indexes.set(
      store,
      (ix = { epoch: store.epoch, indexed: 0, byName: [new Map(), new Map()], text: new Map(), ends: new Map() }),
    );
  const { origin } = store.pairs.cols;
  for (; ix.indexed < store.pairs.length; ix.indexed++) {
    const p = ix.indexed;
    const byName = ix.byName[origin.data[p]!]!;
    const name = store.pairs.nameOf(p);
    const list = byName.get(name);
    if (!list) byName.set(name, [p]);
    // Kept in time order (pairs arrive in it, but a trace's times need not be):
    // after every pair no later than this one, so equal times stay in pair order.
    else list.splice(firstAfter(store, list, pairTime(store, p)), 0, p);
  }
  return ix;
}

/** A pair's request time (the turn's, for a tool_use); 0 when untimed. */
const pairTime = (store: TraceStore, p: number): number => store.tOf(store.pairs.reqRowOf(p)) ?? 0;

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

/** A record read back and parsed, or null (unreadable, not JSON, not an object). */
function recordOf(store: TraceStore, row: number): Record<string, Json> | null {
  try {
    const o = JSON.parse(store.rawLine(row) ?? 'null') as Json;
    return isObject(o) ? o : null;
  } catch {
    return null;
  }
}

function textOfValue(value: Json | undefined, corr: string | null): PairText {
  const json = canonical(value);
  const size = Buffer.byteLength(json, 'utf8');
  const args = json.length > DIGEST_OVER ? `#${createHash('sha256').update(json).digest('base64')}` : json;
  return { args, corr, size };
}

/**
 * A pair's arguments and corr_id, read back once. A turn's line is read once for all
 * its tool_uses (a tool_use is its turn's `ordinal`-th tool_use block).
 */
function textOf(store: TraceStore, ix: PlaneIndex, p: number): PairText {
  const known = ix.text.get(p);
  if (known) return known;
  const row = store.pairs.reqRowOf(p);
  const o = recordOf(store, row);
  const corr = o ? str(o.corr_id) : null;
  if (store.pairs.isMcp(p)) {
    // mcp-replay lines carry the message in `raw`, mcp-rec lines in `msg`.
    const msg = o ? (o.raw ?? o.msg) : undefined;
    const args = isObject(msg) && isObject(msg.params) ? msg.params.arguments : undefined;
    ix.text.set(p, textOfValue(args, corr));
  } else {
    const blocks = o && Array.isArray(o.blocks) ? o.blocks : [];
    const uses = blocks.filter((b) => isObject(b) && b.type === 'tool_use') as Record<string, Json>[];
    for (const q of store.toolLinks(row).opened)
      ix.text.set(q, textOfValue(uses[store.pairs.ordinalOf(q)]?.input, corr));
  }
  // A turn that cannot be read back (its source gone) still gets a text: no link, size of `null`.
  if (!ix.text.has(p)) ix.text.set(p, textOfValue(undefined, corr));
  return ix.text.get(p)!;
}

/**
 * The last time a turn pair's call may have been sent: the next assistant turn of its
 * file (a call after it answers another turn), at most MAX_LINK_GAP_MS after the turn.
 */
function windowEnd(store: TraceStore, ix: PlaneIndex, u: number): number {
  const kept = ix.ends.get(u);
  if (kept !== undefined) return kept;
  const row = store.pairs.reqRowOf(u);
  const file = store.fileOf(row);
  const t = pairTime(store, u);
  const turns = store.rows('countedTurns');
  for (let i = lowerBound(turns, turns.length, row + 1); i < turns.length; i++) {
    const next = turns[i]!;
    if (store.fileOf(next) !== file) continue;
    const end = Math.min(t + MAX_LINK_GAP_MS, store.tOf(next) ?? t + MAX_LINK_GAP_MS);
    ix.ends.set(u, end);
    return end;
  }
  // The turn's next assistant turn is not stored yet (or there is none): bounded by the gap alone, for now.
  return t + MAX_LINK_GAP_MS;
}

function matchingOf(turns: TraceStore, calls: TraceStore): Matching {
  let byCalls = matchings.get(turns);
  if (!byCalls) matchings.set(turns, (byCalls = new WeakMap()));
  let m = byCalls.get(calls);
  if (
    !m ||
    m.turnsVersion !== turns.version ||
    m.callsVersion !== calls.version ||
    m.turnsEpoch !== turns.epoch ||
    m.callsEpoch !== calls.epoch
  )
    byCalls.set(
      calls,
      (m = {
        turnsVersion: turns.version,
        callsVersion: calls.version,
        turnsEpoch: turns.epoch,
        callsEpoch: calls.epoch,
        toCall: new Map(),
        toTurn: new Map(),
      }),
    );
  return m;
}

/** A candidate link: turn pair, call pair, and its rank (lower first). */
interface Edge {
  u: number;
  c: number;
  /** 0 when both carry the same corr_id, else 1. */
  corr: number;
  gap: number;
}

/**
 * The group of pairs linked to `start` by candidate links, matched: each pair of the
 * group gets its link (or null) in `m`. Two planes: `turns` holds the tool_uses,
 * `calls` the tools/calls (the same store when both planes are open in it).
 */
function matchGroup(
  turns: TraceStore,
  calls: TraceStore,
  m: Matching,
  start: { turn: number } | { call: number },
): void {
  const tix = planeIndex(turns);
  const cix = planeIndex(calls);
  const seenTurns = new Set<number>();
  const seenCalls = new Set<number>();
  const queue: { turn?: number; call?: number }[] = [start];
  const edges: Edge[] = [];
  while (queue.length) {
    const next = queue.pop()!;
    if (next.turn !== undefined) {
      const u = next.turn;
      if (seenTurns.has(u)) continue;
      seenTurns.add(u);
      // Every candidate link is found from its turn's side; a call's side only finds the turns.
      const t = pairTime(turns, u);
      const end = windowEnd(turns, tix, u);
      const list = cix.byName[MCP].get(turns.pairs.nameOf(u)) ?? [];
      for (let i = firstAfter(calls, list, t, true); i < list.length; i++) {
        const c = list[i]!;
        const tc = pairTime(calls, c);
        if (tc > end) break;
        const a = textOf(turns, tix, u);
        const b = textOf(calls, cix, c);
        if (a.args !== b.args || (a.corr !== null && b.corr !== null && a.corr !== b.corr)) continue;
        edges.push({ u, c, corr: a.corr !== null && a.corr === b.corr ? 0 : 1, gap: tc - t });
        if (!seenCalls.has(c)) queue.push({ call: c });
      }
    } else {
      const c = next.call!;
      if (seenCalls.has(c)) continue;
      seenCalls.add(c);
      // The turns whose window holds the call: asked at most MAX_LINK_GAP_MS before it.
      const tc = pairTime(calls, c);
      const list = tix.byName[TURN].get(calls.pairs.nameOf(c)) ?? [];
      for (let i = firstAfter(turns, list, tc - MAX_LINK_GAP_MS, true); i < list.length; i++) {
        const u = list[i]!;
        if (pairTime(turns, u) > tc) break;
        if (!seenTurns.has(u) && windowEnd(turns, tix, u) >= tc) queue.push({ turn: u });
      }
    }
  }
  edges.sort((x, y) => x.corr - y.corr || x.gap - y.gap || x.u - y.u || x.c - y.c);
  for (const u of seenTurns) m.toCall.set(u, null);
  for (const c of seenCalls) m.toTurn.set(c, null);
  for (const e of edges) {
    if (m.toCall.get(e.u) !== null || m.toTurn.get(e.c) !== null) continue;
    m.toCall.set(e.u, e.c);
    m.toTurn.set(e.c, e.u);
  }
}

/** The call a tool_use (turn pair `u` of `turns`) became, among the calls of `calls`; null: none reached the server. */
export function linkedCall(turns: TraceStore, calls: TraceStore, u: number): number | null {
  const m = matchingOf(turns, calls);
  if (!m.toCall.has(u)) matchGroup(turns, calls, m, { turn: u });
  return m.toCall.get(u)!;
}

/** The tool_use (a turn pair of `turns`) that asked for call `c` of `calls`; null: no turn asked for it. */
export function linkedUse(turns: TraceStore, calls: TraceStore, c: number): number | null {
  const m = matchingOf(turns, calls);
  if (!m.toTurn.has(c)) matchGroup(turns, calls, m, { call: c });
  return m.toTurn.get(c)!;
}

/**
 * The tool call on the other plane of the same store: a tool_use's `tools/call`, or a
 * call's tool_use (see the rule at the top). One-to-one: `linkedPair(linkedPair(p))`
 * is `p` whenever the first is not null.
 */
export function linkedPair(store: TraceStore, pairIndex: number): number | null {
  return store.pairs.isMcp(pairIndex) ? linkedUse(store, store, pairIndex) : linkedCall(store, store, pairIndex);
}

/** A tool_use's arguments size in bytes (canonical JSON, UTF-8), read back once: what cost per tool splits by. */
export function argumentsSize(store: TraceStore, pairIndex: number): number {
  return textOf(store, planeIndex(store), pairIndex).size;
}

/** True when the store holds a tools/call (an mcp plane): only then can a tool_use say that no call reached the server. */
export function hasCalls(store: TraceStore): boolean {
  const ix = planeIndex(store);
  return ix.byName[MCP].size > 0;
}

/** The tool pairs a row stands for: a tools/call request or response, or a turn's tool_uses. */
export function pairOfRow(store: TraceStore, row: number): number[] {
  const p = store.cols.mcpPairOf(row);
  if (p >= 0) return [p];
  const other = store.cols.pair.data[row]!;
  if (other >= 0 && store.cols.mcpPairOf(other) >= 0) return [store.cols.mcpPairOf(other)];
  return store.toolLinks(row).opened;
}
