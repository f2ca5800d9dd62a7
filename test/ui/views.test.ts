import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/ingest/row-writer.js';
import { fmtOffset } from '../../src/kit/units.js';
import { momentTyped } from '../../src/ui/data/goto-time.js';
import { byLatency, indexAtTime, slowestFirst, traceStart, viewsOf } from '../../src/ui/data/views.js';
import { seededRandom } from '../helpers/random.js';
import { at, storeOf } from '../helpers/store.js';

const req = (ms: number, id: number, method = 'tools/call') => ({
  t: at(ms),
  dir: 'in',
  raw: { jsonrpc: '2.0', id, method },
});
const res = (ms: number, id: number) => ({ t: at(ms), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } });

describe('byLatency', () => {
  it('puts answered calls slowest first, then the rest as they were; ties keep their order', () => {
    const store = storeOf([
      req(0, 1), // 50 ms
      req(10, 2), // pending
      req(20, 3), // 300 ms
      res(50, 1),
      { t: at(60), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/initialized' } },
      req(70, 4), // 50 ms, after call 1
      res(120, 4),
      res(320, 3),
    ]);
    const calls = viewsOf(store, false).calls;
    const sorted = byLatency(store, calls);
    const lineOf = (list: { length: number; at(i: number): number }) =>
      Array.from({ length: list.length }, (_, i) => store.lineOf(list.at(i)));
    expect(lineOf(calls)).toEqual([1, 2, 3, 5, 6]);
    expect(lineOf(sorted)).toEqual([3, 1, 6, 2, 5]);
    // The same rows either way, and the time order is kept for the pane's other uses.
    expect(lineOf(viewsOf(store, false, null, 'latency').calls)).toEqual([3, 1, 6, 2, 5]);
    expect(lineOf(viewsOf(store, false, null, 'time').calls)).toEqual([1, 2, 3, 5, 6]);
  });
});

describe('slowestFirst', () => {
  it('extends its order as calls arrive and pending ones are answered, always as a full sort would order them', () => {
    const store = storeOf([req(0, 0)]);
    const rand = seededRandom(11);
    let id = 1;
    let t = 10;
    let offset = 1000;
    const open: number[] = [0];
    const rowsOf = (list: { length: number; at(i: number): number }) =>
      Array.from({ length: list.length }, (_, i) => list.at(i));
    for (let step = 0; step < 60; step++) {
      const lines: object[] = [];
      for (let k = rand(6); k > 0; k--) {
        const what = rand(4);
        t += 1 + rand(5);
        if (what === 0 && open.length) lines.push(res(t, open.splice(rand(open.length), 1)[0]!));
        else if (what === 1)
          lines.push({ t: at(t), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/progress' } });
        else {
          // Latencies repeat on purpose: ties must keep row order.
          const n = id++;
          lines.push(req(t, n));
          if (rand(2)) lines.push(res(t + 10 * rand(4), n));
          else open.push(n);
        }
      }
      const texts = lines.map((o) => JSON.stringify(o));
      appendLines(
        store,
        0,
        texts.map((text, i) => ({ text, lineNo: store.count + i + 1, offset: (offset += 100), length: text.length })),
      );
      const calls = viewsOf(store, false).calls;
      expect(rowsOf(slowestFirst(store, calls)), `step ${step}`).toEqual(rowsOf(byLatency(store, calls)));
    }
  });
});

describe('the line bar given a time (momentTyped, indexAtTime)', () => {
  it('finds the first call shown at or after an offset as the pane prints it, whatever the order', () => {
    // Calls at 0, 10.02 s (shown +10.0s), 369.6 s and 370.4 s (both shown +6m10s).
    const store = storeOf([req(0, 1), req(10_020, 2), req(369_600, 3), req(370_400, 4)]);
    const { calls } = viewsOf(store, false, null, 'time');
    const at = (typed: string) => {
      const from = momentTyped(typed, traceStart(store), false);
      return from === null ? null : indexAtTime(store, calls, from);
    };
    expect(fmtOffset(369_600)).toBe('+6m10s');
    expect(at('+6m10s')).toBe(2);
    expect(at('6m9s')).toBe(2);
    expect(at('06:09')).toBe(2);
    expect(at('+6m11s')).toBe(-1);
    expect(fmtOffset(10_020)).toBe('+10.0s');
    expect(at('+10.0s')).toBe(1);
    expect(at('10s')).toBe(1);
    // Typed finer than the pane shows it: as typed.
    expect(at('+10.02s')).toBe(1);
    expect(at('+10.03s')).toBe(2);
    expect(at('0s')).toBe(0);
    expect(at('later')).toBeNull();
    // Slowest first, the list is in another order: still the earliest at or after.
    const byLat = viewsOf(store, false, null, 'latency').calls;
    const from = momentTyped('5m', traceStart(store), false)!;
    expect(store.tOf(byLat.at(indexAtTime(store, byLat, from)))).toBe(store.tOf(calls.at(2)));
  });

  it('reads hh:mm[:ss] as a UTC time of day when the pane shows clock times, across midnight', () => {
    const start = Date.parse('2026-03-01T23:50:00.000Z');
    const day = (iso: string) => Date.parse(iso);
    expect(momentTyped('23:55', start, true)).toBe(day('2026-03-01T23:55:00.000Z'));
    expect(momentTyped('23:40:30.5', start, true)).toBe(day('2026-03-01T23:40:30.500Z'));
    expect(momentTyped('00:05', start, true)).toBe(day('2026-03-02T00:05:00.000Z'));
    expect(momentTyped('24:00', start, true)).toBeNull();
    // Offsets still read as offsets; without clock times, 00:05 is one.
    expect(momentTyped('+5m', start, true)).toBe(start + 300_000 - 500);
    expect(momentTyped('00:05', start, false)).toBe(start + 5_000 - 0.5);
    expect(Number.isNaN(momentTyped('5m', null, false))).toBe(true);
  });
});
