import { latencyStats, mergesPlanes, modelsOf, toolsOf } from '../../store/stats.js';
import { aggregateRows } from '../../store/aggregates.js';
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { Timeline, UsageData } from '../format/usage-lines.js';
import { traceStart } from './views.js';

let cache: { store: TraceStore; version: number; filter: FilterResult | null; data: UsageData } | null = null;

/** The Usage pane's numbers over every open file (the same rules as `summary`), or over a filter's rows. */
export function usageData(store: TraceStore, filter: FilterResult | null = null): UsageData {
  if (cache && cache.store === store && cache.version === store.version && cache.filter === filter) return cache.data;
  const agg = filter ? aggregateRows(store, filter.rows) : store.aggregates;
  const mcpPlaneOnly = mergesPlanes(store, agg);
  const methods = [...agg.methods.entries()]
    .map(([name, m]) => {
      const lat = latencyStats(m.latencies);
      return { name, calls: m.calls, errors: m.errors, pending: m.pending, p50: lat.p50, p95: lat.p95, max: lat.max };
    })
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const data: UsageData = { models: modelsOf(agg, store.prices), tools: toolsOf(agg, mcpPlaneOnly), mcpPlaneOnly, methods, timeline: timelineOf(store, filter) };
  cache = { store, version: store.version, filter, data };
  return data;
}

/** Tokens and latency per minute from the trace start (counted turns; calls when there are none). */
function timelineOf(store: TraceStore, filter: FilterResult | null): Timeline | null {
  const start = traceStart(store);
  if (start === null) return null;
  const tokens: number[] = [];
  const latency: number[] = [];
  const counts: number[] = [];
  const models = new Map<string, number[]>();
  const minute = (row: number) => Math.max(0, Math.floor(((store.tOf(row) ?? start) - start) / 60_000));
  const grow = (arr: number[], m: number, fill: number) => {
    while (arr.length <= m) arr.push(fill);
  };
  const u = store.usage;
  let turns = 0;
  for (let ti = 0; ti < store.usageRows.length; ti++) {
    const row = store.usageRows.data[ti]!;
    if (filter && !filter.keep[row]) continue;
    turns += 1;
    const m = minute(row);
    const n = (Number.isNaN(u.input.at(ti)) ? 0 : u.input.at(ti)) + (Number.isNaN(u.output.at(ti)) ? 0 : u.output.at(ti));
    grow(tokens, m, 0);
    tokens[m]! += n;
    const model = store.str(store.name.data[row]!) ?? '(no model)';
    let series = models.get(model);
    if (!series) models.set(model, (series = []));
    grow(series, m, 0);
    series[m]! += n;
    const d = u.duration.at(ti);
    if (!Number.isNaN(d)) {
      grow(latency, m, NaN);
      grow(counts, m, 0);
      latency[m] = Number.isNaN(latency[m]!) ? d : (latency[m]! * counts[m]! + d) / (counts[m]! + 1);
      counts[m]! += 1;
    }
  }
  if (turns === 0) {
    // No model turns: the strip shows call latency instead.
    for (let i = 0; i < store.callRows.length; i++) {
      const row = store.callRows.data[i]!;
      const l = store.callLatency(row);
      if (l === null || (filter && !filter.keep[row])) continue;
      const m = minute(row);
      grow(latency, m, NaN);
      grow(counts, m, 0);
      latency[m] = Number.isNaN(latency[m]!) ? l : (latency[m]! * counts[m]! + l) / (counts[m]! + 1);
      counts[m]! += 1;
    }
  }
  const length = Math.max(tokens.length, latency.length);
  if (length === 0) return null;
  grow(tokens, length - 1, 0);
  grow(latency, length - 1, NaN);
  grow(counts, length - 1, 0);
  const perModel = [...models].map(([model, series]) => {
    grow(series, length - 1, 0);
    return { model, tokens: series };
  });
  return { tokens, latency, latencyCounts: counts, latencyOf: turns ? 'turns' : 'calls', perModel };
}
