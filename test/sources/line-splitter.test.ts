import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/sources/line-splitter.js';
import type { Line } from '../../src/sources/types.js';

function split(chunks: Buffer[]): Line[] {
  const s = new LineSplitter();
  return [...chunks.flatMap((c) => s.push(c)), ...s.end()];
}

describe('LineSplitter', () => {
  const text = '{"a":"é€😀"}\n{"b":"日本"}\n';
  const bytes = Buffer.from(text);

  it('decodes a multi-byte character cut at every byte boundary', () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      const lines = split([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(
        lines.map((l) => l.text),
        `cut at ${cut}`,
      ).toEqual(['{"a":"é€😀"}', '{"b":"日本"}']);
    }
  });

  it('decodes when fed one byte at a time', () => {
    const lines = split([...bytes].map((b) => Buffer.from([b])));
    expect(lines.map((l) => l.text)).toEqual(['{"a":"é€😀"}', '{"b":"日本"}']);
  });

  it('keeps line numbers and byte offsets of each line', () => {
    const lines = split([bytes]);
    const first = Buffer.byteLength('{"a":"é€😀"}');
    expect(lines.map((l) => [l.lineNo, l.offset, l.length])).toEqual([
      [1, 0, first],
      [2, first + 1, Buffer.byteLength('{"b":"日本"}')],
    ]);
    expect(bytes.toString('utf8', lines[1]!.offset, lines[1]!.offset + lines[1]!.length)).toBe('{"b":"日本"}');
  });

  it('drops a trailing CR (CRLF files) but keeps offsets pointing at the content', () => {
    const lines = split([Buffer.from('a\r\nbc\r\n')]);
    expect(lines.map((l) => [l.text, l.offset, l.length])).toEqual([
      ['a', 0, 1],
      ['bc', 3, 2],
    ]);
  });

  it('strips a leading UTF-8 BOM, even split across chunks, and offsets skip it', () => {
    const data = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x\ny')]);
    for (let cut = 1; cut < 4; cut++) {
      const lines = split([data.subarray(0, cut), data.subarray(cut)]);
      expect(lines.map((l) => [l.text, l.offset])).toEqual([
        ['x', 3],
        ['y', 5],
      ]);
    }
  });

  it('a BOM at a splitter that starts past 0 (a later stretch of a stream) adds to its base', () => {
    const s = new LineSplitter(1000);
    const lines = [...s.push(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x\ny')])), ...s.end()];
    expect(lines.map((l) => [l.text, l.offset])).toEqual([
      ['x', 1003],
      ['y', 1005],
    ]);
  });

  it('does not strip a BOM-like sequence after the start', () => {
    const lines = split([Buffer.from('a\n\ufeffb\n')]);
    expect(lines[1]!.text).toBe('\ufeffb');
  });

  it('reads the last line without a final newline', () => {
    expect(split([Buffer.from('a\nlast')]).map((l) => l.text)).toEqual(['a', 'last']);
    expect(split([Buffer.from('only')]).map((l) => l.text)).toEqual(['only']);
  });

  it('holds a partial line until its newline arrives', () => {
    const s = new LineSplitter();
    expect(s.push(Buffer.from('{"par'))).toEqual([]);
    expect(s.pendingBytes).toBe(5);
    expect(s.push(Buffer.from('tial":1}\n')).map((l) => l.text)).toEqual(['{"partial":1}']);
  });

  it('keeps empty lines as lines (the parser ignores blanks)', () => {
    expect(split([Buffer.from('a\n\nb\n')]).map((l) => [l.lineNo, l.text])).toEqual([
      [1, 'a'],
      [2, ''],
      [3, 'b'],
    ]);
  });
});
