import { describe, expect, it } from 'vitest';
import { byLatency, viewsOf } from '../../src/ui/data/views.js';
import { at, storeOf } from '../helpers/store.js';

const req = (ms: number, id: number, method = 'tools/call') => ({ t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', id, method } });
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
    const lineOf = (list: { length: number; at(i: number): number }) => Array.from({ length: list.length }, (_, i) => store.lineNo.data[list.at(i)]);
    expect(lineOf(calls)).toEqual([1, 2, 3, 5, 6]);
    expect(lineOf(sorted)).toEqual([3, 1, 6, 2, 5]);
    // The same rows either way, and the time order is kept for the pane's other uses.
    expect(lineOf(viewsOf(store, false, null, 'latency').calls)).toEqual([3, 1, 6, 2, 5]);
    expect(lineOf(viewsOf(store, false, null, 'time').calls)).toEqual([1, 2, 3, 5, 6]);
  });
});
