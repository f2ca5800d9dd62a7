import { describe, expect, it } from 'vitest';
import { Column, Interner } from '../../src/store/columns.js';

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
    expect(c.data.length).toBeGreaterThanOrEqual(4000);
    expect(c.data.length).toBeLessThan(4000 * 1.05 + 1024 + 10);
    // Near the end of the input it still grows by at least a quarter, never by one value at a time.
    remaining = 1;
    c.length = c.data.length;
    const before = c.data.length;
    c.reserve(before + 1);
    expect(c.data.length).toBeGreaterThanOrEqual(Math.ceil(before * 1.25));
    expect(c.view()[1000]).toBe(1000);
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
