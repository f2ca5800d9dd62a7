import { describe, expect, it } from 'vitest';
import { diffStores, outcomeOf } from '../../src/store/diff.js';
import { at, storeOf } from '../helpers/store.js';

const call = (id: number, name: string, args: object, result: object, ms = id * 10) => [
  { t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } } },
  { t: at(ms + 5), dir: 'out', raw: { jsonrpc: '2.0', id, ...result } },
];

describe('diff: what each aligned call is', () => {
  it('tells same, changed args, changed result, added and removed apart, ignoring key order', () => {
    const a = storeOf(
      [
        ...call(1, 'read', { path: '/a', mode: 'r' }, { result: { content: [{ type: 'text', text: 'x' }] } }),
        ...call(2, 'read', { path: '/b' }, { result: { content: [] } }),
        ...call(3, 'list', {}, { result: { items: [1] } }),
        ...call(4, 'gone', {}, { result: {} }),
      ],
      undefined,
      'a.jsonl',
    );
    const b = storeOf(
      [
        ...call(7, 'read', { mode: 'r', path: '/a' }, { result: { content: [{ text: 'x', type: 'text' }] } }),
        ...call(8, 'read', { path: '/c' }, { result: { content: [] } }),
        ...call(9, 'list', {}, { error: { code: -1, message: 'boom' } }),
      ],
      undefined,
      'b.jsonl',
    );
    const doc = diffStores(a, b);
    expect(doc.same).toBe(false);
    expect(doc.calls.map((c) => [c.ordinal, c.status, c.tool, c.aLine, c.bLine, c.detail])).toEqual([
      [1, 'same', 'read', 1, 1, ''],
      [2, 'changed args', 'read', 3, 3, '.params.arguments.path: "/b" → "/c"'],
      [3, 'changed result', 'list', 5, 5, '.error: (absent) → {"code":-1,"message":"boom"}'],
      [4, 'removed from B', 'gone', 7, null, ''],
    ]);
    expect(diffStores(b, a).calls[3]!.status).toBe('added in B');
    expect(diffStores(a, a).same).toBe(true);
  });

  it('compares tool_use/tool_result pairs when a trace has no MCP calls', () => {
    const turns = (text: string) => [
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        blocks: [{ type: 'tool_use', id: 'u1', name: 'Read', input: { p: 1 } }],
      },
      { t: at(5), type: 'turn', role: 'user', blocks: [{ type: 'tool_result', tool_use_id: 'u1', content: text }] },
    ];
    expect(diffStores(storeOf(turns('one')), storeOf(turns('two'))).calls[0]).toMatchObject({
      status: 'changed result',
      detail: '.content: "one" → "two"',
    });
  });
});

describe("a tool_result's outcome, as the side by side shows it", () => {
  const run = (result: object) =>
    storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        blocks: [{ type: 'tool_use', id: 'u1', name: 'search', input: { q: 'a' } }],
      },
      { t: at(1000), type: 'turn', role: 'user', blocks: [{ type: 'tool_result', tool_use_id: 'u1', ...result }] },
    ]);

  it('holds is_error only when the file does, and two alike are the same', () => {
    const a = run({ content: 'ok' });
    const pair = a.pairs.get(0);
    expect(outcomeOf(a, pair)).toEqual({ content: 'ok' });
    expect(diffStores(a, run({ content: 'ok' })).same).toBe(true);
    const b = run({ content: 'ok', is_error: false });
    expect(outcomeOf(b, b.pairs.get(0))).toEqual({ content: 'ok', is_error: false });
  });
});
