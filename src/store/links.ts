import { lowerBound } from './columns.js';
import { MCP_ORIGIN as MCP, TURN_ORIGIN as TURN } from './tool-pairs.js';
import type { TraceStore } from './trace-store.js';

/*
 * Links between the planes of a run: a tool_use (agent plane, a turn pair) and the
 * tools/call it became (mcp plane). Worked out when asked, from the columns alone: each
 * pair's arguments were keyed as its line was indexed (trace/args-key.ts), so every way
 * a store is filled (one thread, the parallel index, a saved index, --follow) gives the
 * same links, and none reads a record back.
 *
 * The rule (docs/stats.md, "Links"): a tool_use and a call may link when they name the
 * same tool with the same arguments (canonical JSON, by key), their `corr_id`s do not differ
 * (when both carry one), and the call was sent no earlier than the turn that asked for
 * it and no later than the next assistant turn of that turn's file (nor MAX_LINK_GAP_MS
 * after it). Links are one-to-one: among the candidates, those sharing a corr_id come
 * first, then the nearest in time, then the first recorded, each taken while both ends
 * are free (a greedy matching). Candidates form small groups (a tool and its arguments,
 * a few seconds apart): the matching runs on the group of the pair asked about, never
 * the whole trace.
 */

/** Per store: the pairs by origin and tool name in time order, turns' window ends. */
interface PlaneIndex {
  /** The store's epoch it was built in: after a new one, pair numbers name other pairs. */
  epoch: number;
  indexed: number;
  /** Pair indices by tool name: [0] the mcp plane's, [1] the turns'. */
  byName: [Map<string, number[]>, Map<string, number[]>];
  /** A turn pair's window end, kept once its next assistant turn is stored (rows only grow within an epoch); NaN: not yet. */
  ends: Float64Array;
}

/** The links found between one store's turn pairs and one store's calls (the same store, or two), at their versions. */
interface Matching {
  turnsVersion: number;
  callsVersion: number;
  turnsEpoch: number;
  callsEpoch: number;
  /**
   * Turn pair → call pair, and back, by pair (a 1 GiB trace has ~500,000): the pair
   * linked, NO_LINK when looked at with no link, UNSEEN before, and `inGroup(g)` while
   * group `g` is being matched (matchGroup). A matching lives for one version of each
   * store, whose pairs do not change: the arrays are made to size.
   */
  toCall: Int32Array;
  toTurn: Int32Array;
  /** Groups matched so far. */
  groups: number;
}

const UNSEEN = -2;
const NO_LINK = -1;
/** The mark of a pair visited by group `g` and not yet matched. */
const inGroup = (g: number): number => -3 - g;

/**
 * A tool_use and the tools/call it became are moments apart: the call is never looked
 * for further than this after its turn, even when no later assistant turn bounds it
 * (the last turn, a stubbed one). It also bounds the work for a call without a twin.
 */
export const MAX_LINK_GAP_MS = 10 * 60_000;

const indexes = new WeakMap<TraceStore, PlaneIndex>();
const matchings = new WeakMap<TraceStore, WeakMap<TraceStore, Matching>>();

/** Pairs indexed between two looks at the clock (`until`). */
const CLOCK_EVERY = 1024;

/** The store's plane index, every pair in it; with `until` (a `performance.now()` time), as many as fit before it. */
function planeIndex(store: TraceStore, until = Number.POSITIVE_INFINITY): PlaneIndex {
  let ix = indexes.get(store);
  if (!ix || ix.epoch !== store.epoch)
    indexes.set(
      store,
      (ix = { epoch: store.epoch, indexed: 0, byName: [new Map(), new Map()], ends: new Float64Array(0) }),
    );
  const { origin } = store.pairs.cols;
  for (; ix.indexed < store.pairs.length; ix.indexed++) {
    const p = ix.indexed;
    if (p % CLOCK_EVERY === 0 && performance.now() > until) break;
    const byName = ix.byName[origin.data[p]!]!;
    const name = store.pairs.nameOf(p);
    const list = byName.get(name);
    if (!list) byName.set(name, [p]);
    else {
      // Kept in time order (pairs arrive in it, but a trace's times need not be):
      // after every pair no later than this one, so equal times stay in pair order.
      const t = pairTime(store, p);
      if (pairTime(store, list[list.length - 1]!) <= t) list.push(p);
      else list.splice(firstAfter(store, list, t), 0, p);
    }
  }
  return ix;
}

/** How long each step of `prepareLinksSoon` may take. */
const STEP_MS = 2;

/**
 * Indexes the store's pairs by name for linking, ahead of the first key that needs a
 * link, a step per turn of the event loop. Indexing a 1 GiB trace's 340,000 pairs takes
 * 30-40 ms: done by the first Enter on a call, whose detail names its link, it made that
 * key take 60-80 ms.
 */
export async function prepareLinksSoon(store: TraceStore, cancelled: () => boolean): Promise<void> {
  while (!cancelled() && planeIndex(store, performance.now() + STEP_MS).indexed < store.pairs.length)
    await new Promise((resolve) => setImmediate(resolve));
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

/**
 * The last time a turn pair's call may have been sent: the next assistant turn of its
 * file (a call after it answers another turn), at most MAX_LINK_GAP_MS after the turn.
 */
function windowEnd(store: TraceStore, ix: PlaneIndex, u: number): number {
  if (u < ix.ends.length && !Number.isNaN(ix.ends[u]!)) return ix.ends[u]!;
  const row = store.pairs.reqRowOf(u);
  const file = store.fileOf(row);
  const t = pairTime(store, u);
  const turns = store.rows('countedTurns');
  for (let i = lowerBound(turns, turns.length, row + 1); i < turns.length; i++) {
    const next = turns[i]!;
    if (store.fileOf(next) !== file) continue;
    const end = Math.min(t + MAX_LINK_GAP_MS, store.tOf(next) ?? t + MAX_LINK_GAP_MS);
    if (u >= ix.ends.length) {
      // To the store's size: a finished trace's pairs all fit at once.
      const grown = new Float64Array(Math.max(u + 1, store.pairs.length)).fill(Number.NaN);
      grown.set(ix.ends);
      ix.ends = grown;
    }
    ix.ends[u] = end;
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
    m.callsEpoch !== calls.epoch ||
    m.toCall.length !== turns.pairs.length ||
    m.toTurn.length !== calls.pairs.length
  ) {
    m = {
      turnsVersion: turns.version,
      callsVersion: calls.version,
      turnsEpoch: turns.epoch,
      callsEpoch: calls.epoch,
      toCall: new Int32Array(turns.pairs.length).fill(UNSEEN),
      toTurn: new Int32Array(calls.pairs.length).fill(UNSEEN),
      groups: 0,
    };
    if (turns === calls) seedFromSaved(turns, m);
    byCalls.set(calls, m);
  }
  return m;
}

/**
 * The links a saved index brought (store/snapshot.ts), while the store holds exactly the
 * rows it restored: each call pair's turn pair, NO_LINK for none and for turn pairs.
 */
interface SavedLinks {
  epoch: number;
  rows: number;
  toTurn: Int32Array;
}

const saved = new WeakMap<TraceStore, SavedLinks>();

/**
 * The matching of a store with itself made whole from its saved links, while they still
 * describe it: every link is known, so none needs the planes' index (building it was
 * most of what cost per tool took after a restore).
 */
function restoredMatching(turns: TraceStore, calls: TraceStore): Matching | null {
  if (turns !== calls || !saved.has(turns)) return null;
  const m = matchingOf(turns, calls);
  // Seeding drops links that no longer describe the store.
  return saved.has(turns) ? m : null;
}

/** A settled entry of a matching as a pair, or null for none. */
const linkOf = (v: number): number | null => (v < 0 ? null : v);

/** A new matching of a store with itself starts from its saved links, when they still describe it. */
function seedFromSaved(store: TraceStore, m: Matching): void {
  const s = saved.get(store);
  if (!s) return;
  if (s.epoch !== store.epoch || s.rows !== store.count || s.toTurn.length !== store.pairs.length) {
    // Rows came after the restore (a window may have closed): worked out anew from now on.
    saved.delete(store);
    return;
  }
  m.toCall.fill(NO_LINK);
  m.toTurn.set(s.toTurn);
  for (let c = 0; c < s.toTurn.length; c++) if (s.toTurn[c]! >= 0) m.toCall[s.toTurn[c]!] = c;
}

/**
 * Every call of the store linked to the tool_use that asked for it (in the same store):
 * worked out now, so a saved index can carry the links (`linksToSave`). Only worth it
 * where the links will be asked for anyway: `summary` works out every tool's cost.
 */
export function linkAll(store: TraceStore): void {
  const { origin } = store.pairs.cols;
  if (!hasToolUses(store)) return;
  for (let c = 0; c < store.pairs.length; c++) if (origin.data[c] === MCP) linkedUse(store, store, c);
}

/**
 * The links between a store's own planes, as a saved index keeps them: by pair, a
 * call's linked turn pair, -1 for none and for turn pairs. Empty when there is nothing
 * to keep: not every call's link is worked out yet (the app saves its index before it
 * asks), or one plane has no tool calls (linking then costs nothing).
 */
export function linksToSave(store: TraceStore): Int32Array {
  const none = new Int32Array(0);
  // No matching made: nothing was linked (the planes' index is not built to find out:
  // at 1 GiB it is ~18 MiB, at the app's peak).
  const m = matchings.get(store)?.get(store);
  if (!m || m.turnsVersion !== store.version || m.turnsEpoch !== store.epoch || m.toTurn.length !== store.pairs.length)
    return none;
  const { origin } = store.pairs.cols;
  const out = new Int32Array(store.pairs.length).fill(NO_LINK);
  for (let c = 0; c < out.length; c++) {
    if (origin.data[c] !== MCP) continue;
    const u = m.toTurn[c]!;
    if (u === UNSEEN) return none;
    out[c] = u;
  }
  return out;
}

/**
 * Keeps the links a saved index brought for the store as restored (`toTurn` as
 * `linksToSave` made it, checked by the snapshot: one-to-one, calls to turn pairs).
 * They stand until a row is added or the store is read again.
 */
export function restoreLinks(store: TraceStore, toTurn: Int32Array): void {
  if (toTurn.length === 0) saved.delete(store);
  else saved.set(store, { epoch: store.epoch, rows: store.count, toTurn });
}

/*
 * Scratch for matchGroup, reused from group to group: a 1 GiB trace has ~250,000
 * groups, most of one turn and one call, and Sets and objects per group were most of
 * the time cost per tool took. A group's pairs are marked `inGroup` in the matching.
 */
/** Pairs to visit: a turn pair `u` as itself, a call pair `c` as `~c`. */
const stack: number[] = [];
const groupTurns: number[] = [];
const groupCalls: number[] = [];
/** Candidate links: turn pair, call pair, rank (0 when both carry the same corr_id, else 1), and time apart. */
const edgeU: number[] = [];
const edgeC: number[] = [];
const edgeCorr: number[] = [];
const edgeGap: number[] = [];
const order: number[] = [];

/**
 * The group of pairs linked to `start` by candidate links, matched: each pair of the
 * group gets its link (or NO_LINK) in `m`. Two planes: `turns` holds the tool_uses,
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
  const mark = inGroup(++m.groups);
  stack.length = groupTurns.length = groupCalls.length = 0;
  edgeU.length = edgeC.length = edgeCorr.length = edgeGap.length = 0;
  stack.push('turn' in start ? start.turn : ~start.call);
  while (stack.length) {
    const next = stack.pop()!;
    if (next >= 0) {
      const u = next;
      // A pair matched before may be visited again: the group decides it anew, as a whole.
      if (m.toCall[u] === mark) continue;
      m.toCall[u] = mark;
      groupTurns.push(u);
      // Every candidate link is found from its turn's side; a call's side only finds the turns.
      const list = cix.byName[MCP].get(turns.pairs.nameOf(u));
      if (!list) continue;
      const t = pairTime(turns, u);
      const end = windowEnd(turns, tix, u);
      const key = turns.pairs.argsKeyOf(u);
      const a = turns.pairs.corrOf(u);
      for (let i = firstAfter(calls, list, t, true); i < list.length; i++) {
        const c = list[i]!;
        const tc = pairTime(calls, c);
        if (tc > end) break;
        if (key !== calls.pairs.argsKeyOf(c)) continue;
        const b = calls.pairs.corrOf(c);
        if (a !== null && b !== null && a !== b) continue;
        edgeU.push(u);
        edgeC.push(c);
        edgeCorr.push(a !== null && a === b ? 0 : 1);
        edgeGap.push(tc - t);
        if (m.toTurn[c] !== mark) stack.push(~c);
      }
    } else {
      const c = ~next;
      if (m.toTurn[c] === mark) continue;
      m.toTurn[c] = mark;
      groupCalls.push(c);
      // The turns whose window holds the call: asked at most MAX_LINK_GAP_MS before it.
      const tc = pairTime(calls, c);
      const list = tix.byName[TURN].get(calls.pairs.nameOf(c));
      if (!list) continue;
      for (let i = firstAfter(turns, list, tc - MAX_LINK_GAP_MS, true); i < list.length; i++) {
        const u = list[i]!;
        if (pairTime(turns, u) > tc) break;
        if (m.toCall[u] !== mark && windowEnd(turns, tix, u) >= tc) stack.push(u);
      }
    }
  }
  order.length = 0;
  for (let e = 0; e < edgeU.length; e++) order.push(e);
  if (order.length > 1)
    order.sort(
      (x, y) =>
        edgeCorr[x]! - edgeCorr[y]! || edgeGap[x]! - edgeGap[y]! || edgeU[x]! - edgeU[y]! || edgeC[x]! - edgeC[y]!,
    );
  for (const u of groupTurns) m.toCall[u] = NO_LINK;
  for (const c of groupCalls) m.toTurn[c] = NO_LINK;
  for (const e of order) {
    const u = edgeU[e]!;
    const c = edgeC[e]!;
    if (m.toCall[u] !== NO_LINK || m.toTurn[c] !== NO_LINK) continue;
    m.toCall[u] = c;
    m.toTurn[c] = u;
  }
}

/** The call a tool_use (turn pair `u` of `turns`) became, among the calls of `calls`; null: none reached the server. */
export function linkedCall(turns: TraceStore, calls: TraceStore, u: number): number | null {
  const restored = restoredMatching(turns, calls);
  if (restored) return linkOf(restored.toCall[u]!);
  // A plane without calls (an agent file alone): no candidate, no matching to make.
  if (!hasCalls(calls)) return null;
  const m = matchingOf(turns, calls);
  if (!(u < m.toCall.length && m.toCall[u] !== UNSEEN)) matchGroup(turns, calls, m, { turn: u });
  const c = m.toCall[u]!;
  return c === NO_LINK ? null : c;
}

/** The tool_use (a turn pair of `turns`) that asked for call `c` of `calls`; null: no turn asked for it. */
export function linkedUse(turns: TraceStore, calls: TraceStore, c: number): number | null {
  const restored = restoredMatching(turns, calls);
  if (restored) return linkOf(restored.toTurn[c]!);
  // No tool_uses (an mcp file alone): no turn asked for any call.
  if (!hasToolUses(turns)) return null;
  const m = matchingOf(turns, calls);
  if (!(c < m.toTurn.length && m.toTurn[c] !== UNSEEN)) matchGroup(turns, calls, m, { call: c });
  const u = m.toTurn[c]!;
  return u === NO_LINK ? null : u;
}

/**
 * The tool call on the other plane of the same store: a tool_use's `tools/call`, or a
 * call's tool_use (see the rule at the top). One-to-one: `linkedPair(linkedPair(p))`
 * is `p` whenever the first is not null.
 */
export function linkedPair(store: TraceStore, pairIndex: number): number | null {
  return store.pairs.isMcp(pairIndex) ? linkedUse(store, store, pairIndex) : linkedCall(store, store, pairIndex);
}

/** A tool_use's arguments size in bytes (canonical JSON, UTF-8): what cost per tool splits by. */
export function argumentsSize(store: TraceStore, pairIndex: number): number {
  return store.pairs.argsSizeOf(pairIndex);
}

/** True when the store holds a tools/call (an mcp plane): only then can a tool_use say that no call reached the server. */
export function hasCalls(store: TraceStore): boolean {
  return planeIndex(store).byName[MCP].size > 0;
}

/** True when the store holds a tool_use (an agent plane): only then can a call say that no turn asked for it. */
export function hasToolUses(store: TraceStore): boolean {
  return planeIndex(store).byName[TURN].size > 0;
}

/** The tool pairs a row stands for: a tools/call request or response, or a turn's tool_uses. */
export function pairOfRow(store: TraceStore, row: number): number[] {
  const p = store.cols.mcpPairOf(row);
  if (p >= 0) return [p];
  const other = store.cols.pairOf(row);
  if (other >= 0 && store.cols.mcpPairOf(other) >= 0) return [store.cols.mcpPairOf(other)];
  return store.toolLinks(row).opened;
}
