import { describe, expect, it } from 'vitest';
import { width } from '../../src/kit/cells.js';
import { fitColumns } from '../../src/kit/fit-columns.js';
import { shortValues, shownValues } from '../../src/kit/json-diff.js';
import { jqPath } from '../../src/kit/json-path.js';
import type { Json } from '../../src/kit/values.js';
import type { DiffCall } from '../../src/store/diff.js';
import { aroundDifference, shareRoom, truncateStart, whatDiffers } from '../../src/store/what-differs.js';

describe('jq paths', () => {
  it.each([
    [[], '.'],
    [['result', 'content', 0, 'text'], '.result.content[0].text'],
    [['a b', 'x-y', '_ok', 'ü'], '."a b"."x-y"._ok."ü"'],
    [['say "hi" \\(x)'], '."say \\"hi\\" \\\\(x)"'],
    [[0, 1], '[0][1]'],
    [['', '9'], '.""."9"'],
  ])('%j → %s', (steps, path) => expect(jqPath(steps as (string | number)[])).toBe(path));
});

describe('short values', () => {
  it('keep a surrogate pair whole and never read the same when they differ', () => {
    const [a, b] = shortValues(`${'x'.repeat(30)}😀a`, `${'x'.repeat(30)}😀b`, 12);
    // Four UTF-16 units before the difference: two x and the emoji, never half of it.
    expect([a, b]).toEqual(['"…xx😀a"', '"…xx😀b"']);
    expect(shortValues('same start', 'same start!', 60)).toEqual(['"same start"', '"same start!"']);
    expect(shortValues(1, undefined, 60)).toEqual(['1', '(absent)']);
  });
});

describe('fitting columns', () => {
  it('drops the lowest drop first, then narrows the widest column that may be cut', () => {
    const cols = [{}, { drop: 2 }, { drop: 1 }, { min: 5 }, { min: 5 }];
    expect(fitColumns(cols, [4, 4, 4, 10, 8], 100, 1)).toEqual({
      kept: [0, 1, 2, 3, 4],
      widths: [4, 4, 4, 10, 8],
      dropped: [],
    });
    // 34 cells wide: the column with drop 1 goes, then drop 2; then the widest cuttable shrinks.
    expect(fitColumns(cols, [4, 4, 4, 10, 8], 18, 1)).toEqual({
      kept: [0, 3, 4],
      widths: [4, 4, 4, 6, 6],
      dropped: [2, 1],
    });
  });
});

/** A changed call whose values differ at the path, as the diff keeps them for showing. */
const changed = (path: string, a: Json | undefined, b: Json | undefined, keep = Infinity) =>
  ({ path, shown: shownValues(a, b, keep) }) as DiffCall;
const shown = (w: { path: string; a: string; b: string }) => `${w.path}${w.a}${w.b}`;

describe('the values kept for showing', () => {
  it('are each JSON whole, inert, with where the two first differ', () => {
    expect(shownValues('hf://docs', 'hf://models/trending', 1024)).toEqual({
      a: '"hf://docs"',
      b: '"hf://models/trending"',
      at: 6,
    });
    expect(shownValues(undefined, { code: 1 }, 1024)).toEqual({ a: '(absent)', b: '{"code":1}', at: 0 });
    // Newlines and controls as JSON escapes, a bidi override as one too: one line, inert.
    expect(shownValues('a\nb\u202e', 'a\nc', 1024)).toEqual({ a: '"a\\nb\\u202e"', b: '"a\\nc"', at: 4 });
  });

  it('past `keep`, two strings keep the same stretch around where they differ; Infinity keeps them whole', () => {
    const base = 'x'.repeat(5000);
    const v = shownValues(`${base}A${'y'.repeat(3000)}`, `${base}B`, 1024);
    expect(v.a.length).toBeLessThanOrEqual(1024);
    expect(v.a.startsWith('"…xxx')).toBe(true);
    expect(v.a.endsWith('y…"')).toBe(true);
    expect(v.b).toBe(`"…${'x'.repeat(256)}B"`);
    expect(v.a.slice(0, v.at)).toBe(v.b.slice(0, v.at));
    expect(v.a[v.at]).toBe('A');
    // Both within `keep`: whole, however far in they differ.
    expect(shownValues(`${'x'.repeat(900)}A`, `${'x'.repeat(900)}B`, 1024).a).toBe(`"${'x'.repeat(900)}A"`);
    const whole = shownValues(`${base}A`, `${base}B`, Infinity);
    expect(whole.a).toBe(`"${base}A"`);
    expect(whole.at).toBe(5001);
  });
});

describe('sharing the room of what differs', () => {
  it('gives each part its share, and what a short part leaves to the others', () => {
    // All long: two fifths, two fifths and a fifth of 40.
    expect(shareRoom([100, 100, 100], [2, 2, 1], 40)).toEqual([16, 16, 8]);
    // A short value takes what it needs; the other and the path share the rest 2:1, the
    // cell left by rounding to the first.
    expect(shareRoom([5, 100, 100], [2, 2, 1], 40)).toEqual([5, 24, 11]);
    // Short values: the path gets all they leave.
    expect(shareRoom([5, 6, 100], [2, 2, 1], 40)).toEqual([5, 6, 29]);
    // Everything fits: each what it needs.
    expect(shareRoom([5, 6, 7], [2, 2, 1], 40)).toEqual([5, 6, 7]);
    for (const needs of [
      [1, 50, 3],
      [30, 30, 30],
      [0, 80, 9],
      [17, 0, 0],
    ])
      for (const room of [0, 7, 25, 41, 60]) {
        const got = shareRoom(needs, [2, 2, 1], room);
        expect(got.reduce((x, y) => x + y, 0)).toBe(
          Math.min(
            room,
            needs.reduce((x, y) => x + y, 0),
          ),
        );
        for (const [i, g] of got.entries()) expect(g).toBeLessThanOrEqual(needs[i]!);
      }
  });
});

describe('a value around where it differs', () => {
  const code = '"\\nasync function run(client) {\\n  const res = await client.ping.get();\\n  return res;\\n}\\n"';
  const other = '"\\nasync function run(client) {\\n  const page1 = await client.coins.markets.get({"';
  const at = shownValues(JSON.parse(code), JSON.parse(other), Infinity).at;

  it('is whole when it fits', () => {
    expect(aroundDifference('"hf://docs"', 6, 11)).toBe('"hf://docs"');
  });

  it('is cut at its end while the difference shows, else shown from just before it', () => {
    expect(aroundDifference('"hf://models/trending"', 6, 14)).toBe('"hf://models/…');
    // The difference is 45 characters in: from a third of the room before it, after the quote.
    const w = aroundDifference(code, at, 24);
    expect(w).toBe('"…  const res = await c…');
    expect(width(w)).toBe(24);
    expect(aroundDifference(other, at, 24)).toBe('"…  const page1 = await…');
  });

  it('never starts at half a surrogate pair', () => {
    const a = `"${'x'.repeat(40)}😀"`;
    const b = `"${'x'.repeat(40)}😁"`;
    // They differ at the emoji's second code unit: the window starts at its first.
    const v = shownValues(JSON.parse(a), JSON.parse(b), Infinity);
    expect(v.at).toBe(42);
    expect(aroundDifference(a, v.at, 12)).toBe('"…xxxxxxx😀"');
    expect(aroundDifference(b, v.at, 12)).toBe('"…xxxxxxx😁"');
  });
});

describe('what differs, in a few cells', () => {
  const call = changed('.result.content[0].text', 'Search results, id: bitcoin', 'Search results, id: ethereum');

  it('is whole when it fits: a short value is never windowed', () => {
    expect(shown(whatDiffers(call, 90))).toBe(
      '.result.content[0].text: "Search results, id: bitcoin" → "Search results, id: ethereum"',
    );
    // The real pair's complaint: `"…f://docs"` where the whole value fits.
    expect(shown(whatDiffers(changed('.params.arguments.args[0]', 'hf://docs', 'hf://models/trending'), 63))).toBe(
      '.params.arguments.args[0]: "hf://docs" → "hf://models/trending"',
    );
  });

  it('else shares the room, keeping the path end and both values around where they differ', () => {
    for (const cells of [24, 30, 40, 50]) {
      const text = shown(whatDiffers(call, cells));
      expect(width(text), text).toBeLessThanOrEqual(cells);
      expect(text).toContain(' → ');
    }
    // 80 cells: the path gives way first (to a fifth), so both values are whole.
    expect(shown(whatDiffers(call, 80))).toBe(
      '…content[0].text: "Search results, id: bitcoin" → "Search results, id: ethereum"',
    );
    // 40 cells: the path takes its 8 cells, the values the rest, each from before where they differ.
    expect(shown(whatDiffers(call, 40))).toBe('…0].text: "…id: bitcoin" → "…id: ethere…');
    // A short value stays whole beside a long one cut after where they differ.
    expect(
      shown(whatDiffers(changed('.params.arguments.args[0]', 'hf://docs', 'hf://models/BAAI/bge-small-en-v1.5'), 40)),
    ).toBe('…args[0]: "hf://docs" → "hf://models/BA…');
    // A short path and short A value leave their room to B.
    expect(shown(whatDiffers(changed('.q', 'a', `a${'b'.repeat(80)}`), 40))).toBe(`.q: "a" → "a${'b'.repeat(27)}…`);
    expect(truncateStart('.result.content[0].text', 10)).toBe('…t[0].text');
    expect(whatDiffers({ ...call, path: null, shown: null }, 30)).toEqual({ path: '', a: '', b: '' });
  });

  it('too narrow for both values (a 60-column list): the path alone, never `path:  → `', () => {
    const code = changed('.params.arguments.code', 'q138', '\nasync function run(client) {}');
    for (const cells of [8, 10, 13, 16]) {
      const w = whatDiffers(code, cells);
      expect(shown(w), `${cells} cells`).not.toContain('→');
      expect(width(shown(w))).toBeLessThanOrEqual(cells);
    }
    expect(shown(whatDiffers(code, 13))).toBe('…guments.code');
    // With room for a few cells of each value, both show.
    expect(shown(whatDiffers(code, 24))).toMatch(/^…\S+: "\S+ → "\S+/);
  });

  it('to a pipe (Infinity): the path and both values whole, inert, on one line', () => {
    const long = 'Search results for the coin list, with every field the API returns.\n'.repeat(20);
    const w = whatDiffers(
      changed(`.result${'.content'.repeat(50)}`, `${long}bitcoin`, `${long}eth\u001b[2J`),
      Infinity,
    );
    const text = shown(w);
    expect(text).toContain(`.result${'.content'.repeat(50)}: "Search results`);
    expect(text).toContain('bitcoin" → "Search results');
    expect(text).toContain('eth\\u001b[2J"');
    expect(text).not.toMatch(/[\n\u001b]/);
    expect(text).not.toContain('…');
  });

  it('reads no more of a 100,000-character path or value than can show', () => {
    const long = changed(`.${'中'.repeat(100_000)}.end`, '\u200b'.repeat(100_000), 'b'.repeat(100_000), 1024);
    expect(truncateStart(long.path!, 10)).toBe('…中中.end');
    expect(truncateStart('\u200b'.repeat(100_000), 3)).toMatch(/^…\u200b+$/);
    const w = whatDiffers(long, 40);
    expect(width(shown(w))).toBeLessThanOrEqual(40);
    expect(w.b).toMatch(/^ → "b+…$/);
  });
});
