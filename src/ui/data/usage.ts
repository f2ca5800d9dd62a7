import { latencyStats, mergesPlanes, modelsOf, toolsOf } from '../../store/stats.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { UsageData } from '../format/usage-lines.js';

let cache: { store: TraceStore; version: number; data: UsageData } | null = null;

/** The Usage pane's numbers over every open file (the same rules as `summary`). */
export function usageData(store: TraceStore): UsageData {
  if (cache && cache.store === store && cache.version === store.version) return cache.data;
  const agg = store.aggregates;
  const mcpPlaneOnly = mergesPlanes(store, agg);
  const methods = [...agg.methods.entries()]
    .map(([name, m]) => {
      const lat = latencyStats(m.latencies);
      return { name, calls: m.calls, errors: m.errors, pending: m.pending, p50: lat.p50, p95: lat.p95, max: lat.max };
    })
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const data: UsageData = { models: modelsOf(agg, store.prices), tools: toolsOf(agg, mcpPlaneOnly), mcpPlaneOnly, methods };
  cache = { store, version: store.version, data };
  return data;
}
