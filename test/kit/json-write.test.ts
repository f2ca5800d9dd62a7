import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonical, jsonPreview, jsonText, sameJson } from '../../src/kit/json-write.js';
import { deepText } from '../helpers/deep-traces.js';
import { realTraceFiles } from '../helpers/shared.js';

const EDGES: unknown[] = [
  null,
  0,
  -0,
  1.5,
  Number.POSITIVE_INFINITY,
  'é\u001b"\\\u2028',
  [],
  {},
  [[], {}, [null, true, false]],
  { b: 1, a: { d: [1, { c: 'x' }], c: null }, '10': 2, '2': 3, __proto__x: 1 },
  [undefined, () => 1],
  { skipped: undefined, kept: 1 },
  JSON.parse('{"__proto__":{"a":1}}'),
];

describe('jsonText: JSON.stringify without recursion', () => {
  it.each(EDGES.map((v) => [JSON.stringify(v) ?? 'undefined', v] as const))('%s', (_, v) => {
    expect(jsonText(v)).toBe(JSON.stringify(v));
  });

  it('the same as JSON.stringify on every line of every real trace', () => {
    for (const file of realTraceFiles)
      for (const line of readFileSync(file, 'utf8').split('\n'))
        if (line.trim()) expect(jsonText(JSON.parse(line))).toBe(JSON.stringify(JSON.parse(line)));
  });

  it('writes a value 100,000 deep, where JSON.stringify overflows the stack', () => {
    const text = deepText(100_000);
    const value = JSON.parse(text) as unknown;
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(jsonText(value)).toBe(text);
  });
});

describe('canonical: keys sorted at every level, at any depth', () => {
  it('sorts keys, keeps array order', () => {
    expect(canonical({ b: [2, 1], a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":[2,1]}');
    expect(canonical(undefined)).toBe('null');
  });

  it('compares values 100,000 deep', () => {
    const a = JSON.parse(`${'{"b":1,"a":'.repeat(100_000)}0${'}'.repeat(100_000)}`) as unknown;
    const b = JSON.parse(`${'{"a":'.repeat(100_000)}0${',"b":1}'.repeat(100_000)}`) as unknown;
    expect(canonical(a)).toBe(canonical(b));
    expect(canonical(a).startsWith('{"a":{"a":')).toBe(true);
  });
});

describe('jsonPreview: what a line shows of a value', () => {
  it('is the whole text when it fits, cut with … when not', () => {
    expect(jsonPreview({ a: [1, 2] }, 13)).toBe('{"a":[1,2]}');
    expect(jsonPreview({ a: [1, 2] }, 11)).toBe('{"a":[1,2]}');
    expect(jsonPreview({ a: [1, 2] }, 10)).toBe('{"a":[1,2…');
    expect(jsonPreview('abc', 0)).toBe('…');
  });

  it('writes only what it shows of a value 100,000 deep', () => {
    // [{"a":[{"a":…}]}] 100,000 levels deep, each level counting the reads of its keys and values.
    let reads = 0;
    const counted = <T extends object>(level: T) =>
      new Proxy(level, {
        get: (target, key, receiver) => {
          reads++;
          return Reflect.get(target, key, receiver);
        },
        ownKeys: (target) => {
          reads++;
          return Reflect.ownKeys(target);
        },
      });
    let value: unknown = 'deep';
    for (let i = 0; i < 50_000; i++) value = counted([counted({ a: value })]);
    expect(jsonPreview(value, 40)).toBe(`${'[{"a":'.repeat(6)}[{"…`);
    // A few reads for each of the 14 levels shown, none for the 99,986 below them.
    expect(reads).toBeGreaterThan(14);
    expect(reads).toBeLessThan(14 * 20);
  });
});

describe('sameJson: canonical equality without writing the text', () => {
  const shuffled = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(shuffled)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, shuffled(x)]),
          )
        : v;
  const VALUES = [...EDGES, { a: null }, {}, { a: [1] }, { a: [1, 2] }, '1', 1, true, [null], [undefined]];

  it('agrees with comparing canonical texts, for every pair of values and each reordered', () => {
    for (const a of VALUES)
      for (const b of VALUES) {
        expect(sameJson(a, b), `${canonical(a)} ${canonical(b)}`).toBe(canonical(a) === canonical(b));
        expect(sameJson(a, shuffled(a))).toBe(true);
      }
  });

  it('compares values 100,000 deep', () => {
    const a = JSON.parse(deepText(100_000)) as unknown;
    expect(sameJson(a, JSON.parse(deepText(100_000)))).toBe(true);
    expect(sameJson(a, JSON.parse(deepText(100_001)))).toBe(false);
  });
});
