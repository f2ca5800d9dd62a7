import { COUNT_LIMIT, nanoFits, nanoOf } from '../kit/counts.js';
import { Kind, Shape } from '../trace/enums.js';
import { Flag, UsageFlag } from './codes.js';
import { Column } from './columns.js';
import type { ErrorEntry } from './table-writer.js';
import type { Tables } from './tables.js';

export type { ErrorEntry } from './table-writer.js';

/** Latency and outcome counts of one group of calls (a method, or a tool of one origin). */
export interface CallAgg {
  calls: number;
  errors: number;
  pending: number;
  /**
   * Every answered call's latency, in ms (`view()`), for exact percentiles. Off the V8
   * heap: ~900,000 at 1 GiB, 7.5 MiB as arrays of numbers, which V8 then keeps room for
   * half again over, and each array's growth left its old copy in the large-object space.
   */
  latencies: Column<Float64Array>;
}

export interface ModelAgg {
  model: string;
  calls: number;
  /** Counted turns that carried a `usage` object (null sums when 0). */
  withUsage: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheReadSeen: boolean;
  cacheWrite: number;
  cacheWriteSeen: boolean;
  thinkingExact: number;
  thinkingEstimated: number;
  ttft: number[];
  durations: number[];
  /** The cost of the turns summed, in whole nano-dollars (kit/counts.ts: exact in any order). */
  costNano: number;
  /** Turns with usage whose model had no price row. */
  unpricedTurns: number;
  priced: boolean;
  /** Counted turns left out of the token and cost sums: a count above 2^53, or one that is no count (counts.ts). */
  overflowTurns: number;
  /** Counted turns whose tokens went in the sums but whose cost overflowed (COST_LIMIT): left out of the cost. */
  costOverflowTurns: number;
}

// No room until a latency arrives: most groups of a trace that names a tool per call hold none or one.
const newCall = (): CallAgg => ({ calls: 0, errors: 0, pending: 0, latencies: new Column(Float64Array, 0) });

interface UsageSums {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  thinking: number;
  costNano: number;
}

/** Per-model, per-method and per-tool rollups, and the errors list. */
export class Aggregates {
  readonly models = new Map<string, ModelAgg>();
  readonly methods = new Map<string, CallAgg>();
  readonly tools = new Map<string, { mcp: CallAgg; turn: CallAgg }>();
  readonly errors: ErrorEntry[] = [];
  turns = 0;
  echoedTurns = 0;
  assistantTurns = 0;
  modelTimeMs = 0;
  modelTimeSeen = false;
  /** Answered calls whose latency was left out: a time out of the date range, or over 100 years (`Tables.latency`). */
  latenciesLeftOut = 0;
  /** Counted turns whose token counts overflow (above 2^53) or are no counts: left out of every sum. */
  overflowTurns = 0;
  /** Counted turns whose cost overflows (COST_LIMIT): their tokens summed, their cost not. */
  costOverflowTurns = 0;
  /** Turn times (`duration_ms`, `ttft_ms`) that are no time (negative, not finite, above 2^53), or would take the model time past 2^53: left out. */
  timesLeftOut = 0;
  /**
   * The token and cost sums over every model, so that no sum (a model's, or the total
   * over models) passes 2^53 or Infinity: the turn that would take one there overflows
   * instead. Null until needed: a restored rollup sums its models again.
   */
  private sums: UsageSums | null = null;

  usageSums(): UsageSums {
    if (this.sums) return this.sums;
    const s: UsageSums = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, thinking: 0, costNano: 0 };
    for (const m of this.models.values()) {
      s.input += m.input;
      s.output += m.output;
      s.cacheRead += m.cacheRead;
      s.cacheWrite += m.cacheWrite;
      s.thinking += m.thinkingExact + m.thinkingEstimated;
      s.costNano += m.costNano;
    }
    return (this.sums = s);
  }

  // Each rollup once more by the store's interned string id: the per-row path looks
  // up an array slot, not a map by name.
  private readonly methodIds: (CallAgg | undefined)[] = [];
  private readonly toolIds: ({ mcp: CallAgg; turn: CallAgg } | undefined)[] = [];
  private readonly modelIds: (ModelAgg | undefined)[] = [];

  methodOf(cols: Tables, id: number): CallAgg {
    return (this.methodIds[id] ??= getOr(this.methods, cols.str(id)!, newCall));
  }

  toolOf(cols: Tables, id: number, origin: 'mcp' | 'turn'): CallAgg {
    return (this.toolIds[id] ??= getOr(this.tools, cols.str(id) ?? '(unknown)', () => ({
      mcp: newCall(),
      turn: newCall(),
    })))[origin];
  }

  /** `id` -1: a turn without a model (kept in slot 0, every other id one slot up). */
  modelOf(cols: Tables, id: number): ModelAgg {
    const name = id < 0 ? '(no model)' : cols.str(id)!;
    return (this.modelIds[id + 1] ??= getOr(this.models, name, () => newModel(name)));
  }
}

/** The map's value for `key`, made and stored first when missing. */
function getOr<V>(map: Map<string, V>, key: string, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

const newModel = (model: string): ModelAgg => ({
  model,
  calls: 0,
  withUsage: 0,
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheReadSeen: false,
  cacheWrite: 0,
  cacheWriteSeen: false,
  thinkingExact: 0,
  thinkingEstimated: 0,
  ttft: [],
  durations: [],
  costNano: 0,
  unpricedTurns: 0,
  priced: true,
  overflowTurns: 0,
  costOverflowTurns: 0,
});

function opened(agg: CallAgg): void {
  agg.calls += 1;
  agg.pending += 1;
}

function closed(agg: CallAgg, latency: number | null, failed: boolean): void {
  agg.pending -= 1;
  if (latency !== null) agg.latencies.push(latency);
  if (failed) agg.errors += 1;
}

const val = (v: number) => (Number.isNaN(v) ? null : v);

/** A count that is shown as `overflow` (or `invalid`, counts.ts) and summed nowhere. */
const overflows = (n: number): boolean => Math.abs(n) > COUNT_LIMIT;

/**
 * True when a counted turn's tokens cannot be summed: a count above 2^53, or a number
 * that is no count (negative, fractional: kept as a sentinel, counts.ts).
 */
export function turnOverflows(cols: Tables, i: number): boolean {
  const u = cols.usage;
  return (
    overflows(u.input.at(i)) ||
    overflows(u.output.at(i)) ||
    overflows(u.cacheRead.at(i)) ||
    overflows(u.cacheWrite.at(i)) ||
    overflows(u.thinkingExact.at(i)) ||
    overflows(u.thinkingEstimated.at(i))
  );
}

/** Whether adding turn `i`'s tokens would take a sum past what a double holds exactly (see `Aggregates.usageSums`). */
function sumsOverflow(s: UsageSums, cols: Tables, i: number, withUsage: boolean): boolean {
  const u = cols.usage;
  const past = (sum: number, v: number) => Math.abs(sum + v) > COUNT_LIMIT;
  if (withUsage && (past(s.input, u.input.at(i)) || past(s.output, u.output.at(i)))) return true;
  const thinking = val(u.thinkingExact.at(i)) ?? val(u.thinkingEstimated.at(i)) ?? 0;
  return (
    past(s.cacheRead, val(u.cacheRead.at(i)) ?? 0) ||
    past(s.cacheWrite, val(u.cacheWrite.at(i)) ?? 0) ||
    past(s.thinking, thinking)
  );
}

/** A turn time, or null when there is none; one that is no time (or would take the model time past 2^53) is counted. */
function timeOf(agg: Aggregates, ms: number, sum = 0): number | null {
  if (Number.isNaN(ms)) return null;
  if (Number.isFinite(ms) && sum + ms <= COUNT_LIMIT) return ms;
  agg.timesLeftOut += 1;
  return null;
}

/** One counted turn's usage, read from the store's turn columns. */
function addUsage(agg: Aggregates, cols: Tables, row: number, i: number): void {
  const u = cols.usage;
  const m = agg.modelOf(cols, cols.name.data[row]!);
  const flags = u.flags.data[i]!;
  // A later copy of an API response adds its tokens to the turn counted before it: it is
  // no turn of its own, so it is counted in no count of turns (agent-counting.ts).
  const turn = (flags & UsageFlag.continues) === 0;
  if (turn) {
    agg.assistantTurns += 1;
    m.calls += 1;
  }
  m.priced = (flags & UsageFlag.priced) !== 0;
  // Its tokens and cost go in no sum (the Turns pane shows them as overflow); its time still counts.
  // Counts are never negative (counts.ts): a model's sum never exceeds the total's.
  const sums = agg.usageSums();
  const withUsage = (flags & UsageFlag.hasUsage) !== 0;
  const overflow = turnOverflows(cols, i) || sumsOverflow(sums, cols, i, withUsage);
  if (overflow && turn) {
    m.overflowTurns += 1;
    agg.overflowTurns += 1;
  }
  if (withUsage && !overflow) {
    if (turn) m.withUsage += 1;
    m.input += u.input.at(i);
    m.output += u.output.at(i);
    sums.input += u.input.at(i);
    sums.output += u.output.at(i);
    const cost = val(u.cost.data[i]!);
    const nano = cost === null ? null : nanoOf(cost);
    if (cost === null) {
      if (turn) m.unpricedTurns += 1;
    } else if (nano === null || !nanoFits(sums.costNano + nano)) {
      // A hostile price (1e308 a token) loses the cost, never the tokens.
      if (turn) {
        m.costOverflowTurns += 1;
        agg.costOverflowTurns += 1;
      }
    } else {
      m.costNano += nano;
      sums.costNano += nano;
    }
  }
  const ttft = timeOf(agg, u.ttft.at(i));
  if (ttft !== null) m.ttft.push(ttft);
  const duration = timeOf(agg, u.duration.at(i), agg.modelTimeMs);
  if (duration !== null) {
    m.durations.push(duration);
    agg.modelTimeMs += duration;
    agg.modelTimeSeen = true;
  }
  if (overflow) return;
  const read = val(u.cacheRead.at(i));
  if (read !== null) {
    m.cacheRead += read;
    sums.cacheRead += read;
    m.cacheReadSeen = true;
  }
  const write = val(u.cacheWrite.at(i));
  if (write !== null) {
    m.cacheWrite += write;
    sums.cacheWrite += write;
    m.cacheWriteSeen = true;
  }
  const exact = val(u.thinkingExact.at(i));
  const estimated = val(u.thinkingEstimated.at(i));
  if (exact !== null) m.thinkingExact += exact;
  else if (estimated !== null) m.thinkingEstimated += estimated;
  sums.thinking += exact ?? estimated ?? 0;
}

/**
 * What one stored row adds to an aggregate. The store calls it as each row arrives
 * (so a followed trace never recomputes), and a filter replays it over the rows it
 * keeps: one code path for both. A response closes its request's call; a turn closes
 * the tool_uses its tool_results answer and opens its own.
 */
export function addRow(agg: Aggregates, cols: Tables, row: number): void {
  const kind = cols.kind.data[row];
  if (kind === Kind.message) {
    const shape = cols.shape.data[row];
    const label = cols.label.data[row]!;
    const p = shape === Shape.request ? cols.mcpPairOf(row) : -1;
    if (shape === Shape.request) {
      opened(agg.methodOf(cols, label));
      if (p >= 0) opened(agg.toolOf(cols, cols.pairs.cols.name.data[p]!, 'mcp'));
    } else if (shape === Shape.response && cols.pairOf(row) >= 0) {
      const req = cols.pairOf(row);
      const failed = (cols.flags.data[row]! & Flag.errorText) !== 0;
      const latency = cols.latency(req, row);
      if (latency === null && cols.latencyLeftOut(req, row)) agg.latenciesLeftOut += 1;
      closed(agg.methodOf(cols, label), latency, failed);
      const rp = cols.mcpPairOf(req);
      if (rp >= 0) closed(agg.toolOf(cols, cols.pairs.cols.name.data[rp]!, 'mcp'), latency, failed);
    }
  } else if (kind === Kind.turn) {
    const echoed = (cols.flags.data[row]! & Flag.echoed) !== 0;
    agg.turns += 1;
    if (echoed) agg.echoedTurns += 1;
    const ti = echoed ? -1 : cols.usageIndexOf(row);
    if (ti >= 0) addUsage(agg, cols, row, ti);
    // Closed pairs (stored as ~p) come before opened ones, as the turn paired them.
    const links = cols.linkRow;
    for (let i = cols.linkStart(row); i < links.length && links.data[i] === row; i++) {
      const v = cols.linkPair.data[i]!;
      if (v < 0) {
        const latency = cols.pairs.latencyOf(~v);
        if (latency === null && cols.latencyLeftOut(cols.pairs.cols.reqRow.data[~v]!, row)) agg.latenciesLeftOut += 1;
        closed(agg.toolOf(cols, cols.pairs.cols.name.data[~v]!, 'turn'), latency, cols.pairs.errors.has(~v));
      } else opened(agg.toolOf(cols, cols.pairs.cols.name.data[v]!, 'turn'));
    }
  }
  if (cols.flags.data[row]! & Flag.rowErrors) agg.errors.push(...cols.rowErrors.get(row)!);
}

/** Aggregates over a subset of rows (a filter's), in row order. */
export function aggregateRows(store: { readonly cols: Tables }, rows: ArrayLike<number>): Aggregates {
  return aggregateRowsInSteps(store, rows)(Number.POSITIVE_INFINITY)!;
}

/** Rows added between looks at the clock (~0.1 ms of them). */
const ROWS_PER_LOOK = 1024;

/**
 * `aggregateRows` a slice at a time (a filter keeping most of 1.8 M rows takes ~200 ms):
 * each call adds rows for about `ms` (at least ROWS_PER_LOOK of them) and gives the
 * aggregates once every row is in, else null. The same rows in the same order: the
 * same figures as in one go.
 */
export function aggregateRowsInSteps(
  store: { readonly cols: Tables },
  rows: ArrayLike<number>,
): (ms: number) => Aggregates | null {
  const agg = new Aggregates();
  let next = 0;
  return (ms) => {
    const deadline = performance.now() + ms;
    do {
      const stop = Math.min(rows.length, next + ROWS_PER_LOOK);
      for (; next < stop; next++) addRow(agg, store.cols, rows[next]!);
    } while (next < rows.length && performance.now() < deadline);
    return next < rows.length ? null : agg;
  };
}
