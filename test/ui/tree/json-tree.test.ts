import { describe, expect, it } from 'vitest';
import { JsonTable, jqKey, NodeKind } from '../../../src/ui/tree/json-tree.js';
import { deepText } from '../../helpers/deep-traces.js';

describe('the JSON node table', () => {
  it('numbers nodes in pre-order with parent, depth, size, count, last child and previous sibling', () => {
    const t = JsonTable.parse('{"a": [1, "x", {"b": null}], "c": {}, "d": true}')!;
    // {, a:[, 1, "x", {, b:null, c:{}, d:true
    expect(t.n).toBe(8);
    expect(Array.from(t.kind.slice(0, t.n))).toEqual([
      NodeKind.object,
      NodeKind.array,
      NodeKind.number,
      NodeKind.string,
      NodeKind.object,
      NodeKind.literal,
      NodeKind.object,
      NodeKind.literal,
    ]);
    expect(Array.from(t.parent.slice(0, t.n))).toEqual([-1, 0, 1, 1, 1, 4, 0, 0]);
    expect(Array.from(t.depth.slice(0, t.n))).toEqual([0, 1, 2, 2, 2, 3, 1, 1]);
    expect(Array.from(t.size.slice(0, t.n))).toEqual([8, 5, 1, 1, 2, 1, 1, 1]);
    expect(Array.from(t.count.slice(0, t.n))).toEqual([3, 3, 0, 0, 1, 0, 0, 0]);
    expect(t.last[0]).toBe(7);
    expect(t.last[1]).toBe(4);
    expect(Array.from(t.prev.slice(0, t.n))).toEqual([-1, -1, -1, 2, 3, -1, 1, 6]);
    expect([t.keyOf(1), t.keyOf(2), t.keyOf(5), t.keyOf(7)]).toEqual(['a', null, 'b', 'd']);
    expect(t.rawOf(3)).toBe('"x"');
  });

  it('keeps numbers as written and decodes escaped keys and strings', () => {
    const t = JsonTable.parse('{"id": 123456789012345678901234567890, "a\\u0062": "x\\ny", "f": 1.0}')!;
    expect(t.rawOf(1)).toBe('123456789012345678901234567890');
    expect(t.keyOf(2)).toBe('ab');
    expect(t.stringOf(2)).toEqual({ text: 'x\ny', all: true });
    expect(t.rawOf(3)).toBe('1.0');
  });

  it('decodes the head of a long string without cutting an escape', () => {
    const t = JsonTable.parse(JSON.stringify(`${'a'.repeat(9)}\n${'b'.repeat(100)}`))!;
    for (let max = 5; max < 15; max++) {
      const s = t.stringOf(0, max);
      expect(s.all).toBe(false);
      expect(`${'a'.repeat(9)}\n${'b'.repeat(100)}`.startsWith(s.text)).toBe(true);
    }
  });

  it.each([
    '',
    '{',
    '{"a" 1}',
    '{"a": 1,}',
    '[1 2]',
    '[1,]',
    '{"a": tru}',
    '"open',
    '[1]]',
    '{"a": 1} x',
    '01',
    '{1: 2}',
  ])('refuses what is not one JSON value: %j', (text) => {
    expect(JsonTable.parse(text)).toBeNull();
  });

  it('reads 100,000 levels without recursion', () => {
    const t = JsonTable.parse(deepText(100_000))!;
    expect(t.n).toBe(100_001);
    expect(t.depth[100_000]).toBe(100_000);
    expect(t.size[0]).toBe(100_001);
  });

  it('writes keys in jq syntax, quoting what is no identifier', () => {
    expect(['a', '_x1', 'a-b', '1a', '', 'a b', 'é', 'a"b', '\u001b[2J'].map(jqKey)).toEqual([
      '.a',
      '._x1',
      '."a-b"',
      '."1a"',
      '.""',
      '."a b"',
      '."é"',
      '."a\\"b"',
      '."\\u001b[2J"',
    ]);
  });

  // How fast is the bench's to measure (npm run bench, the detail tree rows), not a test's.
  it('scans a 20 MB result into its nodes', () => {
    const items = Array.from({ length: 62_000 }, (_, i) => ({
      id: i,
      name: `item ${i}`,
      tags: ['a', 'b'],
      text: 'lorem ipsum '.repeat(20),
      nested: { ok: true, n: null },
    }));
    const text = JSON.stringify({ result: { content: [{ type: 'text', text: 'x' }], items } });
    expect(text.length).toBeGreaterThan(20_000_000);
    const t = JsonTable.parse(text)!;
    // The document, result, content, its one item and that item's two fields, items, and 10 nodes per item.
    expect(t.n).toBe(1 + 1 + 1 + 1 + 2 + 1 + 62_000 * 10);
  });
});
