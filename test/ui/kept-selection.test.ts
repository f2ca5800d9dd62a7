import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { applyFilter } from '../../src/store/query.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { parseFilter } from '../../src/trace/filter.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { keptIndex, keptLists, listOrder } from '../../src/ui/data/kept-selection.js';
import { type RowList, traceStart, viewsOf } from '../../src/ui/data/views.js';
import { type CallOrder, initialState, type ListState } from '../../src/ui/state/ui-state.js';
import { REAL_TRACES, realTraceFiles } from '../helpers/shared.js';
import { at, fillStore, storeOf } from '../helpers/store.js';

const call = (ms: number, id: number, tool: string, took: number) => [
  { t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool } } },
  { t: at(ms + took), dir: 'out', raw: { jsonrpc: '2.0', id, result: { content: [] } } },
];
const turn = (ms: number, model: string, text: string) => ({
  t: at(ms),
  type: 'turn',
  role: 'assistant',
  model,
  blocks: [{ type: 'text', text }],
});

/**
 * Calls of tools a and b, their latencies all different; turns of models x and y
 * between them. In time order (one line per 100 ms).
 */
const LINES = [
  ...call(0, 1, 'a', 30), // call 1 (a, 30 ms)
  turn(100, 'x', 'one'),
  ...call(200, 2, 'b', 90), // call 2 (b, 90 ms)
  turn(300, 'y', 'two'),
  ...call(400, 3, 'a', 10), // call 3 (a, 10 ms)
  turn(500, 'x', 'three'),
  ...call(600, 4, 'b', 50), // call 4 (b, 50 ms)
  turn(700, 'y', 'four'),
  ...call(800, 5, 'a', 70), // call 5 (a, 70 ms)
];

const filtered = (store: TraceStore, text: string | null) =>
  text === null ? null : applyFilter(store, parseFilter(text)!, traceStart(store), ['test']);

/** Each list's selection from the lists under `before` to those under `after`, as the record selected. */
function keep(
  store: TraceStore,
  before: string | null,
  selected: { calls?: number; turns?: number; events?: number },
  after: string | null,
  order: CallOrder = 'time',
) {
  const from = viewsOf(store, false, filtered(store, before), order);
  const to = viewsOf(store, false, filtered(store, after), order);
  const state = initialState();
  const lists = { ...state.lists } as Record<'calls' | 'turns' | 'usage' | 'events' | 'timeline', ListState>;
  for (const [pane, i] of Object.entries(selected)) lists[pane as 'calls'] = { selected: i, windowStart: 0 };
  const kept = keptLists(store, from, lists, to, order);
  const row = (pane: 'calls' | 'turns' | 'events') =>
    to[pane].length === 0 ? null : store.lineOf(to[pane].at(kept[pane].index));
  return { kept, lines: { calls: row('calls'), turns: row('turns'), events: row('events') } };
}

/** The line of call `n` of LINES (its request), and of turn `n`. */
const callLine = (n: number) => [1, 4, 7, 10, 13][n - 1]!;
const turnLine = (n: number) => [3, 6, 9, 12][n - 1]!;

describe('keptIndex', () => {
  const list = (...rows: number[]): RowList => ({ length: rows.length, at: (i) => rows[i]! });
  const byRow = (a: number, b: number) => a - b;

  it('finds the same row, else the first after it, else the last before it', () => {
    const from = list(1, 3, 5, 7, 9);
    expect(keptIndex(from, 2, list(0, 5, 9), byRow)).toBe(1); // 5 is still there
    expect(keptIndex(from, 1, list(0, 5, 9), byRow)).toBe(1); // 3 is gone: 5 is the first after it
    expect(keptIndex(from, 4, list(0, 2, 4), byRow)).toBe(2); // 9 is gone, nothing after it: 4
    expect(keptIndex(from, 0, list(2, 4), byRow)).toBe(0); // 1 is gone: 2 is after it
  });

  it('gives 0 for an empty new list, and for an old one that was empty', () => {
    expect(keptIndex(list(1, 2, 3), 1, list(), byRow)).toBe(0);
    expect(keptIndex(list(), 0, list(4, 5), byRow)).toBe(0);
  });

  it('follows the order it is given, not row numbers', () => {
    const desc = (a: number, b: number) => b - a;
    expect(keptIndex(list(9, 7, 5, 3), 1, list(8, 6, 4), desc)).toBe(1); // 7 gone: after it comes 6
  });
});

describe('keptLists: each pane keeps its record under a new filter', () => {
  const store = storeOf(LINES);

  it('keeps every pane on its record when the new filter keeps it', () => {
    // Call 3 (a), turn 3 (x), and in Events the response of call 3 (line 8); -tool:b keeps them all.
    const { lines, kept } = keep(store, null, { calls: 2, turns: 2, events: 7 }, '-tool:b');
    expect(lines).toEqual({ calls: callLine(3), turns: turnLine(3), events: 8 });
    expect(kept.calls).toEqual({ index: 1, count: 3 });
    expect(kept.events.index).toBe(5);
  });

  it('a record the filter drops: the first one after it, in each pane at once', () => {
    // Call 2 (b): call 3; turn 2 (y): turn 3; Events line 4 (call 2; then its response and turn 2 go too): line 7.
    const { lines } = keep(store, null, { calls: 1, turns: 1, events: 3 }, '-tool:b -model:y');
    expect(lines).toEqual({ calls: callLine(3), turns: turnLine(3), events: 7 });
  });

  it('nothing after it: the last one before it', () => {
    // Turn 4 (y) under model:x: turn 3; call 5 (a) under tool:b: call 4.
    expect(keep(store, null, { turns: 3 }, 'model:x').lines.turns).toBe(turnLine(3));
    expect(keep(store, null, { calls: 4 }, 'tool:b').lines.calls).toBe(callLine(4));
  });

  it('from one filter to another that shares no record: the nearest in time', () => {
    // Call 3 under tool:a, then tool:b: call 4 comes next.
    expect(keep(store, 'tool:a', { calls: 1 }, 'tool:b').lines.calls).toBe(callLine(4));
    // Cleared: the same call, now at its place among all five.
    const cleared = keep(store, 'tool:a', { calls: 1 }, null);
    expect(cleared.lines.calls).toBe(callLine(3));
    expect(cleared.kept.calls).toEqual({ index: 2, count: 5 });
  });

  it('an empty list: index 0; and from an empty list, the first row', () => {
    const empty = keep(store, null, { calls: 3, turns: 2, events: 5 }, 'tool:zzz');
    expect(empty.kept).toEqual({
      calls: { index: 0, count: 0 },
      turns: { index: 0, count: 0 },
      events: { index: 0, count: 0 },
      timeline: { index: 0, count: 0 },
    });
    expect(keep(store, 'tool:zzz', { calls: 0 }, 'tool:b').kept.calls).toEqual({ index: 0, count: 2 });
  });

  it('slowest first: the same call, else the next slower-to-faster in that order', () => {
    // Slowest first: 2 (90), 5 (70), 4 (50), 1 (30), 3 (10).
    const slowest = viewsOf(store, false, null, 'latency').calls;
    expect(Array.from({ length: 5 }, (_, i) => store.lineOf(slowest.at(i)))).toEqual([2, 5, 4, 1, 3].map(callLine));
    // Call 4 (50 ms, b) selected, under tool:a (5, 1, 3): call 1 comes after it in that order.
    expect(keep(store, null, { calls: 2 }, 'tool:a', 'latency').lines.calls).toBe(callLine(1));
    // Call 5 kept, at its new place (first).
    expect(keep(store, null, { calls: 1 }, 'tool:a', 'latency').kept.calls).toEqual({ index: 0, count: 3 });
    // Call 3 (fastest) under tool:b (2, 4): nothing after it, so the last, call 4.
    expect(keep(store, null, { calls: 4 }, 'tool:b', 'latency').lines.calls).toBe(callLine(4));
  });

  it('with several files, in the merged time order', () => {
    // A second file whose records fall between the first file's.
    const two = fillStore(storeOf(LINES), [...call(250, 1, 'c', 5), ...call(650, 2, 'c', 5)], 'b.jsonl');
    const views = viewsOf(two, false, null, 'time');
    const rows = Array.from({ length: views.calls.length }, (_, i) => views.calls.at(i));
    // Row order is not time order here: the second file's calls come last in the store.
    expect(rows).not.toEqual([...rows].sort((a, b) => a - b));
    const cFirst = rows.findIndex((r) => two.fileOf(r) === 1);
    const order = listOrder(two, 'calls', 'time');
    // The first c call, under tool:a: call 3 (400 ms) is the first a call after 250 ms.
    const to = viewsOf(two, false, filtered(two, 'tool:a'), 'time').calls;
    const index = keptIndex(views.calls, cFirst, to, order);
    expect(two.fileOf(to.at(index))).toBe(0);
    expect(two.lineOf(to.at(index))).toBe(callLine(3));
  });
});

/** Both planes of a real run in one store: their rows merged by time across the files. */
async function realRun(run: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  for (const plane of ['agent', 'mcp']) await ingest(store, new FileSource(join(REAL_TRACES, `${run}.${plane}.jsonl`)));
  return store;
}

describe('keptLists on real runs (both planes open)', () => {
  const runs = [...new Set(realTraceFiles.map((f) => f.replace(/\.(agent|mcp)\.jsonl$/, '')))].slice(0, 4);
  it.each(runs.map((r) => [r.split('/').pop()!]))('%s: as a scan of the unfiltered list finds it', async (run) => {
    const store = await realRun(run);
    const tool = viewsOf(store, false, null, 'time').calls;
    let name: string | null = null;
    for (let i = 0; i < tool.length && name === null; i++) name = store.nameOf(tool.at(i));
    const filters = [null, 'dir:in', '-dir:in', 'status:error', name === null ? 'role:user' : `tool:${name}`];
    for (const order of ['time', 'latency'] as const) {
      const all = viewsOf(store, false, null, order);
      for (const before of filters)
        for (const after of filters) {
          if (before === after) continue;
          const from = viewsOf(store, false, filtered(store, before), order);
          const to = viewsOf(store, false, filtered(store, after), order);
          for (const pane of ['calls', 'turns', 'events'] as const) {
            // Each row's place in the unfiltered list: the filtered lists are in its order.
            const place = new Map<number, number>();
            for (let i = 0; i < all[pane].length; i++) place.set(all[pane].at(i), i);
            const places = Array.from({ length: to[pane].length }, (_, i) => place.get(to[pane].at(i))!);
            for (let i = 1; i < places.length; i++) expect(places[i]).toBeGreaterThan(places[i - 1]!);
            const rank = listOrder(store, pane, order);
            const step = Math.max(1, Math.floor(from[pane].length / 40));
            for (let s = 0; s < from[pane].length; s += step) {
              // The same record, or the first listed after it, or the last.
              const was = place.get(from[pane].at(s))!;
              const next = places.findIndex((p) => p >= was);
              const expected = places.length === 0 ? 0 : next >= 0 ? next : places.length - 1;
              const why = `${pane} ${order} ${before} → ${after} @${s}`;
              expect(keptIndex(from[pane], s, to[pane], rank), why).toBe(expected);
            }
          }
        }
    }
  });
});
