import { latencyStats, mergesPlanes, modelsOf, toolsOf } from '../../store/stats.js';
import { aggregateRows } from '../../store/aggregates.js';
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { UsageData } from '../format/usage-lines.js';

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
  const data: UsageData = { models: modelsOf(agg, store.prices), tools: toolsOf(agg, mcpPlaneOnly), mcpPlaneOnly, methods };
  cache = { store, version: store.version, filter, data };
  return data;
}
