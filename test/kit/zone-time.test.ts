import { describe, expect, it } from 'vitest';
import { civilDate, civilDays } from '../../src/kit/dates.js';
import { boundOf, checkZone, isoWeek, ZoneClock } from '../../src/kit/zone-time.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The local date Intl itself gives, with no cache: what every key must agree with. */
function intlDay(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

describe('days, weeks and months in a time zone', () => {
  it('puts a midnight where the zone has it', () => {
    const ny = new ZoneClock('America/New_York');
    expect(ny.dayKey(at('2026-08-20T03:59:59.999Z'))).toBe('2026-08-19');
    expect(ny.dayKey(at('2026-08-20T04:00:00.000Z'))).toBe('2026-08-20');
    const india = new ZoneClock('Asia/Kolkata');
    expect(india.dayKey(at('2026-08-19T18:29:59.999Z'))).toBe('2026-08-19');
    expect(india.dayKey(at('2026-08-19T18:30:00.000Z'))).toBe('2026-08-20');
    expect(new ZoneClock('UTC').dayKey(at('2026-08-19T23:59:59.999Z'))).toBe('2026-08-19');
  });

  it('agrees with Intl minute by minute across changes of offset, quarter-hour zones and a midnight gap', () => {
    for (const [zone, from] of [
      ['America/New_York', '2026-03-08T00:00:00Z'],
      ['America/New_York', '2026-11-01T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T10:00:00Z'],
      ['Asia/Kathmandu', '2026-08-19T12:00:00Z'],
      ['America/Sao_Paulo', '2018-11-03T20:00:00Z'],
    ] as const) {
      const clock = new ZoneClock(zone);
      for (let ms = at(from); ms < at(from) + 26 * 3_600_000; ms += 60_000 * 7 + 13)
        expect(clock.dayKey(ms), `${zone} ${iso(ms)}`).toBe(intlDay(ms, zone));
    }
  });

  it('numbers ISO weeks from Monday, week 1 holding the first Thursday', () => {
    expect(isoWeek(2026, 8, 19)).toBe('2026-W34');
    expect(isoWeek(2026, 8, 17)).toBe('2026-W34');
    expect(isoWeek(2026, 8, 16)).toBe('2026-W33');
    expect(isoWeek(2021, 1, 3)).toBe('2020-W53');
    expect(isoWeek(2024, 12, 30)).toBe('2025-W01');
    expect(new ZoneClock('UTC').weekKey(at('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(new ZoneClock('UTC').monthKey(at('2026-08-31T23:59:59Z'))).toBe('2026-08');
  });

  it('knows a zone by its IANA name, and no other', () => {
    expect(checkZone('Europe/Paris')).toBe('Europe/Paris');
    expect(checkZone('Mars/Olympus')).toBeNull();
  });
});

describe('--since and --until', () => {
  const ny = new ZoneClock('America/New_York');
  it('reads a day as its first instant, or (until) the first instant after it, in the zone', () => {
    expect(iso(boundOf('2026-08-19', ny, 'since'))).toBe('2026-08-19T04:00:00.000Z');
    expect(iso(boundOf('2026-08-19', ny, 'until'))).toBe('2026-08-20T04:00:00.000Z');
    // A day that starts in a gap (Sao Paulo, 2018-11-04: 00:00 went to 01:00) starts when the gap ends.
    expect(iso(boundOf('2018-11-04', new ZoneClock('America/Sao_Paulo'), 'since'))).toBe('2018-11-04T03:00:00.000Z');
  });

  it('reads a time in the zone, or with its own offset; until includes it', () => {
    expect(iso(boundOf('2026-08-19T14:30', ny, 'since'))).toBe('2026-08-19T18:30:00.000Z');
    expect(iso(boundOf('2026-08-19T14:30:05.5Z', ny, 'since'))).toBe('2026-08-19T14:30:05.500Z');
    expect(iso(boundOf('2026-08-19 14:30+02:00', ny, 'until'))).toBe('2026-08-19T12:30:00.001Z');
    // Twice (clocks put back): the first; never (moved forward): as far past the gap.
    expect(iso(boundOf('2026-11-01T01:30', ny, 'since'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(boundOf('2026-03-08T02:30', ny, 'since'))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses what is no day or time', () => {
    for (const text of ['2026-02-30', '2026-13-01', 'yesterday', '2026-08-19T25:00', '19/08/2026', ''])
      expect(boundOf(text, ny, 'since'), text).toBeNull();
  });
});

describe('dates past the last instant a Date holds', () => {
  it('civilDate gives what a Date gives, over the whole Date range', () => {
    const limit = 8.64e15 / 86_400_000;
    for (let days = -limit; days <= limit; days += 9_973) {
      const d = new Date(days * 86_400_000);
      expect(civilDate(days), String(days)).toEqual({
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
      });
    }
    for (let days = -limit; days <= limit; days += 9_973) {
      const { year, month, day } = civilDate(days);
      expect(civilDays(year, month, day)).toBe(days);
    }
    expect(civilDate(0)).toEqual({ year: 1970, month: 1, day: 1 });
    expect(civilDate(-1)).toEqual({ year: 1969, month: 12, day: 31 });
  });

  it('isoWeek agrees with the week a Date gives, every day from 1899 to 2101', () => {
    // The reference: ISO 8601's rule worked through Date (the Thursday of the week decides its year).
    const byDate = (ms: number) => {
      const d = new Date(ms);
      const thursday = new Date(ms + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
      const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
      return `${thursday.getUTCFullYear()}-W${String(Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1).padStart(2, '0')}`;
    };
    for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2101, 0, 1); ms += 86_400_000) {
      const d = new Date(ms);
      expect(isoWeek(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()), d.toISOString()).toBe(byDate(ms));
    }
  });

  it('a zone east of UTC dates the last instant, whose local time no Date holds', () => {
    const clock = new ZoneClock('Pacific/Kiritimati');
    expect(clock.dayKey(8.64e15)).toBe('+275760-09-13');
    expect(new ZoneClock('America/Los_Angeles').dayKey(-8.64e15)).toMatch(/^-271821-04-1\d$/);
  });
});
