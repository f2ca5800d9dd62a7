import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { inert, inertLines } from '../../src/kit/text.js';
import { Status } from '../../src/trace/enums.js';
import { detailLines } from '../../src/ui/data/detail.js';
import { jsonTextLines } from '../../src/ui/format/json-lines.js';
import { formatCallRow, formatEventRow } from '../../src/ui/format/rows.js';
import { fitLine, lineText, type ScreenLine, seg } from '../../src/ui/format/segments.js';
import { fmtCompact } from '../../src/ui/format/session-lines.js';
import { compactInt, tableLines } from '../../src/ui/format/table-lines.js';
import { fit, truncate, wrap } from '../../src/ui/format/text.js';
import { layoutTurns } from '../../src/ui/panes/turns/turn-layout.js';
import { paint } from '../../src/ui/theme.js';
import { at, storeOf } from '../helpers/store.js';

describe('inert (terminal safety)', () => {
  it.each([
    ['\x1b[31mred', '␛[31mred'],
    ['\x1b]52;c;SGk=\x07', '␛]52;c;SGk=␇'],
    ['a\x9bb', 'a\\u009bb'],
    ['x\u202ey', 'x\\u202ey'],
    ['tab\there\nnl', 'tab here nl'],
    ['\x00\x7f', '␀␡'],
  ])('%j → %j', (input, out) => expect(inert(input)).toBe(out));

  it('keeps line breaks when asked, making each line safe', () => {
    expect(inertLines('a\x1b\nb\r\nc')).toEqual(['a␛', 'b', 'c']);
  });

  it('fits a line by the width it is shown at: a C1 control is a six-cell picture once painted', () => {
    const line = fitLine([seg('unpriced: '), seg('\u009b'.repeat(20), 'warn'), seg(' · thinking 5 tokens')], 40);
    expect(stringWidth(paint(line))).toBeLessThanOrEqual(40);
    expect(lineText(line)).toMatch(/^unpriced: (\\u009b){4}\\u009…$/);
  });
});

describe('width-aware text', () => {
  it('truncates by display cells, never splitting a wide character or emoji', () => {
    expect(truncate('日本語テキスト', 7)).toBe('日本語…');
    expect(stringWidth(truncate('日本語テキスト', 7))).toBeLessThanOrEqual(7);
    expect(truncate('ab👍🏽cd', 4)).toBe('ab…');
    expect(truncate('short', 10)).toBe('short');
  });

  it('fits to an exact width, left or right aligned', () => {
    expect(fit('日本', 6)).toBe('日本  ');
    expect(fit('42', 5, 'right')).toBe('   42');
    expect(stringWidth(fit('日本語テキスト', 8))).toBe(8);
  });

  it('wraps words and hard-breaks long ones', () => {
    expect(wrap('the quick brown fox', 9)).toEqual(['the quick', 'brown fox']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('日本語のテキスト', 6)).toEqual(['日本語', 'のテキ', 'スト']);
    expect(wrap('', 5)).toEqual(['']);
  });
});

describe('tables', () => {
  const rows = [{ m: 'claude-sonnet-4-5-20250929', n: 1234567, x: 3, y: 4 }];
  const cols = [
    { header: 'MODEL', cell: (r: (typeof rows)[0]) => r.m },
    {
      header: 'TOKENS',
      align: 'right' as const,
      cell: (r: (typeof rows)[0]) => r.n.toLocaleString('en-US'),
      compact: (r: (typeof rows)[0]) => compactInt(r.n),
    },
    { header: 'XXXXXXXX', cell: (r: (typeof rows)[0]) => String(r.x), drop: 1 },
    { header: 'YYYYYYYYYY', cell: (r: (typeof rows)[0]) => String(r.y), drop: 3 },
  ];
  const text = (ls: ScreenLine[]) => ls.map(lineText);

  it('shows exact numbers when they fit', () => {
    expect(text(tableLines(cols, rows, 80))[1]).toBe('claude-sonnet-4-5-20250929  1,234,567  3         4');
  });

  it('drops the least important columns before numbers turn compact, and cuts the key column only when nothing else is left', () => {
    expect(text(tableLines(cols, rows, 50))[1]).toBe('claude-sonnet-4-5-20250929  1,234,567  4');
    expect(text(tableLines(cols, rows, 42))[1]).toBe('claude-sonnet-4-5-20250929    1.2M');
    expect(text(tableLines(cols, rows, 20))[1]).toBe(`${'claude-sonnet-4-5-20250929    1.2M'.slice(0, 19)}…`);
  });

  it.each([
    [999, '999'],
    [1234, '1.2k'],
    [45_500, '46k'],
    [1_234_567, '1.2M'],
    [null, '—'],
    // A figure that rounds up to the next unit is said in it (never 1000k, 10.0k, 1000.0G),
    // and a half goes up whatever the double (9.95 is 9.9499…).
    [9_949, '9.9k'],
    [9_950, '10k'],
    [9_999, '10k'],
    [999_499, '999k'],
    [999_500, '1.0M'],
    [999_999, '1.0M'],
    [9_950_000, '10M'],
    [999_999_999, '1.0G'],
    [1e12, '1000G'],
    [-999_999, '-1.0M'],
  ])('compactInt(%j) = %s', (n, s) => expect(compactInt(n)).toBe(s));

  it.each([
    [999, '999'],
    [1234, '1.23k'],
    [9_995, '10.0k'],
    [99_949, '99.9k'],
    [99_950, '100k'],
    [999_500, '1.00M'],
    [999_999, '1.00M'],
    [9_999_999, '10.0M'],
    [1e12, '1.00T'],
    [null, '—'],
  ])('fmtCompact(%j) = %s (the Sessions list, 6 cells)', (n, s) => expect(fmtCompact(n)).toBe(s));
});

describe('call rows', () => {
  const row = {
    row: 0,
    fileLabel: null,
    offsetMs: 1234,
    tMs: Date.parse('2026-05-12T23:00:01.234Z'),
    dir: 'in' as const,
    kind: 'request' as const,
    serverToClient: false,
    method: 'tools/call',
    tool: 'read_file',
    status: Status.isError,
    latencyMs: 160,
  };
  it('say status with a glyph and a word, so colour is not the only signal', () => {
    const t = lineText(formatCallRow(row, 80, false));
    expect(t).toMatch(/^ +\+1\.234s → {2}tools\/call read_file +✗ isError +160ms$/);
    expect(lineText(formatCallRow(row, 80, true))).toMatch(/^›/);
  });
  it('show the time of day in UTC instead of the offset when asked (T), in a wider column', () => {
    const t = lineText(formatCallRow(row, 80, false, undefined, false, true));
    expect(t).toMatch(/^ {2}23:00:01\.234 → {2}tools\/call read_file +✗ isError +160ms$/);
    expect(stringWidth(t)).toBeLessThanOrEqual(80);
    expect(lineText(formatCallRow({ ...row, tMs: null }, 80, false, undefined, false, true))).toMatch(/^ {15}→ /);
  });
  it('mark server→client requests and fit any width', () => {
    for (const w of [40, 80, 200])
      for (const clock of [false, true])
        expect(
          stringWidth(
            lineText(
              formatCallRow(
                { ...row, serverToClient: true, dir: 'out', method: 'sampling/createMessage', tool: null },
                w,
                false,
                undefined,
                false,
                clock,
              ),
            ),
          ),
        ).toBeLessThanOrEqual(w);
    expect(lineText(formatCallRow({ ...row, serverToClient: true, dir: 'out', tool: null }, 80, false))).toContain(
      '⇠S',
    );
  });
  it('fit a pane narrower than their fixed columns (a file label, the clock), calls and events alike', () => {
    const event = {
      row: 0,
      fileLabel: 'filesystem-a',
      lineNo: 12,
      offsetMs: 1234,
      tMs: row.tMs,
      kind: 'message' as const,
      dir: 'in',
      label: 'tools/call',
      detail: 'read_file',
    };
    for (const w of [30, 40, 50]) {
      expect(
        stringWidth(lineText(formatCallRow({ ...row, fileLabel: 'filesystem-a' }, w, true, undefined, false, true))),
      ).toBeLessThanOrEqual(w);
      expect(stringWidth(lineText(formatEventRow(event, w, true, undefined, false, true)))).toBeLessThanOrEqual(w);
    }
  });
});

describe('JSON detail', () => {
  it('pretty-prints with styled keys and values, wraps long lines, keeps strings inert', () => {
    // JSON.stringify escapes C0 controls itself; C1 (U+009B is CSI) and bidi marks it leaves raw.
    const json = JSON.stringify({ a: 'x'.repeat(50), b: 2, c: null, d: '\x1b[2J\x9b31m\u202eE' });
    const ls = jsonTextLines(json, 30);
    const t = ls.map(lineText);
    expect(t[0]).toBe('{');
    expect(t.every((l) => stringWidth(l) <= 30)).toBe(true);
    expect(t.join('\n')).toContain('"b": 2,');
    expect(t.join('\n')).not.toMatch(/[\x1b\x9b\u202e]/);
    expect(jsonTextLines(json, 200).map(lineText)).toContain('  "d": "\\u001b[2J\\u009b31m\\u202eE"');
    expect(ls[1]!.find((s) => s.text === '"a"')?.style).toBe('jsonKey');
  });
});

describe('turn layout', () => {
  const heights = [3, 5, 2, 8, 1];
  const linesOf = (i: number) => Array.from({ length: heights[i]! }, (_, k) => [{ text: `${i}.${k}` }]);
  it('keeps the top turn while the selection is visible, scrolls just enough otherwise', () => {
    expect(layoutTurns(5, 1, 0, 10, linesOf).start).toBe(0);
    expect(layoutTurns(5, 3, 0, 10, linesOf).start).toBe(2);
    expect(layoutTurns(5, 0, 3, 10, linesOf).start).toBe(0);
    const laid = layoutTurns(5, 4, 0, 10, linesOf);
    expect(laid.start).toBe(3);
    expect(laid.lines).toHaveLength(9);
  });
  it('puts a turn taller than the pane at the top', () => {
    const laid = layoutTurns(5, 3, 0, 4, linesOf);
    expect(laid.start).toBe(3);
    expect(laid.lines.map(lineText)).toEqual(['3.0', '3.1', '3.2', '3.3']);
  });
  it('lays out a pane of turns to show the last of a million, not the conversation', () => {
    const asked = new Set<number>();
    const one = (i: number) => {
      asked.add(i);
      return [[{ text: `${i}` }], [{ text: `${i}+` }]];
    };
    const laid = layoutTurns(1_000_000, 999_999, 0, 22, one);
    expect(laid.start).toBe(999_989);
    expect(laid.lines.map(lineText).slice(-2)).toEqual(['999999', '999999+']);
    expect(asked.size).toBeLessThanOrEqual(22);
  });
  it('places turns as laying out every turn from the old top would', () => {
    // The layout before it skipped far turns: heights from the old top to the selection.
    const reference = (hs: number[], sel: number, prev: number, height: number) => {
      let start = Math.min(prev, sel);
      let used = 0;
      for (let i = start; i <= sel; i++) used += hs[i]!;
      while (used > height && start < sel) used -= hs[start++]!;
      return start;
    };
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const hs = Array.from({ length: 1 + next(40) }, () => 1 + next(6));
      const sel = next(hs.length);
      const prev = next(hs.length);
      const height = 1 + next(12);
      const of = (i: number) => Array.from({ length: hs[i]! }, () => [{ text: '' }]);
      expect(layoutTurns(hs.length, sel, prev, height, of).start).toBe(reference(hs, sel, prev, height));
    }
  });
});

describe('usage over time', () => {
  it('draws a sparkline scaled to the largest value, blanks for no data', async () => {
    const { sparkline, fitBuckets } = await import('../../src/ui/format/sparkline.js');
    expect(sparkline([0, 50, 100, NaN])).toBe('▁▅█ ');
    expect(sparkline([0, 0])).toBe('▁▁');
    // Sums (tokens) or count-weighted means (latency) when minutes share a cell.
    expect(fitBuckets([1, 2, 3, 4, 5], [1, 1, 1, 1, 1], 2, false)).toEqual({ values: [6, 9], minutesPerCell: 3 });
    expect(fitBuckets([10, 20, NaN], [1, 3, 0], 1, true)).toEqual({ values: [17.5], minutesPerCell: 3 });
  });
});

describe('colour settings', () => {
  it('NO_COLOR turns styles off unless FORCE_COLOR asks for them', async () => {
    const chalk = (await import('chalk')).default;
    const { applyColorEnv } = await import('../../src/ui/theme.js');
    const before = chalk.level;
    chalk.level = 2;
    applyColorEnv({ NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(chalk.level).toBe(2);
    applyColorEnv({ NO_COLOR: '' });
    expect(chalk.level).toBe(2);
    applyColorEnv({ NO_COLOR: '1' });
    expect(chalk.level).toBe(0);
    chalk.level = before;
  });
});

describe('huge text stays cheap', () => {
  it('truncates and wraps a megabyte string by looking only at what can show', () => {
    const huge = `${'word '.repeat(200_000)}日本`;
    expect(truncate(huge, 20)).toBe('word word word word…');
    expect(wrap(huge, 20, 3)).toEqual(['word word word word', 'word word word word', 'word word word word']);
    const json = jsonTextLines(JSON.stringify({ text: 'y'.repeat(256 * 1024) }), 80);
    expect(json.length).toBeGreaterThan(3000);
  });

  it('opens the detail of a 200 KB record however narrow (its 200,000 lines once overflowed push(...lines))', () => {
    const store = storeOf([
      { t: at(0), dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } } },
      {
        t: at(5),
        dir: 'out',
        raw: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'y'.repeat(200_000) }] } },
      },
      `{"not json${'z'.repeat(200_000)}`,
    ]);
    for (const row of [0, 2]) {
      const lines = detailLines(store, row, 2);
      expect(lines.length).toBeGreaterThan(150_000);
      expect([...lines.slice(0, 500), ...lines.slice(-500)].every((l) => stringWidth(lineText(l)) <= 2)).toBe(true);
    }
  });
});
