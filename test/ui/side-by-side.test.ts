import stringWidth from 'string-width';
import { describe, expect, it, vi } from 'vitest';
import { piece, rowStarts } from '../../src/kit/cells.js';
import { shownValues } from '../../src/kit/json-diff.js';
import type { Json } from '../../src/kit/values.js';
import type { DiffCall } from '../../src/store/diff.js';
import type { ToolPair } from '../../src/store/trace-store.js';
import type { CallSide } from '../../src/ui/data/diff-sides.js';
import { lineText } from '../../src/ui/format/segments.js';
import { sideBySide } from '../../src/ui/format/side-by-side.js';

/** The length of each text the view cut or wrapped into rows (`piece` and `rowStarts`), to count its work. */
const cutsSeen: number[] = [];
vi.mock('../../src/kit/cells.js', async (actual) => {
  const cells = await actual<typeof import('../../src/kit/cells.js')>();
  return {
    ...cells,
    piece: (text: string, width: number) => {
      cutsSeen.push(text.length);
      return cells.piece(text, width);
    },
    rowStarts: (text: string, width: number) => {
      cutsSeen.push(text.length);
      return cells.rowStarts(text, width);
    },
  };
});

const pair = { resRow: 1, error: null, latency: 5 } as ToolPair;
const side = (text: string): CallSide => ({
  pair,
  args: { q: 'x' },
  outcome: { result: { content: [{ type: 'text', text }] } },
});
const call = (a: Json, b: Json) =>
  ({
    aOrdinal: 1,
    bOrdinal: 1,
    status: 'changed result',
    tool: 'search',
    aLine: 3,
    bLine: 3,
    path: '.result.content[0].text',
    shown: shownValues(a, b, 1024),
    statusChange: null,
    latencyDeltaMs: 0,
  }) as DiffCall;

/** Every screen row of a side-by-side view, as text. */
const rows = (view: ReturnType<typeof sideBySide>) =>
  Array.from({ length: view.count }, (_, i) => lineText(view.line(i)));
/** One side's text of the rows of its changed line put together, without the markers (the half is `left` wide). */
const sideOf = (lines: string[], which: 'a' | 'b', left: number) =>
  lines
    .map((l) => (which === 'a' ? l.slice(1, left) : l.slice(left + 2, 2 * left + 1)))
    .join('')
    .trimEnd();

describe('hard-wrapping a line', () => {
  it('keeps every character, spaces too, and breaks CJK at whole characters', () => {
    expect(rowStarts('abcdefghij', 4)).toEqual([0, 4, 8]);
    expect(rowStarts('', 4)).toEqual([0]);
    // Two cells each: a row of 5 cells holds two.
    expect(rowStarts('中文字符串', 5)).toEqual([0, 2, 4]);
    expect(rowStarts('a  b', 2)).toEqual([0, 2]);
  });

  it('reads combining text a chunk at a time, never splitting a grapheme at a chunk edge', () => {
    // Three code units, one cell each: seven to a row of 7 cells, whatever the chunk edges cut.
    const accented = 'e\u0301\u0302'.repeat(3000);
    expect(rowStarts(accented, 7)).toEqual(Array.from({ length: Math.ceil(3000 / 7) }, (_, k) => k * 21));
    // A grapheme longer than a chunk (3,001 units) takes a row of its own, shown as …
    const long = `x${'\u0301'.repeat(3000)}`;
    expect(rowStarts(`${long}yz`, 5)).toEqual([0, 3001]);
    expect(piece(long, 5).text).toBe('…');
  });
});

describe('side by side, long lines wrapped', () => {
  const words = 'Bitcoin is the first decentralized cryptocurrency, launched in 2009 by Satoshi Nakamoto. ';
  const a = `${words.repeat(6)}Its ticker is BTC and its supply is capped.`;
  const b = `${words.repeat(6)}Its ticker is ETH and its supply is not capped.`;
  const view = sideBySide(call(a, b), [side(a), side(b)], 80);
  const lines = rows(view);
  const changed = lines.filter((l) => l.startsWith('-') || l.includes('│+'));

  it('wraps the changed line within each side, every row marked - and +, the two sides aligned row for row', () => {
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    // The "text" line is some 600 characters: it takes many rows, each carrying both marks.
    expect(changed.length).toBeGreaterThan(12);
    for (const l of changed) expect(l).toMatch(/^-.{38}│\+/);
    // Each side's rows, put back together, are its line as JSON writes it: nothing cut.
    const text = (s: string) => `        "text": ${JSON.stringify(s)}`;
    expect(sideOf(changed, 'a', 39)).toBe(text(a));
    expect(sideOf(changed, 'b', 39)).toBe(text(b));
    // What both share breaks alike: the rows before the difference read the same on both sides.
    const differing = changed.findIndex((l) => l.includes('BTC'));
    expect(changed[differing]).toMatch(/BTC.*│\+.*ETH/);
    for (const l of changed.slice(0, differing)) expect(l.slice(1, 39)).toBe(l.slice(41, 79));
  });

  it('] goes to the row where the two differ, not the first row of the line', () => {
    expect(view.changes).toHaveLength(1);
    const at = view.changes[0]!;
    expect(lines[at]).toMatch(/BTC.*│\+.*ETH/);
    expect(lines[at - 1]).toMatch(/^-.*│\+/);
  });

  it('lays out only the rows asked for', () => {
    const big = `${'x'.repeat(200_000)}A`;
    const wide = sideBySide(call(big, `${'x'.repeat(200_000)}B`), [side(big), side(`${'x'.repeat(200_000)}B`)], 80);
    cutsSeen.length = 0;
    const row = lineText(wide.line(wide.changes[0]!));
    // A row is cut from its own slice of each side: the 200,000 characters are not wrapped again.
    expect(cutsSeen.length).toBeGreaterThan(0);
    expect(Math.max(...cutsSeen)).toBeLessThanOrEqual(80);
    expect(row).toMatch(/^-x*A.*│\+x*B/);
    expect(wide.count).toBeGreaterThan(200_000 / 38);
  });
});
