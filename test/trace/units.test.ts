import { describe, expect, it } from 'vitest';
import { fmtClock, fmtInt, fmtMs, fmtOffset, fmtUsd } from '../../src/trace/units.js';

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
