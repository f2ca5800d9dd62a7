import { AXIS_HALF_SPAN_MS, DATE_LIMIT_MS, isDateMs } from './time-range.js';
import type { TraceStore } from './trace-store.js';

/*
 * Times are kept as written, whatever they are: a response dated 9999-12-31, an
 * extended year (+275760-09-13), epoch seconds of 1e300. Only what draws or sums by
 * time asks whether a time is on the trace's time axis: within ±100 years of the
 * trace's median time, and inside the JS date range. Nothing is ever sized by a time
 * range (bucket counts are capped by construction).
 */

/** The trace's median time and the range around it that counts as on the axis. */
export interface TimeAxis {
  median: number;
  lo: number;
  hi: number;
}

/**
 * How many times the median is taken over: all of them up to this many timed rows,
 * else this many spread evenly over the rows (a 1 GiB trace: ~4,000 reads, no copy of
 * its times). The median of an even sample differs from the exact one only by where
 * a trace's middle lies, never by ±100 years.
 */
const SAMPLE = 4097;

const cache = new WeakMap<TraceStore, { version: number; axis: TimeAxis | null }>();

/** The store's time axis (null when no row has a date), recomputed only when the store changes. */
export function timeAxis(store: TraceStore): TimeAxis | null {
  const hit = cache.get(store);
  if (hit && hit.version === store.version) return hit.axis;
  const axis = axisOf(store);
  cache.set(store, { version: store.version, axis });
  return axis;
}

function axisOf(store: TraceStore): TimeAxis | null {
  const rows = store.count;
  const step = Math.max(1, Math.ceil(rows / SAMPLE));
  const times: number[] = [];
  for (let row = 0; row < rows; row += step) {
    const t = store.cols.t.at(row);
    if (isDateMs(t)) times.push(t);
  }
  if (times.length === 0) return null;
  times.sort((a, b) => a - b);
  // The lower median: an actual time of the trace.
  const median = times[(times.length - 1) >> 1]!;
  return {
    median,
    lo: Math.max(-DATE_LIMIT_MS, median - AXIS_HALF_SPAN_MS),
    hi: Math.min(DATE_LIMIT_MS, median + AXIS_HALF_SPAN_MS),
  };
}

/** True when `t` is on the axis (a NaN or infinite time never is). */
export const onAxis = (t: number, axis: TimeAxis): boolean => t >= axis.lo && t <= axis.hi;
