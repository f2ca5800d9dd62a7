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

export interface LocalDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

/**
 * The day number (days since 1970-01-01) of a proleptic Gregorian date, by arithmetic:
 * a local time just past the last instant a Date holds (+275760-09-13 in a zone east of
 * UTC) still has a date. Hand-rolled: Node 20 has no Temporal, and a Date stops there.
 * The days-from-civil and civil-from-days algorithms of Howard Hinnant's date library.
 */
export function civilDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The inverse of civilDays. */
export function civilDate(days: number): LocalDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
