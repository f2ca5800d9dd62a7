import { describe, expect, it } from 'vitest';
import { counted, fmtClock, fmtInt, fmtMs, fmtOffset, fmtUsd, grouped } from '../../src/kit/units.js';

describe('numbers no double holds exactly', () => {
  it.each([1e308, 2 ** 53 + 2, -1e300, Infinity, -Infinity, NaN])(
    '%s prints as overflow, never 309 digits or Infinity',
    (n) => {
      expect(fmtInt(n)).toBe('overflow');
      expect(fmtMs(n)).toBe('overflow');
      expect(fmtOffset(n)).toBe('+overflow');
    },
  );

  it('writes an offset before the trace start with a minus, never +-', () => {
    expect(fmtOffset(-1234)).toBe('-1.234s');
    expect(fmtOffset(-12_345)).toBe('-12.3s');
    expect(fmtOffset(-71_919_251)).toBe('-19h58m');
    expect(fmtOffset(-90_000)).toBe('-1m30s');
    expect(fmtOffset(1234)).toBe('+1.234s');
    expect(fmtOffset(90_000)).toBe('+1m30s');
    expect(fmtOffset(0)).toBe('+0.000s');
  });

  it('keeps exact counts exact up to 2^53', () => {
    expect(fmtInt(2 ** 53)).toBe('9,007,199,254,740,992');
    expect(fmtInt(1234)).toBe('1,234');
  });

  it('prints a cost that is not finite, or absurdly large, as overflow', () => {
    expect(fmtUsd(Infinity)).toBe('overflow');
    expect(fmtUsd(1e300)).toBe('overflow');
    expect(fmtUsd(12.345)).toBe('$12.35');
  });

  it('prints no clock for a time no Date holds (toISOString would throw)', () => {
    expect(fmtClock(1e20)).toBe('');
    expect(fmtClock(8.64e15)).toBe('00:00:00.000');
  });
});

describe('a rounded figure carries into the next unit, and a half goes up whatever the double', () => {
  it.each([
    [999.6, '1.00s'],
    [9_995, '10.0s'],
    [9_996, '10.0s'],
    [59_950, '1m00s'],
    [59_999, '1m00s'],
    [9_994, '9.99s'],
    [59_949, '59.9s'],
  ])('fmtMs(%s) = %s, as the next unit says it (never 1000ms, 10.00s or 60.0s)', (ms, s) => {
    expect(fmtMs(ms)).toBe(s);
  });

  it.each([
    [9_999.6, '+10.0s'],
    [59_950, '+1m00s'],
    [59_949, '+59.9s'],
    [9_999, '+9.999s'],
  ])('fmtOffset(%s) = %s (never +10.000s or +60.0s)', (ms, s) => {
    expect(fmtOffset(ms)).toBe(s);
  });

  it.each([
    // JSON holds these exact decimals (sums of whole nano-dollars); each half cent goes up,
    // not as far as its double happens to fall below or above it (1.005 is 1.00499…).
    [1.005, '$1.01'],
    [1.065, '$1.07'],
    [2.675, '$2.68'],
    [0.025, '$0.03'],
    [12.345, '$12.35'],
    [1.004999999, '$1.00'],
    // Below a cent: 4 places, and what rounds to a cent says so.
    [0.009996, '$0.01'],
    [0.00125, '$0.0013'],
    [0.004, '$0.0040'],
    // Not zero never reads as zero; exact zero does.
    [0.00005, '$0.0001'],
    [0.000049, '<$0.0001'],
    [1e-9, '<$0.0001'],
    [1e-15, '<$0.0001'],
    [0, '$0'],
    // Thousands grouped, as token counts are.
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [999.995, '$1,000.00'],
  ])('fmtUsd(%s) = %s', (usd, s) => {
    expect(fmtUsd(usd)).toBe(s);
  });
});

describe('counted: a count and its noun in the right number', () => {
  it.each([
    [0, 'turn', undefined, '0 turns'],
    [1, 'turn', undefined, '1 turn'],
    [2, 'echoed turn', undefined, '2 echoed turns'],
    [1234, 'malformed line', undefined, '1,234 malformed lines'],
    [1, 'more line', 'more lines', '1 more line'],
  ])('%i %s', (n, one, many, text) => expect(counted(n, one, many)).toBe(text));
});

describe('grouped', () => {
  it("writes an integer as toLocaleString('en-US') does", () => {
    const values = [0, -0, 7, -7, 999, 1000, -1000, 123456, 1234567, -9999999, 2 ** 53, -(2 ** 53)];
    for (let digits = 1; digits <= 16; digits++) values.push(10 ** digits - 1, 10 ** digits, -(10 ** digits) + 1);
    for (const n of values) expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });
});
