/** Number formatting shared by the summary table and the app (pure). */

import { COST_LIMIT, INVALID_COUNT, nanoOf } from './counts.js';
import { isoTime } from './dates.js';

/** Above this a count or a time in ms is not exact in a double: it is shown as `overflow`, never as 309 digits. */
const EXACT_LIMIT = 2 ** 53;

/** True for a number that is shown as `overflow`. */
export const overflowing = (n: number): boolean => !Number.isFinite(n) || Math.abs(n) > EXACT_LIMIT;

export function fmtInt(n: number | null): string {
  if (n === null) return '—';
  return overflowing(n) ? 'overflow' : grouped(Math.round(n));
}

/**
 * An integer in groups of three, `-1,234,567`, as `toLocaleString('en-US')` writes it.
 * By hand because the first toLocaleString loads ICU's data: ~20–90 ms of the app's
 * first frame on a 2-core machine.
 */
export function grouped(n: number): string {
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}

/** A count and its noun in the right number, grouped: `1 turn`, `0 turns`, `1,234 turns`. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${fmtInt(n)} ${n === 1 ? one : many}`;

export const fmtCount = (n: number | null): string => (n === INVALID_COUNT ? 'invalid' : fmtInt(n));

/** A turn time as stored (counts.ts): `invalid` for a number that is no time. */
export const fmtTurnMs = (ms: number | null): string => (ms === INVALID_COUNT ? 'invalid' : fmtMs(ms));

/**
 * 950ms, 1.2s, 2m03s, 1h02m. Rounded as a quotient (a half goes up, whatever its double),
 * and said as the next unit does when it rounds up to it: 59,950 ms is 1m00s, never 60.0s.
 */
export function fmtMs(ms: number | null): string {
  if (ms === null) return '—';
  if (overflowing(ms)) return 'overflow';
  const whole = Math.round(ms);
  if (whole < 1000) return `${whole}ms`;
  const hundredths = Math.round(ms / 10);
  if (hundredths < 1000) return `${(hundredths / 100).toFixed(2)}s`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * $1,234.35, $0.0042, <$0.0001, $0. Rounded from whole nano-dollars (what every cost is
 * summed in, counts.ts), so a half cent goes up as the decimal in JSON says, not as its
 * double falls (1.005 is 1.00499… and toFixed(2) said $1.00 where 1.015 said $1.02).
 * A cost that is not zero never reads as zero: below $0.00005 it is `<$0.0001`.
 */
export function fmtUsd(usd: number | null): string {
  if (usd === null) return '—';
  const nano = Math.abs(usd) < COST_LIMIT ? nanoOf(usd) : null;
  if (nano === null) return 'overflow';
  if (usd === 0) return '$0';
  const sign = nano < 0 ? '-' : '';
  const size = Math.abs(nano);
  // Below a cent, to 4 places; what rounds to a cent there is shown as one.
  const tenThousandths = Math.round(size / 1e5);
  if (tenThousandths === 0) return usd < 0 ? '>-$0.0001' : '<$0.0001';
  if (size < 1e7 && tenThousandths < 100) return `${sign}$${(tenThousandths / 1e4).toFixed(4)}`;
  const cents = Math.round(size / 1e7);
  // Thousands grouped as tokens are: $1,234.56.
  return `${sign}$${fmtInt(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A model's (or the total's) estimated cost: `overflow` when only overflowing costs were priced, `unpriced` without a price. */
export function fmtCost(usd: number | null, priced: boolean, costOverflowTurns = 0): string {
  if (usd === null && costOverflowTurns > 0) return 'overflow';
  return priced ? fmtUsd(usd) : 'unpriced';
}

/** What a tool's calls were charged (store/tool-costs.ts `ToolCost`), as its cells show it. */
interface ToolCharge {
  attributedCalls: number;
  outputTokens: number | null;
  costUsd: number | null;
  unpricedCalls: number;
  overflowCalls?: number;
}

/** Shown for a tool none of whose calls a turn asked for (no turn to charge). */
export const NOT_ASKED = '–';

/**
 * Under a tool table: where TOKENS and COST come from (docs/stats.md, "Cost per tool"),
 * or that they are still being worked out (`pending`), naming only those of them the
 * table shows (a narrow pane drops them); '' for neither.
 */
export const toolCostNote = (shown: readonly string[], pending = false): string => {
  const named = ['TOKENS', 'COST'].filter((h) => shown.includes(h));
  if (!named.length) return '';
  return `${named.join(', ')}: ${pending ? 'being worked out…' : `share of the turn that asked for the call (${NOT_ASKED} no turn asked)`}`;
};

/** Under the method table: how many of the pending (never answered) requests were cancelled. */
export const cancelledNote = (header: string, n: number): string =>
  `${header}: never answered, ${counted(n, 'cancelled request')} among them`;

/**
 * Under a method table whose pending calls include some a recorder noted an HTTP error for:
 * the stats contract counts them pending (never answered), while the app shows them failed.
 */
export const httpErrorNote = (header: string, n: number): string =>
  `${header}: ${counted(n, 'call')} among them got an HTTP error (status:error keeps them)`;

/** Under a tool table with both planes: what USES counts, and why it may differ from CALLS. */
export const USES_NOTE =
  "CALLS: tools/call on the wire; USES: the agent's tool_use blocks (more uses than calls: some never reached the server; fewer: calls no turn asked for)";
/** Under a tool table with no call on the wire: its calls are the agent's tool_uses. */
export const USES_ONLY_NOTE =
  "CALLS: the agent's tool_use blocks (no tools/call here; an mcp plane counts those on the wire)";

/** A tool's share of output tokens: `–` when no turn asked for its calls, `—` when their turns reported none. */
export const fmtToolTokens = (c: ToolCharge): string =>
  c.attributedCalls === 0
    ? NOT_ASKED
    : c.outputTokens === null && c.overflowCalls
      ? 'overflow'
      : fmtInt(c.outputTokens);

/** A tool's share of cost: `–` when no turn asked for its calls, `unpriced` when none of their turns had a price. */
export function fmtToolCost(c: ToolCharge): string {
  if (c.attributedCalls === 0) return NOT_ASKED;
  if (c.costUsd !== null) return fmtUsd(c.costUsd);
  return c.overflowCalls ? 'overflow' : c.unpricedCalls ? 'unpriced' : '—';
}

export function fmtPct(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`;
}

/**
 * Offset from the trace start: +0.123s, +12.4s, +2m03s; -1m12s for a record timed
 * before it (a turn stamped by a clock behind the recorder's), never `+-72.000s`.
 */
export function fmtOffset(ms: number | null): string {
  if (ms === null) return '';
  if (overflowing(ms)) return '+overflow';
  const sign = ms < 0 ? '-' : '+';
  const size = Math.abs(ms);
  // Rounded as fmtMs rounds: what rounds up to 10 s or to a minute is said as they are.
  if (Math.round(size) < 10_000) return `${sign}${(Math.round(size) / 1000).toFixed(3)}s`;
  if (Math.round(size / 100) < 600) return `${sign}${(Math.round(size / 100) / 10).toFixed(1)}s`;
  return `${sign}${fmtMs(size)}`;
}

/** A time of day in UTC, to the millisecond: `14:00:05.920` (what server logs print beside it). */
export function fmtClock(ms: number | null): string {
  // A time no date holds (past ±8.64e15 ms) has no time of day to show.
  const iso = ms === null ? null : isoTime(ms);
  if (iso === null) return '';
  // Years past 9999 are written +275760-…: the time of day follows the T.
  const at = iso.indexOf('T') + 1;
  return iso.slice(at, at + 12);
}

export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

const turns = (n: number): string => counted(n, 'turn');

/** The note for turns whose counts overflow or are no counts (the summary and the Usage pane). */
export const overflowNote = (n: number): string =>
  `${turns(n)} with overflowing or invalid counts left out of the totals`;

/** The note for turns whose tokens were summed but whose cost overflowed. */
export const costOverflowNote = (n: number): string =>
  `${turns(n)} with a cost that overflows (9 million USD or more): cost left out`;

/** The note for turn times (duration_ms, ttft_ms) that are no time. */
export const timesNote = (n: number): string =>
  `${counted(n, 'turn time')} (duration_ms, ttft_ms) negative, not finite or above 2^53 ms: left out`;

/** The note for answered calls whose latency was left out (a date out of range, or over 100 years). */
export const latencyNote = (n: number): string =>
  `${counted(n, 'answered call')} with a time out of range or over 100 years from its request: latency left out`;
