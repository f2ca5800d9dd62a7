import { describe, expect, it } from 'vitest';
import { appendFacts } from '../../src/ingest/row-writer.js';
import { Column, CountColumn, Interner, TimeColumn } from '../../src/store/columns.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';

describe('Column', () => {
  it('keeps every value pushed, in order, across growth', () => {
    const c = new Column(Int32Array, 4);
    for (let i = 0; i < 1000; i++) expect(c.push(i * 3)).toBe(i);
    expect([...c.view()]).toEqual(Array.from({ length: 1000 }, (_, i) => i * 3));
  });

  it('grows by half again while the input size is unknown', () => {
    const c = new Column(Float64Array, 100);
    c.length = 100;
    c.reserve(101);
    expect(c.data.length).toBe(150);
  });

  it('grows to a little over the length the unread share of the input projects, not to double', () => {
    // A quarter of the file read with 1,000 values: about 4,000 at the end.
    let remaining = 4;
    const c = new Column(Float64Array, 1000, { remaining: () => remaining });
    for (let i = 0; i < 1001; i++) c.push(i);
    expect(c.data.length).toBeGreaterThanOrEqual(4000 * 1.05);
    expect(c.data.length).toBeLessThan(4000 * 1.05 + 1024 + 10);
    // Near the end of the input it still grows by at least a sixteenth, never by one value at a time.
    remaining = 1;
    c.length = c.data.length;
    const before = c.data.length;
    c.reserve(before + 1);
    expect(c.data.length).toBeGreaterThanOrEqual(Math.ceil(before * 1.0625));
    expect(c.data.length).toBeLessThan(before * 1.25);
    expect(c.view()[1000]).toBe(1000);
  });

  it('does not project from the first rows of a big input: a small column quadruples until 1% is in', () => {
    let remaining = 1000; // 0.1% read
    const c = new Column(Int32Array, 1024, { remaining: () => remaining });
    for (let i = 0; i < 1025; i++) c.push(i);
    expect(c.data.length).toBe(4096);
    remaining = 50; // 2% read: now the projection, with its margin
    for (let i = c.length; i < 4097; i++) c.push(i);
    expect(c.data.length).toBeGreaterThanOrEqual(4097 * 50);
    expect(c.data.length).toBeLessThan(4097 * 50 * 1.06 + 1024);
  });

  it('grows by half when the input size is unknown', () => {
    const c = new Column(Uint8Array, 100, { remaining: () => null });
    for (let i = 0; i < 101; i++) c.push(i & 0xff);
    expect(c.data.length).toBe(150);
  });
});

describe('TraceStore growth', () => {
  it('projects from the bytes its rows stand for, not from the bytes a source has read ahead', () => {
    const store = new TraceStore(bundledPrices());
    const f = store.addFile('x.jsonl');
    f.totalBytes = 1000;
    f.bytes = 500;
    // Nothing stored yet: the bytes read are all there is to go by.
    expect(store.remaining()).toBe(2);
    appendFacts(store, 0, { lineNo: 1, offset: 0, length: 99 }, { kind: 'skip', reason: 'x' });
    expect(store.remaining()).toBeCloseTo(1000 / 99);
    f.totalBytes = null;
    expect(store.remaining()).toBeNull();
  });
});

describe('Interner', () => {
  it('gives one id per distinct string, and -1 reads as none', () => {
    const s = new Interner();
    expect(s.id('a')).toBe(0);
    expect(s.id('b')).toBe(1);
    expect(s.id('a')).toBe(0);
    expect(s.get(1)).toBe('b');
    expect(s.get(-1)).toBeNull();
  });
});

describe('TimeColumn and CountColumn (Int32 while values fit, Float64 after)', () => {
  const times = (values: (number | null)[]) => {
    const c = new TimeColumn(2);
    values.forEach((t, i) => {
      c.reserve(i + 1);
      c.set(i, t, i);
    });
    return c;
  };
  const read = (c: { at(i: number): number }, n: number) => Array.from({ length: n }, (_, i) => c.at(i));

  it("keeps whole-ms times within ±24 days of their block's first as Int32 offsets, none as NaN", () => {
    const t0 = Date.parse('2026-11-20T14:00:00.000Z');
    const values = [null, t0, t0 + 1, null, t0 - 86_400_000, t0 + 20 * 86_400_000];
    const c = times(values);
    expect(c.data).toBeInstanceOf(Int32Array);
    expect(read(c, values.length)).toEqual(values.map((v) => v ?? NaN));
  });

  it('counts each block of 4,096 rows from its own first time: a 60-day trace stays Int32', () => {
    const t0 = Date.parse('2026-01-01T00:00:00.000Z');
    const values = Array.from({ length: 3 * 4096 }, (_, i) => t0 + Math.floor(i / 1500) * 7 * 86_400_000 + i);
    const c = times(values);
    expect(c.data).toBeInstanceOf(Int32Array);
    expect(read(c, values.length)).toEqual(values);
    expect(c.bases.length).toBe(3);
  });

  it("turns Float64 at a fractional time or one too far from its block's first, every earlier time unchanged", () => {
    const t0 = Date.parse('2026-11-20T14:00:00.000Z');
    for (const odd of [t0 + 0.25, t0 + 30 * 86_400_000, t0 - 30 * 86_400_000, 1e15 + 0.5]) {
      const values = [t0, null, t0 + 7, odd, t0 + 9];
      const c = times(values);
      expect(c.data).toBeInstanceOf(Float64Array);
      expect(read(c, values.length)).toEqual(values.map((v) => v ?? NaN));
    }
    // A first time that is fractional: Float64 from the start.
    expect(read(times([null, 1.5, 2]), 3)).toEqual([NaN, 1.5, 2]);
  });

  it('keeps counts as Int32 until one is not a 32-bit integer, values exact either way', () => {
    const ints = new CountColumn(2);
    for (const v of [0, 5, NaN, 2 ** 31 - 1, -3]) ints.push(v);
    expect(ints.data).toBeInstanceOf(Int32Array);
    expect(read(ints, 5)).toEqual([0, 5, NaN, 2 ** 31 - 1, -3]);
    for (const odd of [2 ** 31, 12.5, -(2 ** 31), 1e15]) {
      const c = new CountColumn(2);
      for (const v of [7, NaN, odd, 8]) c.push(v);
      expect(c.data).toBeInstanceOf(Float64Array);
      expect(read(c, 4)).toEqual([7, NaN, odd, 8]);
    }
  });
});
