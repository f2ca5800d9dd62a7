import { describe, expect, it } from 'vitest';
import type { DiffCall } from '../../src/store/diff.js';
import { truncateStart, whatDiffers } from '../../src/store/diff-columns.js';
import { width } from '../../src/trace/cells.js';
import { fitColumns } from '../../src/trace/fit-columns.js';
import { shortValues } from '../../src/trace/json-diff.js';
import { jqPath } from '../../src/trace/json-path.js';

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
    expect(shortValues('same start', 'same start!', 60)).toEqual(['"…tart"', '"…tart!"']);
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

describe('what differs, in a few cells', () => {
  const call = { path: '.result.content[0].text', aValue: '"…id: bitcoin"', bValue: '"…id: ethereum"' } as DiffCall;

  it('is whole when it fits, else keeps the path end and both value starts', () => {
    const whole = whatDiffers(call, 80);
    expect(`${whole.path}${whole.a}${whole.b}`).toBe('.result.content[0].text: "…id: bitcoin" → "…id: ethereum"');
    for (const cells of [24, 30, 40]) {
      const w = whatDiffers(call, cells);
      const text = `${w.path}${w.a}${w.b}`;
      expect(width(text), text).toBeLessThanOrEqual(cells);
      expect(text).toContain(' → ');
    }
    expect(truncateStart('.result.content[0].text', 10)).toBe('…t[0].text');
    // A path or values of 100,000 characters: their ends and starts, read no further than can show.
    const long = {
      path: `.${'中'.repeat(100_000)}.end`,
      aValue: '\u200b'.repeat(100_000),
      bValue: 'b'.repeat(100_000),
    };
    expect(truncateStart(long.path, 10)).toBe('…中中.end');
    expect(truncateStart('\u200b'.repeat(100_000), 3)).toMatch(/^…\u200b+$/);
    const w = whatDiffers(long as DiffCall, 40);
    expect(width(`${w.path}${w.a}${w.b}`)).toBeLessThanOrEqual(40);
    expect(w.b).toMatch(/^ → b+…$/);
    expect(whatDiffers({ ...call, path: null }, 30)).toEqual({ path: '', a: '', b: '' });
  });
});
