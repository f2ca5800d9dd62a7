import { alignSteps, lcsSteps, MAX_EDITS, ordinalSteps, type Step } from '../kit/align.js';
import {
  type Difference,
  firstDifference,
  pathText,
  type ShownValues,
  shortValues,
  shownValues,
} from '../kit/json-diff.js';
import type { PathStep } from '../kit/json-path.js';
import { canonical } from '../kit/json-write.js';
import { isObject, type Json } from '../kit/values.js';
import type { DiffStatus } from '../trace/enums.js';
import { classify } from '../trace/parse-line.js';
import { messageOf } from './messages.js';
import { type Figures, figuresJson, storeFigures } from './run-figures.js';
import type { ToolPair, TraceStore } from './trace-store.js';

export type { DiffStatus };
/** How a call ended: answered, failed (a JSON-RPC error or an `isError` result), or never answered. */
export type CallState = 'ok' | 'error' | 'pending';
/** How calls are matched: aligned by what they are (the default), or call i of A with call i of B. */
export type DiffBy = 'calls' | 'ordinal';

export interface DiffCall {
  /** The row's place in the diff, 1-based (with `--by ordinal`, the call's place in both). */
  ordinal: number;
  /** The call's place among A's tool calls (1-based); null for a call added in B. */
  aOrdinal: number | null;
  /** The call's place among B's tool calls; null for a call removed from B. */
  bOrdinal: number | null;
  status: DiffStatus;
  method: string;
  tool: string;
  aLine: number | null;
  bLine: number | null;
  /** What differs, `path: a → b` (`.params.arguments.path: "/a" → "/b"`); empty when the same. */
  detail: string;
  /** The first differing path in jq syntax, in the request (changed args) or the response (changed result). */
  path: string | null;
  /** A's value and B's at `path`, as short JSON text (a long string from near where they differ). */
  aValue: string | null;
  bValue: string | null;
  aStatus: CallState | null;
  bStatus: CallState | null;
  /** `ok→error` when the two ended differently; null when they did not, or a side lacks the call. */
  statusChange: string | null;
  aLatencyMs: number | null;
  bLatencyMs: number | null;
  /** B's latency minus A's, ms; null unless both have one. */
  latencyDeltaMs: number | null;
  /**
   * Both values at `path` for the table and the app to window to their room (whole up
   * to the diff's `keep`), and where they first differ; null when the same. Not in
   * `--json` (`diffJson`), whose `aValue` and `bValue` are as they were.
   */
  shown: ShownValues | null;
}

export interface DiffDoc {
  a: string;
  b: string;
  same: boolean;
  by: DiffBy;
  /** Set when the alignment gave up (too many calls differ) and matched a stretch by ordinal. */
  note: string | null;
  /** Each side's figures as `report` counts them: calls, errors, turns, tokens, cost. */
  totals: { a: Figures; b: Figures };
  calls: DiffCall[];
}

/** `aValue` and `bValue` (--json) are at most this long. */
const VALUE_MAX = 60;
/**
 * Characters of each differing value kept for showing on a terminal: more than its
 * widest line shows around the difference, and a bound on what a diff of 100,000
 * changed calls holds (a pipe asks for Infinity: it prints them whole).
 */
export const SHOWN_KEEP = 1024;

export { messageOf };

/** The tool calls of a store in request order: MCP tools/call pairs, else tool_use pairs. */
function toolCalls(store: TraceStore): ToolPair[] {
  const all = store.pairs.all();
  const mcp = all.filter((p) => p.origin === 'mcp');
  return mcp.length ? mcp : all.filter((p) => p.origin === 'turn');
}

/** A turn pair's tool_use block, read back: the pair's ordinal among its turn's tool_use blocks. */
export function toolUseBlock(store: TraceStore, pair: ToolPair): Record<string, Json> | null {
  let k = pair.ordinal;
  return findBlock(store, pair.reqRow, (b) => b.type === 'tool_use' && k-- === 0);
}

/** The first block of a turn row that satisfies `ok`, read back. */
export function findBlock(
  store: TraceStore,
  row: number,
  ok: (b: Record<string, Json>) => boolean,
): Record<string, Json> | null {
  try {
    const v = JSON.parse(store.rawLine(row) ?? 'null') as Json;
    // An agent's line reads as the v1 turn it stands for.
    const parsed = isObject(v) ? classify(v) : null;
    const o = parsed?.kind === 'turn' ? parsed.obj : null;
    const blocks = o !== null && Array.isArray(o.blocks) ? o.blocks : [];
    return (blocks.find((b) => isObject(b) && ok(b)) as Record<string, Json> | undefined) ?? null;
  } catch {
    return null;
  }
}

/** A call's arguments as compared: the request's `params.arguments`, or the tool_use's `input`. */
export function argsOf(store: TraceStore, pair: ToolPair): Json | undefined {
  if (pair.origin === 'turn') return toolUseBlock(store, pair)?.input;
  const req = messageOf(store, pair.reqRow);
  return isObject(req) && isObject(req.params) ? req.params.arguments : undefined;
}

/**
 * A call's outcome as compared: the response's `result` or `error` (as `{result}` or
 * `{error}`, so a path reads as in the response), or the tool_result's content and
 * is_error as recorded (an absent is_error stays absent: the side by side shows what the
 * file holds); undefined while unanswered.
 */
export function outcomeOf(store: TraceStore, pair: ToolPair): Json | undefined {
  if (pair.resRow < 0) return undefined;
  if (pair.origin === 'mcp') {
    const res = messageOf(store, pair.resRow);
    if (!isObject(res)) return undefined;
    return res.error !== undefined ? { error: res.error } : { result: res.result ?? null };
  }
  const use = toolUseBlock(store, pair);
  const res = use && findBlock(store, pair.resRow, (b) => b.type === 'tool_result' && b.tool_use_id === use.id);
  if (!res) return undefined;
  return res.is_error === undefined
    ? { content: res.content ?? null }
    : { content: res.content ?? null, is_error: res.is_error };
}

/** Where a call's arguments sit in its record, for the path: `.params.arguments` or `.input`. */
export const argsBase = (pair: ToolPair): PathStep[] => (pair.origin === 'mcp' ? ['params', 'arguments'] : ['input']);

const stateOf = (pair: ToolPair): CallState => (pair.resRow < 0 ? 'pending' : pair.error !== null ? 'error' : 'ok');

/** A call's identity for the alignment: method and tool; then with its arguments (canonical JSON). */
function keysOf(store: TraceStore, calls: ToolPair[], ids: Map<string, number>) {
  const intern = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const full: number[] = [];
  const coarse: number[] = [];
  for (const pair of calls) {
    // NUL never appears in a method or tool name as JSON text, so the parts cannot run together.
    const base = `${pair.origin === 'mcp' ? 'tools/call' : 'tool_use'}\u0000${pair.name}`;
    coarse.push(intern(base));
    full.push(intern(`${base}\u0000${canonical(argsOf(store, pair) ?? null)}`));
  }
  return { full, coarse };
}

/**
 * Calls aligned by a longest common subsequence of (method, tool, arguments); the
 * calls left between two matches are aligned again by (method, tool), each match
 * there a `changed args`. Past MAX_EDITS differences the differing stretch is matched
 * by ordinal (`bounded`).
 */
function alignCalls(a: TraceStore, ca: ToolPair[], b: TraceStore, cb: ToolPair[], maxEdits: number) {
  const ids = new Map<string, number>();
  const ka = keysOf(a, ca, ids);
  const kb = keysOf(b, cb, ids);
  ids.clear();
  const top = alignSteps(ka.full, kb.full, maxEdits);
  const steps: Step[] = [];
  const loneA: number[] = [];
  const loneB: number[] = [];
  const flush = () => {
    // Past the bound within a stretch (or with one side empty), its calls stay removed and added.
    const inner =
      loneA.length && loneB.length
        ? lcsSteps(
            loneA.map((i) => ka.coarse[i]!),
            loneB.map((j) => kb.coarse[j]!),
            maxEdits,
          )
        : null;
    for (const [i, j] of inner ?? [...loneA.map((_, i) => [i, -1] as const), ...loneB.map((_, j) => [-1, j] as const)])
      steps.push([i < 0 ? -1 : loneA[i]!, j < 0 ? -1 : loneB[j]!]);
    loneA.length = 0;
    loneB.length = 0;
  };
  for (const [i, j] of top.steps) {
    if (i >= 0 && j >= 0) {
      flush();
      steps.push([i, j]);
    } else if (i >= 0) loneA.push(i);
    else loneB.push(j);
  }
  flush();
  // Calls of the same key have the same arguments: compare() need not read them again.
  return { steps, bounded: top.bounded, sameArgs: (i: number, j: number) => ka.full[i] === kb.full[j] };
}

/** One row of the diff: call `pa` of A against call `pb` of B (either may be absent). */
function compare(
  a: TraceStore,
  pa: ToolPair | undefined,
  b: TraceStore,
  pb: ToolPair | undefined,
  place: { ordinal: number; aOrdinal: number | null; bOrdinal: number | null },
  sameArgs: boolean,
  keep: number,
): DiffCall {
  const aStatus = pa ? stateOf(pa) : null;
  const bStatus = pb ? stateOf(pb) : null;
  const aLatencyMs = pa?.latency ?? null;
  const bLatencyMs = pb?.latency ?? null;
  // Fields in the order --json has always written them, the new ones after.
  const row = (
    status: DiffStatus,
    { shown, ...what }: Pick<DiffCall, 'detail' | 'path' | 'aValue' | 'bValue' | 'shown'> = SAME,
  ): DiffCall => ({
    ...place,
    status,
    method: 'tools/call',
    tool: (pa ?? pb)!.name,
    aLine: pa ? a.lineOf(pa.reqRow) : null,
    bLine: pb ? b.lineOf(pb.reqRow) : null,
    ...what,
    aStatus,
    bStatus,
    statusChange: aStatus && bStatus && aStatus !== bStatus ? `${aStatus}→${bStatus}` : null,
    aLatencyMs,
    bLatencyMs,
    latencyDeltaMs: aLatencyMs !== null && bLatencyMs !== null ? bLatencyMs - aLatencyMs : null,
    shown,
  });
  if (!pb) return row('removed from B');
  if (!pa) return row('added in B');
  const differs = (status: DiffStatus, d: Difference): DiffCall => {
    const path = pathText(d);
    const [aValue, bValue] = shortValues(d.a, d.b, VALUE_MAX);
    const shown = shownValues(d.a, d.b, keep);
    return row(status, { detail: `${path}: ${aValue} → ${bValue}`, path, aValue, bValue, shown });
  };
  // Only `--by ordinal` pairs calls of two tools.
  if (pa.name !== pb.name)
    return differs('changed args', {
      steps: pa.origin === 'mcp' ? ['params', 'name'] : ['name'],
      deeper: false,
      a: pa.name,
      b: pb.name,
    });
  const args = sameArgs ? null : firstDifference(argsOf(a, pa), argsOf(b, pb), argsBase(pa));
  if (args) return differs('changed args', args);
  const res = firstDifference(outcomeOf(a, pa), outcomeOf(b, pb));
  if (res) return differs('changed result', res);
  return row('same');
}

const SAME = { detail: '', path: null, aValue: null, bValue: null, shown: null };

/**
 * Aligns two recordings' tool calls and compares each pair by tool name and arguments,
 * then by result. `by: 'calls'` (the default) aligns by what the calls are, so one
 * inserted call is one `added in B` row; `'ordinal'` matches call i of A with call i of
 * B (the web viewer's `?diff=`). `maxEdits`: the alignment's bound (tests lower it);
 * `keep`: how much of each differing value is kept for showing (`shown`).
 */
export function diffStores(
  a: TraceStore,
  b: TraceStore,
  by: DiffBy = 'calls',
  { maxEdits = MAX_EDITS, keep = SHOWN_KEEP }: { maxEdits?: number; keep?: number } = {},
): DiffDoc {
  const ca = toolCalls(a);
  const cb = toolCalls(b);
  const aligned =
    by === 'ordinal'
      ? { steps: ordinalSteps(ca.length, cb.length), bounded: false, sameArgs: () => false }
      : alignCalls(a, ca, b, cb, maxEdits);
  const calls = aligned.steps.map(([i, j], k) =>
    compare(
      a,
      ca[i],
      b,
      cb[j],
      { ordinal: k + 1, aOrdinal: i < 0 ? null : i + 1, bOrdinal: j < 0 ? null : j + 1 },
      i >= 0 && j >= 0 && aligned.sameArgs(i, j),
      keep,
    ),
  );
  return {
    a: a.files[0]?.name ?? '',
    b: b.files[0]?.name ?? '',
    same: calls.every((c) => c.status === 'same'),
    by,
    note: aligned.bounded
      ? `more than ${maxEdits.toLocaleString('en-US')} calls differ: past the calls both start and end with, they are matched by ordinal`
      : null,
    totals: { a: storeFigures(a), b: storeFigures(b) },
    calls,
  };
}

/** The diff as `--json` writes it: every field but the values kept for showing, the totals as `report` writes figures. */
export function diffJson(doc: DiffDoc) {
  return {
    ...doc,
    totals: { a: figuresJson(doc.totals.a), b: figuresJson(doc.totals.b) },
    calls: doc.calls.map(({ shown: _, ...call }) => call),
  };
}
