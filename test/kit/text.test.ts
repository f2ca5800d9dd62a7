import { describe, expect, it } from 'vitest';
import { foldCase, inert, inertJson, inertText, textFinder } from '../../src/kit/text.js';

/** Every code point a terminal acts on or that reorders text, and a few that are harmless. */
const UNSAFE = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  0x61c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x2028,
  0x2029,
].map((c) => String.fromCharCode(c));
const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, but for line feeds: text of several lines keeps them. */
const RAW_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('inert text', () => {
  it.each(UNSAFE.map((ch) => [ch.charCodeAt(0).toString(16), ch]))(
    'U+%s never stays raw, alone or among text',
    (_code, ch) => {
      expect(inert(`a${ch}b`)).not.toMatch(RAW);
      expect(inertText(`a${ch}b\nc${ch}`)).not.toMatch(RAW_BUT_LF);
    },
  );

  it('keeps line breaks in a text of lines and nothing else', () => {
    expect(inertText('one\ntwo\x1b]0;title\x07\r\nthree')).toBe('one\ntwo␛]0;title␇ \nthree');
    expect(inertText('a\rb').split('\n')).toHaveLength(1);
  });

  it('returns plain text as it is', () => {
    const text = 'tools/call read_file ✓ ok 12ms 日本語 😀';
    expect(inert(text)).toBe(text);
    expect(inertText(text)).toBe(text);
  });
});

describe('inert JSON', () => {
  const values = [UNSAFE.join(''), `\u2028\u2029`, { [`k\u009b${'\u202e'}`]: ['x\x7f', 'é', '😀'] }, 'plain'];
  it.each(values.map((v) => [JSON.stringify(v).slice(0, 30), v]))(
    '%s parses back to the same value, with no raw control in it',
    (_name, value) => {
      const json = inertJson(JSON.stringify(value, null, 2));
      expect(json).not.toMatch(RAW_BUT_LF);
      expect(JSON.parse(json)).toEqual(value);
    },
  );

  it('leaves JSON without such characters byte for byte', () => {
    const json = JSON.stringify({ a: 'é 日本 😀 \u00a0', b: [1, 2] }, null, 2);
    expect(inertJson(json)).toBe(json);
  });
});

describe('foldCase and textFinder', () => {
  it('folds case code unit for code unit, as a case-insensitive RegExp does', () => {
    expect(foldCase('ReadFile ÉTÉ ΟΔΟΣ ſ')).toBe('readfile été οδοσ s');
    // `İ` lower-cases to two units: kept, so places in the folded text are places in the text.
    expect(foldCase('xİy')).toBe('xİy');
    expect(foldCase('Xİ').length).toBe(2);
  });

  it('finds a query smart case, every place, left to right, never overlapping', () => {
    expect(textFinder('  ')).toBeNull();
    expect(textFinder('aa')!.all('aAaA aa')).toEqual([
      [0, 2],
      [2, 4],
      [5, 7],
    ]);
    expect(textFinder('Aa')!.all('aaAa Aa')).toEqual([
      [2, 4],
      [5, 7],
    ]);
    expect(textFinder('a.c')!.test('abc')).toBe(false);
    expect(textFinder('σ')!.test('ΟΔΟΣ')).toBe(true);
  });

  it('takes a query of any length (no RegExp)', () => {
    const q = `${'x'.repeat(60_000)}y`;
    expect(textFinder(q)!.test(`..${q.toUpperCase()}..`)).toBe(true);
    expect(textFinder(q)!.all(q)).toEqual([[0, 60_001]]);
  });
});
