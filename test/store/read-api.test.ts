import { describe, expect, it } from 'vitest';
import { Flag } from '../../src/store/codes.js';
import type { TraceStore, UsageField } from '../../src/store/trace-store.js';
import { demoStore } from '../helpers/demo.js';
import { twoPlanes } from '../helpers/two-planes.js';

/*
 * The read API against the columns it reads, row by row over every row of two stores
 * (a demo trace; two planes of a run in one store): an accessor that read the wrong
 * column, or decoded one wrong, fails here.
 */

const FLAGS = Object.values(Flag);
const FIELDS: Exclude<UsageField, 'cost'>[] = [
  'input',
  'output',
  'cacheRead',
  'cacheWrite',
  'thinkingExact',
  'thinkingEstimated',
  'ttft',
  'duration',
];

function sweep(store: TraceStore) {
  const c = store.cols;
  expect(store.count).toBeGreaterThan(10);
  for (let row = 0; row < store.count; row++) {
    const got = [
      store.kindOf(row),
      store.dirOf(row),
      store.shapeOf(row),
      store.statusOf(row),
      store.fileOf(row),
      store.bytesOf(row),
    ];
    const want = [...[c.kind, c.dir, c.shape, c.status, c.file].map((col) => col.data[row]), c.length.at(row)];
    expect(got, `row ${row}`).toEqual(want);
    expect(store.labelOf(row)).toBe(c.strings.get(c.label.data[row]!));
    expect(store.nameOf(row)).toBe(c.strings.get(c.name.data[row]!));
    expect(store.pairedRow(row)).toBe(c.pair.at(row) === 0 ? -1 : row + c.pair.at(row));
    for (const flag of FLAGS) expect(store.has(row, flag)).toBe((c.flags.data[row]! & flag) !== 0);
    expect(store.offsetOf(row)).toBe(c.offsetLow.data[row]! + c.offsetHigh.data[row]! * 2 ** 32);
    expect(store.tOf(row)).toBe(Number.isNaN(c.t.at(row)) ? null : c.t.at(row));
    expect(store.errorTextOf(row)).toBe(c.errorText.get(row) ?? null);
  }
  expect([...store.rows('calls')]).toEqual([...c.callRows.view()]);
  expect([...store.rows('turns')]).toEqual([...c.turnRows.view()]);
  expect([...store.rows('shownTurns')]).toEqual([...c.shownTurnRows.view()]);
  expect([...store.rows('countedTurns')]).toEqual([...c.usageRows.view()]);
  for (let turn = 0; turn < c.usageRows.length; turn++) {
    for (const field of FIELDS) expect(store.usageOf(turn, field), field).toBe(c.usage[field].at(turn));
    expect(store.usageOf(turn, 'cost')).toBe(c.usage.cost.data[turn]);
    expect(store.usageIndexOf(c.usageRows.data[turn]!)).toBe(turn);
  }
  for (let p = 0; p < store.pairs.length; p++) {
    expect(store.pairs.reqRowOf(p)).toBe(store.pairs.get(p).reqRow);
    expect(store.pairs.fileOf(p)).toBe(store.pairs.get(p).file);
  }
}

describe('the store read API', () => {
  it('reads what the columns hold, on a demo trace', () => sweep(demoStore()));

  it('reads what the columns hold, on two planes in one store', async () => sweep(await twoPlanes()));

  it('byTime orders rows of several files by time, then file, then row', async () => {
    const store = await twoPlanes();
    const all = Int32Array.from({ length: store.count }, (_, i) => i);
    const order = [...store.byTime(all)];
    expect([...order].sort((a, b) => a - b)).toEqual([...all]);
    const t = (row: number) => store.tOf(row) ?? -Infinity;
    // Untimed rows take the time before them in their file; timed ones never go back.
    const timed = order.filter((r) => store.tOf(r) !== null);
    for (let i = 1; i < timed.length; i++) expect(t(timed[i]!)).toBeGreaterThanOrEqual(t(timed[i - 1]!));
    expect(new Set(order.map((r) => store.fileOf(r))).size).toBe(2);
  });
});
