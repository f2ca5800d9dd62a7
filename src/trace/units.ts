/** Number formatting shared by the summary table and the app (pure). */

export function fmtInt(n: number | null): string {
  return n === null ? '—' : Math.round(n).toLocaleString('en-US');
}

/** 950ms, 1.2s, 2m03s, 1h02m. */
export function fmtMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function fmtUsd(usd: number | null): string {
  if (usd === null) return '—';
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

export function fmtPct(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`;
}

/** Offset from the trace start: +0.123s, +12.4s, +2m03s. */
export function fmtOffset(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 60_000) return `+${(ms / 1000).toFixed(ms < 10_000 ? 3 : 1)}s`;
  return `+${fmtMs(ms)}`;
}

/** A time of day in UTC, to the millisecond: `14:00:05.920` (what server logs print beside it). */
export function fmtClock(ms: number | null): string {
  return ms === null || !Number.isFinite(ms) ? '' : new Date(ms).toISOString().slice(11, 23);
}

export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}
