import { describe, expect, it } from 'vitest';
import { DIRS, Dir, type EnumEntry, KINDS, Kind, SHAPES, Shape, STATUSES, Status } from '../../src/trace/enums.js';
import { DIR_WORDS, parseFilter, STATUS_WORDS } from '../../src/trace/filter.js';
import { paint, setAscii, THEME } from '../../src/ui/theme.js';

const TABLES: [string, readonly EnumEntry[], Record<string, number>][] = [
  ['kind', KINDS, Kind],
  ['dir', DIRS, Dir],
  ['shape', SHAPES, Shape],
  ['status', STATUSES, Status],
];

describe('each enum once (trace/enums.ts)', () => {
  it.each(TABLES)('%s: a code is its entry’s index, a name is unique', (_name, table, codes) => {
    expect(Object.entries(codes)).toEqual(table.map((e, i) => [e.name, i]));
  });

  it.each(TABLES)('%s: every glyph has a one-character ASCII stand-in that --ascii paints', (_name, table) => {
    setAscii(true);
    try {
      for (const e of table.filter((x) => x.glyph !== '')) {
        expect(e.ascii, e.name).toMatch(/^[ -~]$/);
        expect(paint([{ text: e.glyph }]), e.name).toBe(e.ascii);
      }
    } finally {
      setAscii(false);
    }
  });

  it.each(TABLES)('%s: every tone is a theme style', (_name, table) => {
    for (const e of table) if (e.tone !== null) expect(Object.keys(THEME), e.name).toContain(e.tone);
  });

  it('gives the filter language its words, and the filter takes each', () => {
    expect(STATUS_WORDS).toEqual(['ok', 'error', 'pending', 'cancelled']);
    expect(DIR_WORDS).toEqual(['in', 'out', 'event', 'command', 'telemetry']);
    for (const w of STATUS_WORDS) expect(() => parseFilter(`status:${w}`), w).not.toThrow();
    for (const w of DIR_WORDS) expect(() => parseFilter(`dir:${w}`), w).not.toThrow();
    expect(() => parseFilter('status:orphan')).toThrow('is not one of ok, error, pending, cancelled');
  });
});
