import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { jsonPieces } from '../../src/report/json-pieces.js';
import { FileSource } from '../../src/sources/file-source.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { demoStore } from '../helpers/demo.js';
import { realTraceFiles } from '../helpers/shared.js';

const joined = (v: unknown) => [...jsonPieces(v)].join('');

describe('jsonPieces', () => {
  it('joins into exactly what JSON.stringify(value, null, 2) writes, edge cases included', () => {
    const values: unknown[] = [
      {},
      [],
      null,
      0,
      -0,
      1e21,
      1.5,
      NaN,
      Infinity,
      true,
      'x',
      '',
      { a: [], b: {}, c: [[]], d: [{}], e: [1, [2, [3, {}]]] },
      { skip: undefined, fn: () => 1, sym: Symbol('s'), keep: null },
      [undefined, () => 1, Symbol('s'), null],
      { when: new Date(Date.UTC(2026, 4, 12)), nested: { toJSON: () => ({ a: [1, { b: 2 }] }) } },
      { 'quote"key': 'line\nbreak', tab: '\t', uni: 'é😀\u2028', ctrl: '\u0001' },
      { 2: 'two', 1: 'one', b: 'b', a: 'a' },
      [{ errors: [{ t: 1, source: 'tool', name: 'x', message: 'm' }] }, { errors: [] }],
    ];
    for (const v of values) expect(joined(v), String(JSON.stringify(v))).toBe(JSON.stringify(v, null, 2));
  });

  it('writes the summary documents as JSON.stringify does: the demo, one and several', () => {
    const doc = statsOf(demoStore(), 0);
    expect(joined(doc)).toBe(JSON.stringify(doc, null, 2));
    expect(joined([doc, doc])).toBe(JSON.stringify([doc, doc], null, 2));
  });

  it('writes every real trace document as JSON.stringify does', async () => {
    for (const file of realTraceFiles) {
      const store = new TraceStore(bundledPrices());
      await ingest(store, new FileSource(file));
      const doc = statsOf(store, 0);
      expect(joined(doc), file).toBe(JSON.stringify(doc, null, 2));
    }
  });
});
