import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { alignSteps, lcsSteps, ordinalSteps } from '../../src/kit/align.js';
import { FileSource } from '../../src/sources/file-source.js';
import { diffStores } from '../../src/store/diff.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { insertedPair } from '../helpers/inserted-call.js';
import { at, storeOf } from '../helpers/store.js';

/** A recording of tools/call pairs: [tool, args, result text] each. */
function recording(calls: [string, object, string][], name = 'x.jsonl', error?: number) {
  return storeOf(
    calls.flatMap(([tool, args, text], k) => [
      {
        t: at(k * 100),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: k + 1, method: 'tools/call', params: { name: tool, arguments: args } },
      },
      {
        t: at(k * 100 + 10 + k),
        dir: 'out',
        raw:
          error === k
            ? { jsonrpc: '2.0', id: k + 1, error: { code: -32000, message: 'boom' } }
            : { jsonrpc: '2.0', id: k + 1, result: { content: [{ type: 'text', text }] } },
      },
    ]),
    undefined,
    name,
  );
}

const rows = (doc: ReturnType<typeof diffStores>) => doc.calls.map((c) => [c.aOrdinal, c.bOrdinal, c.status, c.tool]);
const calls = (n: number, tool = 'read'): [string, object, string][] =>
  Array.from({ length: n }, (_, i) => [tool, { path: `/f${i}` }, `text ${i}`]);

describe('diff aligns calls, not positions', () => {
  it('one inserted call is one added-in-B row, every later call the same', () => {
    const a = calls(8);
    const b = [...a.slice(0, 3), ['search', { q: 'new' }, 'hit'] as [string, object, string], ...a.slice(3)];
    const doc = diffStores(recording(a), recording(b));
    expect(doc.calls.filter((c) => c.status !== 'same').map((c) => [c.bOrdinal, c.status, c.tool])).toEqual([
      [4, 'added in B', 'search'],
    ]);
    expect(doc.calls).toHaveLength(9);
    expect(doc.calls[3]).toMatchObject({ ordinal: 4, aOrdinal: null, bOrdinal: 4, aLine: null, bLine: 7 });
    // After it, A's call i is B's call i + 1, and the same.
    expect(doc.calls.slice(4).map((c) => [c.aOrdinal, c.bOrdinal, c.status])).toEqual(
      [4, 5, 6, 7, 8].map((i) => [i, i + 1, 'same']),
    );
  });

  it('one removed call is one removed-from-B row', () => {
    const a = calls(6);
    const doc = diffStores(recording(a), recording([...a.slice(0, 2), ...a.slice(3)]));
    expect(rows(doc)).toEqual([
      [1, 1, 'same', 'read'],
      [2, 2, 'same', 'read'],
      [3, null, 'removed from B', 'read'],
      [4, 3, 'same', 'read'],
      [5, 4, 'same', 'read'],
      [6, 5, 'same', 'read'],
    ]);
  });

  it('a moved call is removed where it was and added where it went; the rest stay the same', () => {
    const a = calls(5);
    const doc = diffStores(recording(a), recording([...a.slice(1, 4), a[0]!, a[4]!]));
    expect(doc.calls.filter((c) => c.status !== 'same').map((c) => [c.aOrdinal, c.bOrdinal, c.status])).toEqual([
      [1, null, 'removed from B'],
      [null, 4, 'added in B'],
    ]);
    expect(doc.calls.filter((c) => c.status === 'same')).toHaveLength(4);
  });

  it('a duplicated identical call: exactly one added, the copies on both sides the same', () => {
    const x: [string, object, string] = ['list', { dir: '/' }, 'a b'];
    const y: [string, object, string] = ['read', { path: '/a' }, 'A'];
    const doc = diffStores(recording([x, x, y, x]), recording([x, x, x, y, x]));
    expect(doc.calls.map((c) => c.status).sort()).toEqual(['added in B', 'same', 'same', 'same', 'same']);
    expect(doc.calls.find((c) => c.status === 'added in B')!.tool).toBe('list');
  });

  it('falls back to (method, tool) between matches when arguments changed: changed args, not removed + added', () => {
    const a = calls(5);
    const b = a.map((c, i): [string, object, string] => (i === 2 ? ['read', { path: '/other' }, 'text 2'] : c));
    const doc = diffStores(recording(a), recording(b));
    expect(rows(doc)[2]).toEqual([3, 3, 'changed args', 'read']);
    expect(doc.calls[2]).toMatchObject({
      path: '.params.arguments.path',
      aValue: '"/f2"',
      bValue: '"/other"',
      detail: '.params.arguments.path: "/f2" → "/other"',
    });
    expect(doc.calls.filter((c) => c.status === 'same')).toHaveLength(4);
    // Changed arguments next to an inserted call of another tool: still paired by tool.
    const c = [...b.slice(0, 2), ['search', { q: 1 }, 'x'] as [string, object, string], ...b.slice(2)];
    expect(rows(diffStores(recording(a), recording(c))).slice(2, 4)).toEqual([
      [null, 3, 'added in B', 'search'],
      [3, 4, 'changed args', 'read'],
    ]);
  });

  it('--by ordinal keeps matching call i with call i, a tool change included', () => {
    const a = calls(4);
    const b = [...a.slice(0, 1), ['search', { q: 'new' }, 'hit'] as [string, object, string], ...a.slice(1)];
    const doc = diffStores(recording(a), recording(b), 'ordinal');
    expect(doc.by).toBe('ordinal');
    expect(doc.calls.map((c) => [c.ordinal, c.aOrdinal, c.bOrdinal, c.status, c.detail])).toEqual([
      [1, 1, 1, 'same', ''],
      [2, 2, 2, 'changed args', '.params.name: "read" → "search"'],
      [3, 3, 3, 'changed args', '.params.arguments.path: "/f2" → "/f1"'],
      [4, 4, 4, 'changed args', '.params.arguments.path: "/f3" → "/f2"'],
      [5, null, 5, 'added in B', ''],
    ]);
    expect(diffStores(recording(a), recording(b)).by).toBe('calls');
  });

  it('says ok→error and the latency change in their own fields', () => {
    const a = recording(calls(3));
    const b = recording(calls(3), 'b.jsonl', 1);
    const row = diffStores(a, b).calls[1]!;
    expect(row).toMatchObject({
      status: 'changed result',
      aStatus: 'ok',
      bStatus: 'error',
      statusChange: 'ok→error',
      path: '.error',
      aValue: '(absent)',
      bValue: '{"code":-32000,"message":"boom"}',
    });
    expect(diffStores(b, a).calls[1]!.statusChange).toBe('error→ok');
    expect(diffStores(a, a).calls.every((c) => c.statusChange === null && c.latencyDeltaMs === 0)).toBe(true);
    // Latency: request at k·100, response 10 + k ms later in `recording`; here B answers 340 ms later.
    const slow = storeOf([
      {
        t: at(0),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read', arguments: { path: '/f0' } } },
      },
      {
        t: at(350),
        dir: 'out',
        raw: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'text 0' }] } },
      },
    ]);
    expect(diffStores(recording(calls(1)), slow).calls[0]).toMatchObject({
      status: 'same',
      aLatencyMs: 10,
      bLatencyMs: 350,
      latencyDeltaMs: 340,
      statusChange: null,
    });
  });
});

describe('the first differing path, in jq syntax, and both values', () => {
  const one = (args: object, text: string | object) =>
    storeOf([
      {
        t: at(0),
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: args } },
      },
      {
        t: at(5),
        dir: 'out',
        raw: { jsonrpc: '2.0', id: 1, result: typeof text === 'string' ? { content: [{ type: 'text', text }] } : text },
      },
    ]);

  it.each([
    [{ a: [1, [2, 3]] }, { a: [1, [2, 4]] }, '.params.arguments.a[1][1]', '3', '4'],
    [{ 'odd key': 1 }, { 'odd key': 2 }, '.params.arguments."odd key"', '1', '2'],
    [{ 'say "hi"\\': { x: 1 } }, { 'say "hi"\\': { x: 2 } }, '.params.arguments."say \\"hi\\"\\\\".x', '1', '2'],
    [{ '1st': true }, { '1st': false }, '.params.arguments."1st"', 'true', 'false'],
    [{ list: [1, 2] }, { list: [1, 2, 3] }, '.params.arguments.list[2]', '(absent)', '3'],
    [{ k: 1 }, {}, '.params.arguments.k', '1', '(absent)'],
  ])('args %j → %j: %s', (argsA, argsB, path, va, vb) => {
    expect(diffStores(one(argsA, 'x'), one(argsB, 'x')).calls[0]).toMatchObject({
      status: 'changed args',
      path,
      aValue: va,
      bValue: vb,
    });
  });

  it('a long result text shows both values from just before where they differ, not the shared start', () => {
    const base = `# Bitcoin\n\n${'The genesis block was mined by Satoshi Nakamoto. '.repeat(4)}Genesis date: `;
    const row = diffStores(one({}, `${base}2009-01-03.`), one({}, `${base}2009-01-09.`)).calls[0]!;
    expect(row.path).toBe('.result.content[0].text');
    expect(row.aValue).toBe('"…01-03."');
    expect(row.bValue).toBe('"…01-09."');
    expect(row.detail).toBe('.result.content[0].text: "…01-03." → "…01-09."');
  });

  it('a nested result array of another length: the first element only one side has', () => {
    const row = diffStores(one({}, { items: [{ id: 1 }, { id: 2 }] }), one({}, { items: [{ id: 1 }] })).calls[0]!;
    expect(row).toMatchObject({ path: '.result.items[1]', aValue: '{"id":2}', bValue: '(absent)' });
  });
});

describe('the alignment itself', () => {
  it('matches a longest common subsequence, and says when it gave up', () => {
    expect(lcsSteps([1, 2, 3, 4], [1, 3, 4, 5])).toEqual([
      [0, 0],
      [1, -1],
      [2, 1],
      [3, 2],
      [-1, 3],
    ]);
    expect(lcsSteps([1, 2, 3], [4, 5, 6], 4)).toBeNull();
    const bounded = alignSteps([0, 1, 2, 3, 9], [0, 5, 6, 7, 8, 9], 2);
    expect(bounded.bounded).toBe(true);
    expect(bounded.steps).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [-1, 4],
      [4, 5],
    ]);
    expect(ordinalSteps(2, 3)).toEqual([
      [0, 0],
      [1, 1],
      [-1, 2],
    ]);
  });

  it('past the bound, diff says so and matches the differing stretch by ordinal', () => {
    const a = recording(calls(60));
    const b = recording(calls(60).map(([t, args, text]) => [t, { ...args, v: 2 }, text] as [string, object, string]));
    expect(diffStores(a, b).note).toBeNull();
    const doc = diffStores(a, b, 'calls', { maxEdits: 50 });
    expect(doc.note).toMatch(/^more than 50 calls differ/);
    expect(doc.calls).toHaveLength(60);
    expect(doc.calls.every((c) => c.status === 'changed args' && c.aOrdinal === c.bOrdinal)).toBe(true);
  });
});

describe('a real trace and the same with one call inserted (issue 18)', () => {
  async function load(path: string) {
    const store = new TraceStore(bundledPrices());
    await ingest(store, new FileSource(path));
    return store;
  }

  it('is one added-in-B row; by ordinal it was most of the calls', async () => {
    const pair = insertedPair();
    const a = await load(pair.a);
    const b = await load(pair.b);
    const doc = diffStores(a, b);
    expect(pair.calls).toBe(68);
    expect(doc.calls).toHaveLength(69);
    expect(doc.calls.filter((c) => c.status !== 'same').map((c) => [c.status, c.bOrdinal, c.bLine, c.tool])).toEqual([
      ['added in B', pair.insertedOrdinal, pair.insertedLine, pair.tool],
    ]);
    expect(doc.calls.filter((c) => c.status === 'same')).toHaveLength(68);
    const byOrdinal = diffStores(a, b, 'ordinal');
    expect(byOrdinal.calls.filter((c) => c.status !== 'same').length).toBeGreaterThan(30);
  });
});
