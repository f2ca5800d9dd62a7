import { describe, expect, it } from 'vitest';
import { findPattern, firstLineHolding, linesMatching, markMatches } from '../../src/ui/format/find-lines.js';
import { type ScreenLine, seg } from '../../src/ui/format/segments.js';
import { turnLines } from '../../src/ui/panes/turns/turn-lines.js';

const text = (line: ScreenLine) => line.map((s) => s.text).join('');
/** The found parts of a marked line, in order. */
const found = (line: ScreenLine) => line.filter((s) => s.style === 'found').map((s) => s.text);

describe('findPattern', () => {
  it('is smart case: any case while the query has no capital, exact with one', () => {
    expect(findPattern('file')!.test('READ_FILE')).toBe(true);
    expect(findPattern('File')!.test('read_file')).toBe(false);
    expect(findPattern('File')!.test('FileInfo')).toBe(true);
    expect(findPattern('déjà')!.test('DÉJÀ VU')).toBe(true);
  });

  it('takes the query literally (no pattern syntax) and ignores an empty one', () => {
    expect(findPattern('a.c')!.test('abc')).toBe(false);
    expect(findPattern('a.c')!.test('a.c')).toBe(true);
    expect(findPattern('(x')!.test('f(x)')).toBe(true);
    // Every pattern character, in a Unicode pattern (where a needless escape is an error).
    const all = 'a-b [x] {1} ^$ | \\ / * + ? .';
    expect(findPattern(all)!.test(`>${all}<`)).toBe(true);
    expect(findPattern('  ')).toBeNull();
  });
});

describe('linesMatching', () => {
  it('lists the lines that hold a match, across segments', () => {
    const lines: ScreenLine[] = [
      [seg('"name"', 'jsonKey'), seg(': '), seg('"read_file"', 'jsonString')],
      [seg('nothing')],
      [seg('"read'), seg('_file"')],
    ];
    expect(linesMatching(lines, findPattern('read_file')!)).toEqual([0, 2]);
    // The same pattern twice in a row: its state from the last line never leaks.
    expect(linesMatching(lines, findPattern('read_file')!)).toEqual([0, 2]);
  });
});

describe('firstLineHolding', () => {
  const lines = (...texts: string[]): ScreenLine[] => texts.map((t) => [seg('›'), seg(t)]);
  const first = (query: string, ...texts: string[]) => firstLineHolding(lines(...texts), findPattern(query)!, 1);
  /** A row the wrap cut from the row above, `gap` the blanks it dropped there. */
  const cutRow = (gap: string, text: string): ScreenLine => [seg('›'), seg('  '), { text, wrapGap: gap }];
  const firstOf = (query: string, ...rows: ScreenLine[]) => firstLineHolding(rows, findPattern(query)!, 1);

  it('finds a match on one line, past the gutter, the first such line', () => {
    expect(first('needle', '  hay', '  a needle', '  needle')).toBe(1);
    expect(first('›', '  hay')).toBe(-1);
    expect(first('needle', '  hay', '  straw')).toBe(-1);
  });

  it('finds the line where a match starts when the wrap cut it at a space or inside a word', () => {
    expect(firstOf('retry limit', ...lines('  find the retry'), cutRow(' ', 'limit and raise it'))).toBe(0);
    expect(firstOf('configuration', ...lines('  the configurat'), cutRow('', 'ion file'))).toBe(0);
    // The blanks the wrap dropped are the text's: three spaces there are three in the query.
    expect(firstOf('retry   limit', ...lines('  find the retry'), cutRow('   ', 'limit'))).toBe(0);
    expect(firstOf('retry limit', ...lines('  find the retry'), cutRow('   ', 'limit'))).toBe(-1);
  });

  it('finds a match the wrap cut over three rows or more, on the row it starts on', () => {
    const rows = [
      ...lines('  hay', '  the long'),
      cutRow(' ', 'query spans'),
      cutRow(' ', 'three'),
      cutRow(' ', 'rows'),
    ];
    expect(firstOf('long query spans three rows', ...rows)).toBe(1);
    // A word longer than a row, hard-broken twice.
    const word = [...lines('  see abcdefgh'), cutRow('', 'ijklmnop'), cutRow('', 'qrstuvwx'), cutRow(' ', 'end')];
    expect(firstOf('see abcdefghijklmnopqrstuvwx end', ...word)).toBe(0);
    expect(firstOf('mnopqrstuvwx end', ...word)).toBe(1);
  });

  it('never joins rows across a line break of the text (a table: a row end, the next row start)', () => {
    expect(first('b | | c', '  | a | b |', '  | c | d |', '  x b | | c')).toBe(2);
    expect(first('retry limit', '  retry', '  limit')).toBe(-1);
  });

  it('does not take a match that lies wholly on the next line for this one', () => {
    expect(firstOf('limit', ...lines('  find the retry'), cutRow(' ', 'limit and raise it'))).toBe(1);
    expect(first('retry limit', '  retry', '  other', '  retry limit')).toBe(2);
  });
});

describe('firstLineHolding over a turn as the Turns pane lays it out', () => {
  /** An assistant turn of one text block, laid out `width` wide. */
  const laid = (text: string, width: number) =>
    turnLines(
      {
        row: 0,
        fileLabel: null,
        offsetMs: 0,
        tMs: null,
        turn: { role: 'assistant', blocks: [{ type: 'text', text }] },
        facts: null,
        echoed: false,
        toolUses: [],
      },
      { width, selected: true, expandThinking: false },
    );
  const holding = (query: string, text: string, width: number) => {
    const rows = laid(text, width);
    return { at: firstLineHolding(rows, findPattern(query)!, 1), rows: rows.map((l) => text0(l)) };
  };
  const text0 = (l: ScreenLine) => l.map((s) => s.text).join('');

  it('a 30-character query at 40 columns, cut over three rows, is found on its first', () => {
    // Rows of 37 cells: `bravo` does not fit after `alpha`, nor the path after `charlie`.
    const text = 'lorem ipsum dolor sit amet, alpha bravo charlie /usr/local/lib/node_modules/thing';
    const { at, rows } = holding('alpha bravo charlie /usr/local', text, 40);
    expect(rows.slice(at, at + 3)).toEqual([
      '›  lorem ipsum dolor sit amet, alpha',
      '›  bravo charlie',
      '›  /usr/local/lib/node_modules/thing',
    ]);
  });

  it('a query holding a word longer than the row is found where the word begins', () => {
    const hash = 'f'.repeat(20) + '0123456789'.repeat(5);
    const text = `lorem ipsum dolor sit amet, see sha ${hash} here`;
    const { at, rows } = holding(`sha ${hash} here`, text, 40);
    expect(rows[at]).toMatch(/ sha$/);
    expect(rows.slice(at + 1, at + 4).join('')).toContain('here');
  });

  it('rows of a table are lines of the text: a match is never made across two of them', () => {
    const { at, rows } = holding('b | | c', '| a | b |\n| c | d |\nand then b | | c', 40);
    expect(rows[at]).toContain('and then b | | c');
  });
});

describe('markMatches', () => {
  it('marks every match, split where it crosses segments, and keeps the rest as it was', () => {
    const line: ScreenLine = [seg('"name"', 'jsonKey'), seg(': '), seg('"read_file, READ_FILE"', 'jsonString')];
    const marked = markMatches(line, findPattern('read_file')!);
    expect(text(marked)).toBe(text(line));
    expect(found(marked)).toEqual(['read_file', 'READ_FILE']);
    expect(marked[0]).toEqual(seg('"name"', 'jsonKey'));
    expect(marked.at(-1)).toEqual(seg('"', 'jsonString'));
    const across = markMatches([seg('"re', 'jsonString'), seg('ad"', 'jsonPunct')], findPattern('read')!);
    expect(found(across)).toEqual(['re', 'ad']);
    expect(text(across)).toBe('"read"');
  });

  it('never splits a grapheme: a query ending inside a joined emoji marks the whole emoji', () => {
    // The family emoji is man ZWJ woman ZWJ girl ZWJ boy; the query stops after "woman".
    const marked = markMatches([seg('x 👨‍👩‍👧‍👦 y')], findPattern('👨‍👩')!);
    expect(found(marked)).toEqual(['👨‍👩‍👧‍👦']);
    expect(text(marked)).toBe('x 👨‍👩‍👧‍👦 y');
  });

  it('leaves a line without a match untouched', () => {
    const line: ScreenLine = [seg('plain')];
    expect(markMatches(line, findPattern('x')!)).toBe(line);
  });
});

describe('a long query', () => {
  it('finds and marks a query longer than a RegExp may be (V8 refuses ~40,000 characters)', () => {
    const query = 'x'.repeat(60_000);
    const line: ScreenLine = [seg('a'), seg(`${'X'.repeat(60_001)}b`)];
    expect(linesMatching([line, [seg('x')]], findPattern(query)!)).toEqual([0]);
    expect(found(markMatches(line, findPattern(query)!)).join('')).toBe('X'.repeat(60_000));
  });
});
