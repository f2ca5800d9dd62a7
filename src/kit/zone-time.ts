/*
 * Calendar days, ISO weeks and months of an instant in an IANA time zone, and the
 * instant a local date or time names there (pure). Node 20 has no Temporal: the zone's
 * offset comes from Intl, asked once per quarter hour of time seen (every zone's offset
 * since 1970 is a whole number of quarter hours, and changes on one), so a report over
 * 100,000 records asks Intl a few hundred times, not 100,000 (~4.5 µs a call).
 */

import { civilDate, civilDays, DATE_LIMIT_MS, type LocalDate } from './dates.js';

/** The process's own zone (TZ, else the system's): what `--tz` defaults to. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

/** The zone's canonical name, or null when Intl knows no such zone. */
export function checkZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const QUARTER_HOUR = 900_000;

const DAY_MS = 86_400_000;

/** Local dates of instants in one zone. */
export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  /** Offset (ms) of each quarter hour seen; NaN when it changes inside it. */
  private readonly offsets = new Map<number, number>();
  readonly utc: boolean;

  constructor(readonly zone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short',
    });
    this.utc = this.format.resolvedOptions().timeZone === 'UTC';
  }

  /** Local time minus UTC at `ms`, in ms, from Intl (whole seconds: Intl prints no fractions). */
  private askIntl(ms: number): number {
    // Intl reads only instants a Date holds: past them, the offset at the edge.
    const at = Math.min(DATE_LIMIT_MS, Math.max(-DATE_LIMIT_MS, Math.floor(ms / 1000) * 1000));
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let bc = false;
    for (const p of this.format.formatToParts(at)) {
      if (p.type === 'year') year = Number(p.value);
      else if (p.type === 'month') month = Number(p.value);
      else if (p.type === 'day') day = Number(p.value);
      else if (p.type === 'hour') hour = Number(p.value);
      else if (p.type === 'minute') minute = Number(p.value);
      else if (p.type === 'second') second = Number(p.value);
      else if (p.type === 'era') bc = p.value === 'BC' || p.value === 'B';
    }
    // By arithmetic: the local time of the last instants is past what a Date holds.
    const local = civilDays(bc ? 1 - year : year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
    return local - at;
  }

  /** The zone's offset at `ms` (ms to add to UTC for the local time). */
  offsetAt(ms: number): number {
    if (this.utc) return 0;
    const q = Math.floor(ms / QUARTER_HOUR);
    let o = this.offsets.get(q);
    if (o === undefined) {
      const a = this.askIntl(q * QUARTER_HOUR);
      const b = this.askIntl(q * QUARTER_HOUR + QUARTER_HOUR - 1000);
      o = a === b ? a : NaN;
      this.offsets.set(q, o);
    }
    return Number.isNaN(o) ? this.askIntl(ms) : o;
  }

  /** The date keys of each quarter hour seen whose offset holds all through it (its local date does too). */
  private readonly keys = new Map<number, { day: string; week: string; month: string }>();

  /** An instant's day, ISO week and month (`2026-08-19`, `2026-W34`, `2026-08`). */
  keysOf(ms: number): { day: string; week: string; month: string } {
    const q = Math.floor(ms / QUARTER_HOUR);
    const known = this.keys.get(q);
    if (known) return known;
    const { year, month, day } = this.dateOf(ms);
    const keys = {
      day: `${yearText(year)}-${pad2(month)}-${pad2(day)}`,
      week: isoWeek(year, month, day),
      month: `${yearText(year)}-${pad2(month)}`,
    };
    // With an offset of whole quarter hours (every one since 1970), local midnight falls on
    // a quarter hour, so a quarter hour whose offset holds all through it is one date. Any
    // other (an offset that changes inside it, an old local mean time) is not kept.
    const offset = this.utc ? 0 : this.offsets.get(q);
    if (offset !== undefined && offset % QUARTER_HOUR === 0) this.keys.set(q, keys);
    return keys;
  }

  /** The local date of an instant. */
  dateOf(ms: number): LocalDate {
    return civilDate(Math.floor((ms + this.offsetAt(ms)) / DAY_MS));
  }

  /** `2026-08-19`. */
  dayKey(ms: number): string {
    return this.keysOf(ms).day;
  }

  /** `2026-08`. */
  monthKey(ms: number): string {
    return this.keysOf(ms).month;
  }

  /** The ISO week (weeks start on Monday; week 1 holds the year's first Thursday): `2026-W34`. */
  weekKey(ms: number): string {
    return this.keysOf(ms).week;
  }

  /**
   * The instant of a local date and time in this zone. A wall time that happens twice
   * (clocks put back) is its first; one that never happens (clocks moved forward past
   * it) is read with the offset before the gap, so it lands as far after the gap's end
   * as it was after its start (Temporal's `compatible`): a day that starts in a gap
   * starts when the gap ends.
   */
  instantOf(date: LocalDate, timeMs = 0): number {
    const wall = Date.UTC(date.year, date.month - 1, date.day) + timeMs;
    // The offsets a day either side: one of them holds at the instant (a zone changes at most once in two days).
    const a = wall - this.offsetAt(wall - DAY_MS);
    const b = wall - this.offsetAt(wall + DAY_MS);
    const holds = (t: number) => t + this.offsetAt(t) === wall;
    if (holds(Math.min(a, b))) return Math.min(a, b);
    if (holds(Math.max(a, b))) return Math.max(a, b);
    // In a gap: the earlier offset gives the instant the gap ends, for a wall time at its start.
    return Math.max(a, b);
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Years 0-9999 as four digits, others as ISO writes them (`+12345`, `-000001`). */
const yearText = (y: number) =>
  y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : `${y < 0 ? '-' : '+'}${String(Math.abs(y)).padStart(6, '0')}`;

/** ISO 8601 week of a calendar date. */
export function isoWeek(year: number, month: number, day: number): string {
  // By day numbers (civilDays), as dates are here: a week's Thursday may lie past what a Date holds.
  const days = civilDays(year, month, day);
  // ISO weekday, Monday 1 … Sunday 7 (1970-01-01 was a Thursday); the week's Thursday decides its year.
  const weekday = ((((days + 3) % 7) + 7) % 7) + 1;
  const thursday = days + 4 - weekday;
  const weekYear = civilDate(thursday).year;
  const week = Math.floor((thursday - civilDays(weekYear, 1, 1)) / 7) + 1;
  return `${yearText(weekYear)}-W${pad2(week)}`;
}

/**
 * `--since` / `--until`: a date (`2026-08-19`: that day in the zone, all of it for
 * `until`) or a time (`2026-08-19T14:30`, seconds and ms optional, `Z` or `±HH:MM` for
 * an absolute one, else in the zone). The bound as a half-open range edge in ms:
 * `since` the first instant included, `until` the first instant after. Null when the
 * text is neither.
 */
export function boundOf(text: string, clock: ZoneClock, which: 'since' | 'until'): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
    text.trim(),
  );
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return null;
  if (m[4] === undefined) {
    if (which === 'since') return clock.instantOf(date);
    const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
    return clock.instantOf({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
  }
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const timeMs = ((hour * 60 + minute) * 60 + second) * 1000 + Number((m[7] ?? '0').padEnd(3, '0'));
  let at: number;
  if (m[8] === undefined) at = clock.instantOf(date, timeMs);
  else {
    const zone = m[8].toUpperCase();
    const offset =
      zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000;
    at = Date.UTC(date.year, date.month - 1, date.day) + timeMs - offset;
  }
  // A time names an instant: `until` includes it (the next millisecond is the first one after).
  return which === 'since' ? at : at + 1;
}
