import { type Aggregates, aggregateRowsInSteps } from '../../../store/aggregates.js';
import type { FilterResult } from '../../../store/query.js';
import type { SearchResult } from '../../../store/search.js';
import {
  callLatencyStats,
  cancelledCalls,
  mergesPlanes,
  modelsOf,
  serversOf,
  shownToolsOf,
} from '../../../store/stats.js';
import { onAxis, timeAxis } from '../../../store/time-axis.js';
import { type ToolCost, toolCostsInSteps } from '../../../store/tool-costs.js';
import type { TraceStore } from '../../../store/trace-store.js';
import { traceStart } from '../../data/views.js';
import type { Timeline, UsageData } from './usage-lines.js';

let cache: { store: TraceStore; version: number; filter: FilterResult | null; data: UsageData } | null = null;
/** The Usage pane's tool costs for one store version and filter, worked out a slice at a time. */
let costs: {
  store: TraceStore;
  version: number;
  filter: FilterResult | null;
  step: (ms: number) => ToolCost[] | null;
} | null = null;

/** How long the first slice of tool costs may take, with the rest of the pane's numbers. */
const FIRST_SLICE_MS = 8;

const current = (store: TraceStore, filter: FilterResult | null): boolean =>
  costs !== null && costs.store === store && costs.version === store.version && costs.filter === filter;

/**
 * More of the Usage pane's tool costs (store/tool-costs.ts), for about `ms`: them once
 * all are summed, else null.
 */
export function usageCostsStep(store: TraceStore, filter: FilterResult | null, ms: number): ToolCost[] | null {
  // usageData starts them (with the rest of the pane's numbers and a first slice).
  if (!current(store, filter)) usageData(store, filter);
  return costs!.step(ms);
}

/** The Usage pane's numbers being worked out a piece at a time (usageStep), for one store version and filter. */
let preparing: {
  store: TraceStore;
  version: number;
  filter: FilterResult | null;
  aggregate: (ms: number) => Aggregates | null;
  agg: Aggregates | null;
  tables: Omit<UsageData, 'timeline' | 'toolCosts' | 'cancelled'> | null;
} | null = null;

const cached = (store: TraceStore, filter: FilterResult | null): boolean =>
  cache !== null && cache.store === store && cache.version === store.version && cache.filter === filter;

/**
 * The next piece of the Usage pane's numbers, ahead of time between keys: the filter's
 * rows aggregated for about `ms`, or the tables, or the time strip (each ~15–40 ms on
 * 1 GiB, where all in one go held a key ~140 ms, and ~200 ms more under a filter that
 * keeps most rows). True once usageData has them all.
 */
export function usageStep(store: TraceStore, filter: FilterResult | null, ms: number): boolean {
  if (cached(store, filter)) return true;
  let p = preparing;
  if (!p || p.store !== store || p.version !== store.version || p.filter !== filter) {
    const aggregate = filter ? aggregateRowsInSteps(store, filter.rows) : () => store.aggregates;
    p = preparing = { store, version: store.version, filter, aggregate, agg: null, tables: null };
  }
  if (!p.agg) p.agg = p.aggregate(ms);
  else if (!p.tables) p.tables = tablesOf(store, p.agg);
  else {
    cache = {
      store,
      version: store.version,
      filter,
      data: {
        ...p.tables,
        timeline: timelineOf(store, filter),
        toolCosts: null,
        cancelled: cancelledCalls(store, filter ? (row) => filter.keep[row] !== 0 : undefined),
      },
    };
    preparing = null;
    return true;
  }
  return false;
}

function tablesOf(store: TraceStore, agg: Aggregates): Omit<UsageData, 'timeline' | 'toolCosts' | 'cancelled'> {
  const mcpPlaneOnly = mergesPlanes(store, agg);
  const methods = [...agg.methods.entries()]
    .map(([name, m]) => {
      const lat = callLatencyStats(m);
      return { name, calls: m.calls, errors: m.errors, pending: m.pending, p50: lat.p50, p95: lat.p95, max: lat.max };
    })
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  return {
    models: modelsOf(agg, store.prices),
    prices: store.prices.origin,
    tools: shownToolsOf(agg),
    servers: serversOf(agg).map((r) => ({
      name: r.name,
      calls: r.calls,
      errors: r.errors,
      pending: r.pending,
      p50: r.p50Ms,
      p95: r.p95Ms,
      max: r.maxMs,
    })),
    mcpPlaneOnly,
    methods,
    latenciesLeftOut: agg.latenciesLeftOut,
  };
}

/**
 * The Usage pane's numbers over every open file (the same rules as `summary`), or over
 * a filter's rows; `toolCosts` null while they are being worked out (usageCostsStep).
 */
export function usageData(store: TraceStore, filter: FilterResult | null = null): UsageData {
  while (!usageStep(store, filter, Number.POSITIVE_INFINITY));
  // usageStep is done: the numbers are in `cache`.
  const done = cache!;
  let toolCosts: ToolCost[] | null;
  if (current(store, filter)) toolCosts = costs!.step(0);
  else {
    const keep = filter ? { keep: (row: number) => filter.keep[row] !== 0 } : {};
    const step = toolCostsInSteps(store, { mcpPlaneOnly: done.data.mcpPlaneOnly, ...keep });
    costs = { store, version: store.version, filter, step };
    // A first slice: a trace of thousands of calls has its costs at once.
    toolCosts = step(FIRST_SLICE_MS);
  }
  if (done.data.toolCosts !== toolCosts) done.data = { ...done.data, toolCosts };
  return done.data;
}

/**
 * At most this many time buckets, whatever the span: a trace of ten minutes gets one
 * a minute, one of 200 years one every ~51,000 minutes. (Buckets sized by the time
 * range once allocated per minute from 2026 to 9999 and aborted Node.)
 */
export const MAX_BUCKETS = 2048;

/** Per-model lines of the strip; further models are summed in one line. */
const MAX_MODEL_LINES = 40;
const OTHER_MODELS = '(other models)';

/**
 * Tokens and latency per bucket of minutes from the trace start (counted turns; calls
 * when there are none). Rows whose time is off the axis (±100 years of the median, in
 * the JS date range) are left out and counted; untimed rows go in the first bucket.
 */
function timelineOf(store: TraceStore, filter: FilterResult | null): Timeline | null {
  const axis = timeAxis(store);
  const turnRows = store.rows('countedTurns');
  const kept = (row: number): boolean => filter?.keep[row] !== 0;
  let turns = false;
  for (let ti = 0; ti < turnRows.length && !turns; ti++) turns = kept(turnRows[ti]!);
  // The rows the strip places, and the span of their times on the axis.
  const series = turns ? turnRows : store.rows('calls');
  const start0 = traceStart(store);
  // Bucket 0 starts at the trace start (earlier rows go in it), or, when the start is
  // off the axis, at the earliest time placed.
  const startOnAxis = start0 !== null && axis !== null && onAxis(start0, axis);
  let lo = startOnAxis ? start0 : Infinity;
  let hi = -Infinity;
  let outside = 0;
  for (let i = 0; i < series.length; i++) {
    const row = series[i]!;
    if (!kept(row)) continue;
    const t = store.tOf(row) ?? NaN;
    if (Number.isNaN(t)) continue;
    if (!axis || !onAxis(t, axis)) outside += 1;
    else if (turns || store.callLatency(row) !== null) {
      if (!startOnAxis && t < lo) lo = t;
      if (t > hi) hi = t;
    }
  }
  if (lo === Infinity) lo = 0;
  const minutes = hi === -Infinity ? 1 : Math.floor((Math.max(lo, hi) - lo) / 60_000) + 1;
  const bucketMinutes = Math.ceil(minutes / MAX_BUCKETS);
  const length = Math.ceil(minutes / bucketMinutes);
  const bucket = (t: number) =>
    Number.isNaN(t) ? 0 : Math.min(length - 1, Math.max(0, Math.floor((t - lo) / 60_000 / bucketMinutes)));
  const tokens = new Array<number>(length).fill(0);
  const latency = new Array<number>(length).fill(NaN);
  const counts = new Array<number>(length).fill(0);
  const models = new Map<string, number[]>();
  let placed = 0;
  const addLatency = (b: number, d: number) => {
    latency[b] = Number.isNaN(latency[b]!) ? d : (latency[b]! * counts[b]! + d) / (counts[b]! + 1);
    counts[b]! += 1;
  };
  for (let i = 0; i < series.length; i++) {
    const row = series[i]!;
    if (!kept(row)) continue;
    const t = store.tOf(row) ?? NaN;
    if (!Number.isNaN(t) && (!axis || !onAxis(t, axis))) continue;
    const b = bucket(t);
    if (turns) {
      placed += 1;
      // An overflowing turn's tokens are summed nowhere (the model table notes them).
      const input = store.usageOf(i, 'input');
      const output = store.usageOf(i, 'output');
      const n = store.usageOverflows(i) ? 0 : (Number.isNaN(input) ? 0 : input) + (Number.isNaN(output) ? 0 : output);
      tokens[b]! += n;
      const name = store.nameOf(row) ?? '(no model)';
      // A line per model, up to a screenful: the rest share one (memory is lines × buckets).
      const model = models.has(name) || models.size < MAX_MODEL_LINES ? name : OTHER_MODELS;
      let line = models.get(model);
      if (!line) models.set(model, (line = new Array<number>(length).fill(0)));
      line[b]! += n;
      const d = store.usageOf(i, 'duration');
      // A time that is no time (counts.ts) is left out here as in the model table.
      if (Number.isFinite(d)) addLatency(b, d);
    } else {
      // No model turns: the strip shows call latency instead.
      const l = store.callLatency(row);
      if (l === null) continue;
      placed += 1;
      addLatency(b, l);
    }
  }
  if (placed === 0 && outside === 0) return null;
  const perModel = [...models].map(([model, values]) => ({ model, tokens: values }));
  return {
    tokens,
    latency,
    latencyCounts: counts,
    latencyOf: turns ? 'turns' : 'calls',
    perModel,
    minutesPerBucket: bucketMinutes,
    minutes,
    outsideAxis: outside,
  };
}

/**
 * `/` in Usage: the rows whose name holds the query (smart case: a capital makes it
 * exact), by their place among the rows; the first is the best.
 */
export function searchNames(names: readonly { name: string }[], query: string): SearchResult {
  const q = query.trim();
  const exact = q !== q.toLowerCase();
  const positions: number[] = [];
  if (q)
    names.forEach((n, i) => {
      if ((exact ? n.name : n.name.toLowerCase()).includes(q)) positions.push(i);
    });
  return { query, positions, best: positions[0] ?? -1 };
}
