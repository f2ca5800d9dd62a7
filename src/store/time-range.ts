// The range of times a latency and the time axis believe (time-axis.ts says why).

/** The largest |ms| a JS Date holds (±275,760 years from 1970). */
export const DATE_LIMIT_MS = 8.64e15;

/** Half the axis: 100 years (of 365.25 days). Also the longest latency believed. */
export const AXIS_HALF_SPAN_MS = 100 * 365.25 * 86_400_000;

/** A time a JS Date can hold. */
export const isDateMs = (t: number): boolean => Number.isFinite(t) && Math.abs(t) <= DATE_LIMIT_MS;
