/**
 * Defensive readers for trace fields. Redaction turns any value into the string
 * "[REDACTED]", so a field that should be a number or an object may be anything:
 * these treat every wrong type as absent.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A finite number, or null. */
export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function obj(v: unknown): JsonObject | null {
  return isObject(v) ? v : null;
}

/** Milliseconds since the epoch from an ISO-8601 string, or null. */
export function isoMs(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

/** Nearest-rank percentile: sort ascending, take rank max(1, ceil(p/100 × n)). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** JSON with keys sorted at every level, so key order never counts as a difference. */
export function canonical(v: Json | undefined): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}
