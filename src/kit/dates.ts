// Dates from a trace: any number may arrive as a time (epoch seconds of 1e300 in an
// mcp-rec line, a cassette's latency of 1e308), and a JS Date holds only ±8.64e15 ms:
// `new Date(t).toISOString()` throws `Invalid time value` past it. Every formatting of
// a trace time goes through `isoTime`, which says "none" instead.

/** The largest |ms| a JS Date holds (±275,760 years from 1970). */
export const DATE_LIMIT_MS = 8.64e15;

/** A time a JS Date can hold. */
export const isDateMs = (t: number): boolean => Number.isFinite(t) && Math.abs(t) <= DATE_LIMIT_MS;

/** ISO-8601 text of a time (`+275760-…` past year 9999), or null for one no Date holds. */
export const isoTime = (ms: number): string | null => (isDateMs(ms) ? new Date(ms).toISOString() : null);

/** Half the time axis: 100 years (of 365.25 days). Also the longest latency believed. */
export const AXIS_HALF_SPAN_MS = 100 * 365.25 * 86_400_000;
