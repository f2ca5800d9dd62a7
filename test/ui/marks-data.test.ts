import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { findMarks, refsOf } from '../../src/ui/data/marks.js';
import { initialState, reduce } from '../../src/ui/state/ui-state.js';
import { demoStore } from '../helpers/demo.js';
import { realTraceFiles } from '../helpers/shared.js';
import { at, fillStore, storeOf } from '../helpers/store.js';

const batchLines = [
  { t: at(0), type: 'meta', v: 1 },
  `{"t":"${at(1)}","dir":"in","raw":[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"},{"jsonrpc":"2.0","id":3,"method":"c"}]}`,
  `{"t":"${at(2)}","dir":"out","raw":{"jsonrpc":"2.0","id":2,"result":{}}}`,
];

describe('marks as they outlive a run: file, line, and place on the line', () => {
  it('names each record of a batch line apart', () => {
    const store = storeOf(batchLines);
    const rows = [...Array(store.count).keys()];
    expect(refsOf(store, rows)).toEqual([
      { file: 0, line: 1, nth: 0 },
      { file: 0, line: 2, nth: 0 },
      { file: 0, line: 2, nth: 1 },
      { file: 0, line: 2, nth: 2 },
      { file: 0, line: 3, nth: 0 },
    ]);
    // Found again: the same rows, whatever order the refs come in.
    const refs = refsOf(store, [3, 1, 4]);
    expect(findMarks(store, refs, 0)).toEqual({ rows: [1, 3, 4], left: [], upTo: 5 });
  });

  it('finds kept marks as rows arrive, each row looked at once, the nth right from any start', () => {
    const store = storeOf(batchLines);
    const refs = refsOf(store, [2, 3]);
    // Rows 0-2 were looked at already: row 3 is the third record of line 2, not the first.
    expect(findMarks(store, refs, 3)).toEqual({ rows: [3], left: [refs[0]], upTo: 5 });
    expect(findMarks(store, refs, 5)).toEqual({ rows: [], left: refs, upTo: 5 });
    // A line the file does not have (yet) stays to look for.
    const missing = { file: 0, line: 99, nth: 0 };
    expect(findMarks(store, [missing], 0)).toEqual({ rows: [], left: [missing], upTo: 5 });
  });

  it('keeps files apart: the same line in two files is two marks', () => {
    const store = new TraceStore(bundledPrices());
    fillStore(
      store,
      [
        { t: at(0), type: 'meta', v: 1 },
        { t: at(5), type: 'turn', role: 'user', blocks: [] },
      ],
      'a.jsonl',
    );
    fillStore(
      store,
      [
        { t: at(0), type: 'meta', v: 1 },
        { t: at(6), type: 'turn', role: 'user', blocks: [] },
      ],
      'b.jsonl',
    );
    expect(findMarks(store, [{ file: 1, line: 2, nth: 0 }], 0).rows).toEqual([3]);
    expect(refsOf(store, [1, 3])).toEqual([
      { file: 0, line: 2, nth: 0 },
      { file: 1, line: 2, nth: 0 },
    ]);
  });

  it('the demo trace: every record marked and found again', () => {
    const store = demoStore();
    const all = [...Array(store.count).keys()];
    expect(findMarks(store, refsOf(store, all), 0).rows).toEqual(all);
  });
});

describe('marks on the real traces: each run, both planes in one store', () => {
  const runs = [...new Set(realTraceFiles.map((f) => f.replace(/\.(mcp|agent)\.jsonl$/, '')))];
  async function open(run: string) {
    const store = new TraceStore(bundledPrices());
    for (const plane of ['mcp', 'agent']) {
      const file = `${run}.${plane}.jsonl`;
      if (realTraceFiles.includes(file)) await ingest(store, new FileSource(file));
    }
    return store;
  }

  it('every seventh record marked, kept as JSON, found again on the same records in the next run', async () => {
    expect(runs.length).toBeGreaterThanOrEqual(12);
    for (const run of runs) {
      const before = await open(run);
      const rows = [...Array(before.count).keys()].filter((r) => r % 7 === 3);
      const kept = JSON.parse(JSON.stringify(refsOf(before, rows)));
      const after = await open(run);
      const found = findMarks(after, kept, 0);
      expect(found.left, run).toEqual([]);
      expect(found.rows, run).toEqual(rows);
      for (const r of found.rows)
        expect([after.fileOf(r), after.lineOf(r)]).toEqual([before.fileOf(r), before.lineOf(r)]);
    }
  });
});

describe('marks in the state', () => {
  it('m marks and unmarks; marks kept from before are added; a file read again drops them', () => {
    let s = reduce(initialState(), { type: 'marks.toggle', row: 4 });
    s = reduce(s, { type: 'marks.toggle', row: 7 });
    expect([...s.marks]).toEqual([4, 7]);
    s = reduce(s, { type: 'marks.toggle', row: 4 });
    expect([...s.marks]).toEqual([7]);
    const added = reduce(s, { type: 'marks.add', rows: [1, 7] });
    expect([...added.marks].sort()).toEqual([1, 7]);
    // Nothing new: the same state (no write of the marks file).
    expect(reduce(added, { type: 'marks.add', rows: [1] })).toBe(added);
    const counts = { calls: 1, turns: 1, usage: 0, events: 10, timeline: 0 };
    expect(reduce(added, { type: 'reset', counts, height: 5 }).marks.size).toBe(0);
  });
});
