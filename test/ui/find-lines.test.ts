import { describe, expect, it } from 'vitest';
import { findPattern, firstLineHolding, linesMatching, markMatches } from '../../src/ui/format/find-lines.js';
import { type ScreenLine, seg } from '../../src/ui/format/segments.js';

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

  it('finds a match on one line, past the gutter, the first such line', () => {
    expect(first('needle', '  hay', '  a needle', '  needle')).toBe(1);
    expect(first('›', '  hay')).toBe(-1);
    expect(first('needle', '  hay', '  straw')).toBe(-1);
  });

  it('finds the line where a match starts when the wrap cut it at a space or inside a word', () => {
    expect(first('retry limit', '  find the retry', '  limit and raise it')).toBe(0);
    expect(first('configuration', '  the configurat', '  ion file')).toBe(0);
    // Indentation and trailing blanks are the wrap's, not the text's.
    expect(first('retry limit', '  find the retry   ', '     limit')).toBe(0);
  });

  it('does not take a match that lies wholly on the next line for this one', () => {
    expect(first('limit', '  find the retry', '  limit and raise it')).toBe(1);
    expect(first('retry limit', '  retry', '  other', '  retry limit')).toBe(2);
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
