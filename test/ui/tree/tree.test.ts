import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { lineText } from '../../../src/ui/format/segments.js';
import { textBlock } from '../../../src/ui/format/text-block.js';
import { nodeLines, pathLine, preview } from '../../../src/ui/format/tree-lines.js';
import { Flag, hasFlag, indexOf, ROOT, refOf } from '../../../src/ui/tree/forest.js';
import { JsonTable, NodeKind } from '../../../src/ui/tree/json-tree.js';
import { treeMatches, treeMatchSteps } from '../../../src/ui/tree/tree-search.js';
import {
  foldOrParent,
  foldToDepth,
  goTo,
  initialTree,
  linesOf,
  move,
  scroll,
  type TreeFrame,
  type TreeState,
  toEnd,
  toggle,
  toggleJson,
  toggleRaw,
  treeWindow,
  unfold,
  whyNotJson,
  whyNotRaw,
  whyNotToggle,
} from '../../../src/ui/tree/tree-state.js';
import { deepText } from '../../helpers/deep-traces.js';
import { forestOf, frameOf, twelveLevelRecord } from '../../helpers/tree.js';

const RECORD = JSON.stringify({
  t: '2026-05-12T23:00:02.000Z',
  raw: {
    id: 7,
    result: {
      content: [
        { type: 'text', text: '{"items": [1, 2, 3], "a-b": {"c": true}}' },
        { type: 'text', text: 'line one\nline two' },
      ],
      'a-b': { '': 1, 'x y': 2, 'q"uote': 3, '\u001b[2J': 4 },
      list: Array.from({ length: 340 }, (_, i) => i),
      keys: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i])),
      one: { only: null },
      single: ['x'],
      empty: {},
    },
  },
});

const f = frameOf(forestOf({ response: RECORD }), 80, 20);
/** The node at a jq path (by walking the shown tree with every fold open). */
function at(frame: TreeFrame, path: string, t: TreeState = initialTree()): number {
  for (let r = ROOT; r >= 0; r = frame.forest.nextVisible(r, t.flags)) if (frame.forest.path(r) === path) return r;
  throw new Error(`no node at ${path}`);
}
const text = (frame: TreeFrame, t: TreeState, ref: number) => linesOf(frame, t.flags, ref).map(lineText);
const cursorAt = (frame: TreeFrame, path: string, t: TreeState = initialTree()): TreeState => ({
  ...t,
  cursor: at(frame, path, t),
});

describe('the tree: paths, previews, folds', () => {
  it('writes each node’s path in jq syntax, quoting keys that are no identifiers as jq does', () => {
    const paths: string[] = [];
    for (let r = ROOT; r >= 0; r = f.forest.nextVisible(r, initialTree().flags)) paths.push(f.forest.path(r));
    expect(paths.slice(0, 8)).toEqual([
      '.',
      '.response',
      '.response.t',
      '.response.raw',
      '.response.raw.id',
      '.response.raw.result',
      '.response.raw.result.content',
      '.response.raw.result.content[0]',
    ]);
    expect(paths).toContain('.response.raw.result.content[1].text');
    expect(paths).toContain('.response.raw.result."a-b".""');
    expect(paths).toContain('.response.raw.result."a-b"."x y"');
    expect(paths).toContain('.response.raw.result."a-b"."q\\"uote"');
    expect(paths).toContain('.response.raw.result."a-b"."\\u001b[2J"');
    expect(paths).toContain('.response.raw.result.list[339]');
  });

  it('shows the path line inert, its start cut when it is too long', () => {
    const odd = at(f, '.response.raw.result."a-b"."\\u001b[2J"');
    expect(lineText(pathLine(f.forest, odd, 80))).toBe(' .response.raw.result."a-b"."\\u001b[2J"');
    const cut = lineText(pathLine(f.forest, odd, 24));
    expect(cut).toMatch(/^ …[^.]*\."a-b"\."\\u001b\[2J"$/);
    expect(stringWidth(cut)).toBeLessThanOrEqual(24);
  });

  it('previews a folded node by its count: keys, items, one of each', () => {
    expect([
      preview(NodeKind.object, 12),
      preview(NodeKind.array, 340),
      preview(NodeKind.object, 1),
      preview(NodeKind.array, 1),
    ]).toEqual(['{…} 12 keys', '[…] 340 items', '{…} 1 key', '[…] 1 item']);
    let t = cursorAt(f, '.response.raw.result.list');
    t = toggle(f, t);
    expect(text(f, t, t.cursor)).toEqual(['      "list": […] 340 items']);
    t = toggle(f, cursorAt(f, '.response.raw.result.keys', t));
    expect(text(f, t, t.cursor)).toEqual(['      "keys": {…} 12 keys']);
    expect(text(f, t, at(f, '.response.raw.result.empty'))).toEqual(['      "empty": {}']);
  });

  it('Space folds and unfolds; h folds, then goes to the parent; → unfolds', () => {
    let t = cursorAt(f, '.response.raw.result.one');
    t = foldOrParent(f, t);
    expect(hasFlag(t.flags, t.cursor, Flag.folded)).toBe(true);
    t = foldOrParent(f, t);
    expect(f.forest.path(t.cursor)).toBe('.response.raw.result');
    t = cursorAt(f, '.response.raw.result.one', t);
    t = unfold(f, t);
    expect(hasFlag(t.flags, t.cursor, Flag.folded)).toBe(false);
    t = toggle(f, toggle(f, t));
    expect(hasFlag(t.flags, t.cursor, Flag.folded)).toBe(false);
    // A number cannot fold, and says so; h there goes to its parent.
    const n = cursorAt(f, '.response.raw.id');
    expect(whyNotToggle(f, n)).toBe('a number or literal has nothing to fold');
    expect(f.forest.path(foldOrParent(f, n).cursor)).toBe('.response.raw');
    expect(whyNotToggle(f, initialTree())).toMatch(/top stays open/);
  });

  it('1–9 fold every container at that depth and below, z is 1, Z unfolds all; a folded-away cursor goes up', () => {
    const deepest = cursorAt(f, '.response.raw.result."a-b".""');
    const two = foldToDepth(f, deepest, 2);
    expect(f.forest.path(two.cursor)).toBe('.response.raw');
    const shown = (t: TreeState) => {
      const out: string[] = [];
      for (let r = ROOT; r >= 0; r = f.forest.nextVisible(r, t.flags)) out.push(f.forest.path(r));
      return out;
    };
    expect(shown(two)).toEqual(['.', '.response', '.response.t', '.response.raw']);
    expect(text(f, two, two.cursor)).toEqual(['  "raw": {…} 2 keys']);
    const z = foldToDepth(f, initialTree(), 1);
    expect(shown(z)).toEqual(['.', '.response']);
    // Unfolding one level shows the next one folded.
    const opened = unfold(f, { ...z, cursor: at(f, '.response', z) });
    expect(shown(opened)).toEqual(['.', '.response', '.response.t', '.response.raw']);
    expect(shown(foldToDepth(f, z, null))).toEqual(shown(initialTree()));
    expect(shown(foldToDepth(f, initialTree(), 4))).toContain('.response.raw.result.content');
    expect(shown(foldToDepth(f, initialTree(), 4))).not.toContain('.response.raw.result.content[0]');
  });
});

describe('the tree: strings, raw, JSON inside', () => {
  it('shows a string with newlines unescaped under its key; r shows its JSON literal and back', () => {
    let t = cursorAt(f, '.response.raw.result.content[1].text');
    expect(text(f, t, t.cursor)).toEqual([
      '          "text": "…" 17 chars',
      '            line one',
      '            line two',
    ]);
    expect(whyNotRaw(f, t)).toBeNull();
    t = toggleRaw(f, t);
    expect(text(f, t, t.cursor)).toEqual([
      '          "text": "…" 17 chars raw (r: text)',
      '            "line one\\nline two"',
    ]);
    t = toggleRaw(f, t);
    expect(text(f, t, t.cursor)[1]).toBe('            line one');
    expect(whyNotRaw(f, cursorAt(f, '.response.raw.id'))).toMatch(/only a string/);
  });

  it('marks a string holding JSON, J opens it in place as a subtree (path through fromjson) and closes it', () => {
    let t = cursorAt(f, '.response.raw.result.content[0].text');
    expect(text(f, t, t.cursor)[0]).toContain('JSON (J opens)');
    expect(whyNotJson(f, t)).toBeNull();
    expect(whyNotJson(f, cursorAt(f, '.response.raw.result.content[1].text'))).toBe(
      'this string holds no JSON object or array',
    );
    t = toggleJson(f, t);
    expect(text(f, t, t.cursor)).toEqual(['          "text": { JSON (J closes)']);
    const inside: string[] = [];
    for (
      let r = f.forest.nextVisible(t.cursor, t.flags);
      r >= 0 && inside.length < 6;
      r = f.forest.nextVisible(r, t.flags)
    )
      inside.push(f.forest.path(r));
    expect(inside.slice(0, 6)).toEqual([
      '.response.raw.result.content[0].text | fromjson | .items',
      '.response.raw.result.content[0].text | fromjson | .items[0]',
      '.response.raw.result.content[0].text | fromjson | .items[1]',
      '.response.raw.result.content[0].text | fromjson | .items[2]',
      '.response.raw.result.content[0].text | fromjson | ."a-b"',
      '.response.raw.result.content[0].text | fromjson | ."a-b".c',
    ]);
    expect(f.forest.depthOf(f.forest.nextVisible(t.cursor, t.flags))).toBe(f.forest.depthOf(t.cursor) + 1);
    // It folds as any object; J again closes it, back to the string.
    t = toggle(f, t);
    expect(text(f, t, t.cursor)).toEqual(['          "text": {…} 2 keys JSON (J closes)']);
    t = toggleJson(f, t);
    expect(text(f, t, t.cursor)[0]).toContain('JSON (J opens)');
    expect(f.forest.path(f.forest.nextVisible(t.cursor, t.flags))).toBe('.response.raw.result.content[1]');
  });
});

describe('the tree: search', () => {
  it('finds keys and values in the order shown, folded ones included, and unfolds to each', () => {
    const z = foldToDepth(f, initialTree(), 1);
    const m = treeMatches(f.forest, z.flags, 'line');
    // The part's head says `line 1 of response.jsonl`.
    expect(m.map((r) => f.forest.path(r))).toEqual(['.response', '.response.raw.result.content[1].text']);
    const t = goTo(f, z, m[1]!);
    expect(f.forest.path(t.cursor)).toBe('.response.raw.result.content[1].text');
    expect(treeWindow(f, t).some((l) => l.ref === t.cursor && l.first)).toBe(true);
    // Keys too, with JSON's escapes: a quote in a key, an odd key.
    expect(treeMatches(f.forest, z.flags, 'q"uo').map((r) => f.forest.path(r))).toEqual([
      '.response.raw.result."a-b"."q\\"uote"',
    ]);
    expect(treeMatches(f.forest, z.flags, 'a-b').map((r) => f.forest.path(r))).toEqual([
      '.response.raw.result.content[0].text',
      '.response.raw.result."a-b"',
    ]);
    // Smart case: a capital matches exactly.
    expect(treeMatches(f.forest, z.flags, 'LINE')).toEqual([]);
    // The call's summary at the top.
    expect(treeMatches(f.forest, z.flags, 'read_file')).toEqual([ROOT]);
  });

  it('inside a string opened with J, finds the subtree’s nodes after the string itself', () => {
    let t = cursorAt(f, '.response.raw.result.content[0].text');
    t = toggleJson(f, t);
    const paths = treeMatches(f.forest, t.flags, 'items').map((r) => f.forest.path(r));
    expect(paths).toEqual([
      '.response.raw.result.content[0].text',
      '.response.raw.result.content[0].text | fromjson | .items',
    ]);
  });

  it('finds non-ASCII text written as \\u escapes (as Python writes it)', () => {
    const g = frameOf(forestOf({ response: '{"a": "caf\\u00e9", "b": "café"}' }));
    expect(treeMatches(g.forest, new Map(), 'café').map((r) => g.forest.path(r))).toEqual([
      '.response.a',
      '.response.b',
    ]);
  });
});

describe('the tree: windows and moves', () => {
  it('j and k go node by node, the window follows; pages scroll, G shows the end', () => {
    let t = initialTree();
    for (let i = 0; i < 30; i++) t = move(f, t, 1);
    const win = treeWindow(f, t);
    expect(win).toHaveLength(20);
    expect(win.some((l) => l.ref === t.cursor)).toBe(true);
    for (let i = 0; i < 30; i++) t = move(f, t, -1);
    expect(t.cursor).toBe(ROOT);
    expect(t.top).toBe(ROOT);
    t = toEnd(f, initialTree());
    expect(f.forest.path(t.cursor)).toBe('.response.raw.result.empty');
    expect(treeWindow(f, t).at(-1)!.ref).toBe(t.cursor);
    expect(treeWindow(f, t)).toHaveLength(20);
    const paged = scroll(f, initialTree(), 20);
    expect(treeWindow(f, paged)[0]!.ref).toBe(paged.cursor);
  });
});

describe('a 12-level, 1,804-line result', () => {
  const record = twelveLevelRecord();
  const g = frameOf(forestOf({ response: record }), 80, 22);
  const table = g.forest.tables[1]!;

  it('is 12 levels deep and 1,804 lines pretty-printed', () => {
    expect(JSON.stringify(JSON.parse(record), null, 2).split('\n')).toHaveLength(1804);
    let deepest = 0;
    for (let i = 0; i < table.n; i++)
      if (table.kind[i]! <= NodeKind.array) deepest = Math.max(deepest, table.depth[i]! + 1);
    expect(deepest).toBe(12);
  });

  it('j visits every node once, top to bottom, each line within 80 cells', () => {
    let t = initialTree();
    const seen = new Set<number>([t.cursor]);
    const wide: string[] = [];
    for (;;) {
      const next = move(g, t, 1);
      if (next.cursor === t.cursor) break;
      t = next;
      seen.add(t.cursor);
      for (const l of treeWindow(g, t)) if (stringWidth(lineText(l.line)) > 80) wide.push(lineText(l.line));
    }
    expect(seen.size).toBe(table.n + 1);
    expect(wide).toEqual([]);
    expect(t.cursor).toBe(refOf(1, table.n - 1));
  });

  it('folds to each depth: the deeper, the more nodes shown; the leaf is 13 steps down the path', () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => {
      const t = foldToDepth(g, initialTree(), d);
      let n = 0;
      for (let r = ROOT; r >= 0; r = g.forest.nextVisible(r, t.flags)) n++;
      return n;
    });
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]!);
    const leaf = at(g, '.response.raw.result.structuredContent.tree.next.next.next.next.next.next.next.leaf');
    expect(g.forest.depthOf(leaf)).toBe(13);
    // The markdown text reads as text: lines cut at words, the wide characters whole.
    const md = text(g, initialTree(), at(g, '.response.raw.result.content[0].text'));
    expect(md).toContain('            # Report');
    expect(md).toContain('            ---');
    expect(md.some((l) => l.includes('中文的文字 wide text'))).toBe(true);
  });
});

describe('text blocks', () => {
  it('wraps markdown at words, breaks words longer than a line, keeps wide characters whole', () => {
    const md = `# Title\n\nSome **bold** text and a ${'verylongword'.repeat(8)} then 中文中文中文中文中文中文中文中文 end.\n\n- a\n- b`;
    for (const cells of [10, 17, 31]) {
      const b = textBlock(md, cells, 100);
      for (const l of b.lines) expect(stringWidth(l)).toBeLessThanOrEqual(cells);
      expect(b.lines[0]).toBe('# Title');
      expect(b.lines[1]).toBe('');
      expect(b.lines.join('')).toContain('verylongword');
      expect(b.cut).toBe(false);
    }
    // Folded after 20 lines, with what is left counted.
    const long = textBlock(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n'), 40, 20);
    expect(long.lines).toHaveLength(20);
    expect(long.more).toBe(30);
  });
});

describe('JSON 100,000 levels deep', () => {
  it('moves to the bottom and back, paths and lines stay within the width', () => {
    const g = frameOf(forestOf({ request: deepText(100_000) }), 80, 22);
    const t = toEnd(g, initialTree());
    expect(indexOf(t.cursor)).toBe(100_000);
    for (const l of treeWindow(g, t)) expect(stringWidth(lineText(l.line))).toBeLessThanOrEqual(80);
    expect(lineText(pathLine(g.forest, t.cursor, 80))).toMatch(/^ ….*\[0\]\.a$/);
    expect(stringWidth(lineText(pathLine(g.forest, t.cursor, 80)))).toBeLessThanOrEqual(80);
    const top = foldToDepth(g, t, 1);
    expect(top.cursor).toBe(refOf(1, 0));
    expect(move(g, top, 1).cursor).toBe(top.cursor);
    expect(nodeLines(g.forest, top.flags, top.cursor, 80).map(lineText)).toEqual([
      'request […] 1 item  line 1 of request.jsonl',
    ]);
    expect(JsonTable.parse(deepText(100_000))).not.toBeNull();
  });
});

describe('a big record, a step at a time', () => {
  const items = Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] }));
  const record = JSON.stringify({ t: '2026-05-12T23:00:02.000Z', raw: { result: { items } } });

  it('scans in steps that say how far they are, to the same table as at once', () => {
    const steps = JsonTable.steps(record);
    const seen: number[] = [];
    let r = steps.next();
    while (!r.done) {
      seen.push(r.value);
      r = steps.next();
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((x, i) => x > 0 && x <= 1 && (i === 0 || x >= seen[i - 1]!))).toBe(true);
    const whole = JsonTable.parse(record)!;
    expect(r.value!.n).toBe(whole.n);
    expect(Array.from(r.value!.size.slice(0, whole.n))).toEqual(Array.from(whole.size.slice(0, whole.n)));
  });

  it('opens the detail view of a store row a step at a time, then keeps its tree', async () => {
    const { openForest, detailForest } = await import('../../../src/ui/data/detail.js');
    const { storeOf } = await import('../../helpers/store.js');
    const store = storeOf([record]);
    const job = openForest(store, 0);
    let forest = job.step(0);
    const progress: number[] = [];
    while (!forest) {
      progress.push(job.progress);
      forest = job.step(0);
    }
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBeGreaterThan(0.5);
    // Opened again: the same tree, at once.
    expect(detailForest(store, 0)).toBe(forest);
    expect(openForest(store, 0).step(0)).toBe(forest);
  });

  it('searches a megabyte at a time, finding what a search at once finds', () => {
    const big = JSON.stringify({ items: Array.from({ length: 60_000 }, (_, i) => `value ${i} of many`) });
    expect(big.length).toBeGreaterThan(2 ** 20);
    const g = forestOf({ response: big });
    const steps = treeMatchSteps(g, new Map(), '59999');
    let n = 0;
    let r = steps.next();
    while (!r.done) {
      n++;
      r = steps.next();
    }
    expect(n).toBeGreaterThan(1);
    expect(r.value.map((x) => g.path(x))).toEqual(['.response.items[59999]']);
    expect(treeMatches(g, new Map(), '59999')).toEqual(r.value);
    // A match across a step's edge is found once.
    const all = treeMatches(g, new Map(), 'of many');
    expect(all).toHaveLength(60_000);
  });
});
