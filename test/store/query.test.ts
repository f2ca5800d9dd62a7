import { describe, expect, it } from 'vitest';
import { aggregateRows } from '../../src/store/aggregates.js';
import { applyFilter, textMatches } from '../../src/store/query.js';
import { linesContaining, linesContainingSoon, MAX_FUZZY_ERRORS, search } from '../../src/store/search.js';
import { modelsOf, toolsOf } from '../../src/store/stats.js';
import { parseFilter } from '../../src/trace/filter.js';
import { demoStore } from '../helpers/demo.js';
import { at, storeOf, T0 } from '../helpers/store.js';

const DEMO_START = Date.parse('2026-11-20T14:00:00.000Z');
const run = (store: ReturnType<typeof storeOf>, expr: string) =>
  applyFilter(
    store,
    parseFilter(expr)!,
    DEMO_START,
    store.files.map(() => 'demo-filesystem'),
  );
const lines = (store: ReturnType<typeof storeOf>, expr: string) => [
  ...new Set([...run(store, expr).rows].map((r) => store.lineOf(r))),
];

describe('applyFilter', () => {
  const s = demoStore();

  it('keeps whole calls: status:error keeps failing requests with their responses, isError included', () => {
    expect(lines(s, 'status:error')).toEqual([24, 25, 27, 28]);
  });

  it('filters by method, tool glob, dir, and negation keeps records without the field', () => {
    expect(lines(s, 'method:tools/list')).toEqual([5, 6]);
    expect(lines(s, 'tool:read_*')).toEqual([15, 16, 19, 20, 27, 28]); // the turn that uses it, the calls, the turn with its result
    expect(lines(s, 'dir:out method:sampling/*')).toEqual([17, 18]);
    const all = run(s, 'status:ok').count + run(s, '-status:ok').count;
    expect(all).toBe(s.count);
  });

  it('filters turns by model and role, events by kind', () => {
    expect(lines(s, 'model:gpt-4o*')).toEqual([23]);
    expect(lines(s, 'role:user -tool:*')).toEqual([7, 22]);
    expect(lines(s, 'kind:llm.*')).toEqual([8, 21]);
    expect(lines(s, 'kind:llm.error')).toEqual([21]);
  });

  it('compares latency in ms or s, on whole calls', () => {
    expect(lines(s, 'latency:>1s')).toEqual([16, 17, 18, 19]);
    expect(lines(s, 'latency:<=40 method:tools/call')).toEqual([27, 28]);
  });

  it('takes since/until as offsets from the start or ISO times', () => {
    expect(lines(s, 'since:13s dir:in')).toEqual([31, 32]);
    // Responses come with their requests (a call is one unit).
    expect(lines(s, `until:${new Date(DEMO_START + 1000).toISOString()} dir:in`)).toEqual([2, 3, 4, 5, 6]);
  });

  it('matches bare words against the raw line, smart case', () => {
    // Line 24 is the request whose response (25) says EACCES: one unit.
    expect(lines(s, 'EACCES')).toEqual([24, 25, 26]);
    expect(lines(s, 'eacces')).toEqual([24, 25, 26]);
    expect(lines(s, 'Eacces')).toEqual([]);
    expect(lines(s, '日本語')).toEqual([29]);
    expect(lines(s, '"not json"')).toEqual([]);
  });
});

describe('textMatches', () => {
  const rowsOf = (store: ReturnType<typeof storeOf>, needle: string) =>
    [...textMatches(store, needle, needle !== needle.toLowerCase())].flatMap((m, i) => (m ? [i + 1] : []));

  it('smart case: lower case finds any case, ASCII or not; a capital makes it exact', () => {
    const store = storeOf([
      '{"dir":"in","raw":{"method":"Café DÉJÀ"}}',
      '{"dir":"in","raw":{"method":"CAFE déjà"}}',
      '{"dir":"in","raw":{"method":"cafe"}}',
      // 㩀 is E3 A9 80 in UTF-8: read as Latin-1 text and folded, it would hold "é" (C3 A9).
      '{"dir":"in","raw":{"method":"㩀"}}',
    ]);
    expect(rowsOf(store, 'cafe')).toEqual([2, 3]);
    expect(rowsOf(store, 'Cafe')).toEqual([]);
    expect(rowsOf(store, 'café')).toEqual([1]);
    expect(rowsOf(store, 'déjà')).toEqual([1, 2]);
    expect(rowsOf(store, 'DÉJÀ')).toEqual([1]);
    expect(rowsOf(store, 'é')).toEqual([1, 2]);
    expect(rowsOf(store, '㩀')).toEqual([4]);
  });

  it('folds only ASCII letters when the needle has no other cased letter (its other bytes as they are)', () => {
    const store = storeOf([
      '{"dir":"in","raw":{"method":"X中 one"}}',
      '{"dir":"in","raw":{"method":"x中 two"}}',
      // Ä is C3 84 and ä C3 A4: a Latin-1 fold would take one for the other.
      '{"dir":"in","raw":{"method":"xÄ"}}',
    ]);
    expect(rowsOf(store, 'x中')).toEqual([1, 2]);
    expect(rowsOf(store, 'X中')).toEqual([1]);
    expect(rowsOf(store, 'xä')).toEqual([3]);
    expect(rowsOf(store, 'xä ')).toEqual([]);
  });

  it('takes a needle longer than a RegExp may be (V8 refuses ~40,000 characters)', () => {
    const long = 'x'.repeat(60_000);
    const store = storeOf([
      `{"dir":"in","raw":{"method":"${long.toUpperCase()}"}}`,
      `{"dir":"in","raw":{"method":"${long.slice(1)}"}}`,
      `{"dir":"in","raw":{"method":"é${long}"}}`,
    ]);
    expect(rowsOf(store, long)).toEqual([1, 3]);
    expect(rowsOf(store, `é${long}`)).toEqual([3]);
    expect(rowsOf(store, `É${long}`)).toEqual([]);
  });
});

describe('filtered aggregates', () => {
  it('recompute usage for the kept rows only', () => {
    const s = storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        model: 'a',
        blocks: [],
        usage: { input_tokens: 10, output_tokens: 1 },
      },
      {
        t: at(1),
        type: 'turn',
        role: 'assistant',
        model: 'b',
        blocks: [],
        usage: { input_tokens: 20, output_tokens: 2 },
      },
      { t: at(2), dir: 'in', raw: { id: 1, method: 'tools/call', params: { name: 'x' } } },
      { t: at(9), dir: 'out', raw: { id: 1, result: { isError: true } } },
    ]);
    const r = applyFilter(s, parseFilter('-model:a')!, T0, ['t']);
    const agg = aggregateRows(s, r.rows);
    expect(modelsOf(agg, s.prices)!.perModel.map((m) => [m.model, m.inputTokens])).toEqual([['b', 20]]);
    expect(toolsOf(agg, false)).toEqual([
      { name: 'x', calls: 1, errors: 1, p50Ms: 7, p95Ms: 7, origin: 'mcp', pending: 0, maxMs: 7 },
    ]);
  });
});

describe('search', () => {
  it('finds rows by method, tool, model or error text, best match first', () => {
    const s = demoStore();
    const list = { length: s.count, at: (i: number) => i };
    const r = search(s, list, 'write_file');
    expect(r.positions.map((i) => s.lineOf(i))).toEqual([24, 25]);
    expect(s.lineOf(r.best)).toBe(24);
    expect(search(s, list, 'EACCES permission').positions.length).toBeGreaterThan(0);
    expect(search(s, list, 'zzzzqqq').positions).toEqual([]);
    // Text of the raw lines (smart case) joins below every fuzzy match.
    const words = search(s, list, 'retries', linesContaining(s, 'retries'));
    // Calls are units: a request whose response says it (16, 17) and a response of a request that does (25).
    expect(words.positions.map((i) => s.lineOf(i))).toEqual([16, 17, 18, 19, 20, 23, 24, 25]);
    expect(linesContaining(s, 'RETRIES').some((x) => x === 1)).toBe(false);
    expect(search(s, list, '  ').best).toBe(-1);
  });
});

describe('search of many error texts', () => {
  it('scores the first MAX_FUZZY_ERRORS distinct texts fuzzily; the rest are found as text', () => {
    // Each call fails with a text of its own; the last one is past the fuzzy ones.
    const n = MAX_FUZZY_ERRORS + 10;
    const lines: object[] = [];
    for (let i = 0; i < n; i++) {
      lines.push({ t: at(i), dir: 'in', raw: { id: i, method: 'tools/call', params: { name: 't' } } });
      const text = i === n - 1 ? 'quokka overflow' : i === 3 ? 'wombat overflow' : `failure number ${i}`;
      lines.push({
        t: at(i),
        dir: 'out',
        raw: { id: i, result: { isError: true, content: [{ type: 'text', text }] } },
      });
    }
    const s = storeOf(lines);
    const list = { length: s.count, at: (i: number) => i };
    const lineOfLast = 2 * n;
    // Fuzzy: a text among the first (with a gap between the letters, which text search would miss).
    expect(search(s, list, 'wmbt').positions.map((i) => s.lineOf(i))).toContain(7);
    // Past them: not scored fuzzily, still found by its words (the request and its response, one unit).
    expect(search(s, list, 'qkk').positions).toEqual([]);
    expect(search(s, list, 'quokka', linesContaining(s, 'quokka')).positions.map((i) => s.lineOf(i))).toEqual([
      lineOfLast - 1,
      lineOfLast,
    ]);
  });
});

describe('search of a long query', () => {
  it('scores past 256 characters as text only (a paste: fuzzy scoring cost 160 ms a key)', () => {
    const long = 'read_file'.repeat(40);
    const s = storeOf([{ dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: long } } }]);
    const list = { length: 1, at: () => 0 };
    expect(search(s, list, long.slice(0, 256)).positions).toEqual([0]);
    expect(search(s, list, long).positions).toEqual([]);
    expect(search(s, list, long, linesContaining(s, long)).positions).toEqual([0]);
  });
});

describe('linesContainingSoon', () => {
  // More rows than one step scans, so the scan is cut into several.
  const store = storeOf(
    Array.from({ length: 20_000 }, (_, i) => ({
      t: at(i),
      dir: 'in',
      raw: { method: i % 7 === 0 ? `Retry ${i}` : i % 5 === 0 ? `retry ${i}` : 'ping' },
    })),
  );
  it.each(['retry', 'Retry', 'ping', '1999', 'absent'])('finds the rows the whole scan finds: %s', async (q) => {
    const soon = await linesContainingSoon(store, q, () => false);
    expect(soon).toEqual(textMatches(store, q, q !== q.toLowerCase()));
  });
  it('gives nothing once cancelled', async () => {
    let steps = 0;
    expect(await linesContainingSoon(store, 'pin', () => ++steps > 1)).toBeNull();
  });
});
