import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATE_LIMIT_MS, isoTime } from '../../src/kit/dates.js';
import { fmtClock } from '../../src/kit/units.js';
import { madeEnd, madeMeta, mcpRecLine, v1Message } from '../../src/trace/formats/records.js';
import { bundledPrices } from '../../src/trace/prices.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });

const deepseek = (t: number) =>
  bundledPrices().lookup('deepseek-chat')!.cost({ input: 1e6, output: 1e6, cacheRead: null, cacheWrite: null }, t);

const FAR = [DATE_LIMIT_MS + 1, -DATE_LIMIT_MS - 1, 9e18, 1e308, Number.POSITIVE_INFINITY, Number.NaN];

describe('a trace time becomes ISO text only through isoTime', () => {
  it('gives the ISO text of a time a Date holds, null past the range', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(DATE_LIMIT_MS)).toBe('+275760-09-13T00:00:00.000Z');
    expect(isoTime(-DATE_LIMIT_MS)).toBe('-271821-04-20T00:00:00.000Z');
    for (const t of FAR) expect(isoTime(t)).toBeNull();
  });

  it('no other file of src/ formats a Date (toISOString, new Date(x), getUTC…)', () => {
    const offenders = files(SRC)
      // Calendar arithmetic (new Date(t) and getUTC*, which give NaN and never throw): the
      // report's local calendar, and the Sessions list's start, which checks the range first.
      .filter((f) => !['kit/dates.ts', 'kit/zone-time.ts', 'ui/format/session-lines.ts'].includes(relative(SRC, f)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [`${relative(SRC, f)}:${i + 1}`, line] as const)
          .filter(([, line]) =>
            /toISOString|toUTCString|new Date\(\s*[^)\s]|\.getUTC|toLocale(Date|Time)String/.test(line),
          ),
      );
    expect(offenders).toEqual([]);
  });

  it.each(FAR.map((t) => [t]))('every formatter of a trace time takes %s without throwing', (t) => {
    expect(fmtClock(t)).toBe('');
    expect(v1Message(t, 'out', '{}')).toBe('{"dir":"out","raw":{}}');
    expect(v1Message(t, 'out', '{}', '"ts":9e15')).toBe('{"ts":9e15,"dir":"out","raw":{}}');
    expect(JSON.parse(mcpRecLine(t, 'out', '{}')).ts).toBe(Number.isFinite(t) ? t / 1000 : 0);
    const now = Date.UTC(2026, 0, 1);
    expect(JSON.parse(madeMeta({ startMs: t, endMs: t, label: 'x' }, now)).startedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(JSON.parse(madeEnd({ startMs: t, endMs: t, label: 'x' }, now))).toMatchObject({
      t: '2026-01-01T00:00:00.000Z',
      durationMs: 0,
    });
    // A time-of-day price constraint at a time no Date holds: the base price.
    expect(deepseek(t)).toBe(deepseek(Date.UTC(2026, 0, 1, 20)));
  });

  it('a time-of-day price is read by arithmetic, at any day, before 1970 too', () => {
    const day = deepseek(Date.UTC(2026, 0, 1, 10));
    const night = deepseek(Date.UTC(2026, 0, 1, 20));
    expect(day).toBeGreaterThan(night);
    expect(deepseek(Date.UTC(1900, 5, 1, 10))).toBe(day);
    expect(deepseek(Date.UTC(1900, 5, 1, 0, 29, 59))).toBe(night);
    expect(deepseek(Date.UTC(1900, 5, 1, 0, 30))).toBe(day);
  });
});
