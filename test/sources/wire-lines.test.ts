import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceFile } from '../../src/sources/record/trace-file.js';
import { isWholeUtf8, WireLines, wireText } from '../../src/sources/record/wire-lines.js';

/** Every line of `chunks`, as [text, bytes, tooLong], the tail last. */
function cut(chunks: Buffer[], max?: number) {
  const lines = new WireLines(max);
  const out = chunks.flatMap((c) => lines.push(c));
  const tail = lines.end();
  return [...out, ...(tail ? [tail] : [])].map((l) => [wireText(l), l.bytes, l.tooLong]);
}

describe('the lines of a stdio stream', () => {
  it('are cut however the chunks fall, a character cut in two decoded whole, \\r\\n taken as \\n', () => {
    const bytes = Buffer.from('{"a":"é"}\r\n\n{"b":2}\npartial');
    const whole = cut([bytes]);
    expect(whole).toEqual([
      ['{"a":"é"}', 10, false],
      ['', 0, false],
      ['{"b":2}', 7, false],
      ['partial', 7, false],
    ]);
    for (let at = 1; at < bytes.length; at++) expect(cut([bytes.subarray(0, at), bytes.subarray(at)])).toEqual(whole);
    expect(cut([...bytes].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it('keep a line as views of its chunks, not copies', () => {
    const a = Buffer.from('{"x":');
    const b = Buffer.from('1}\n');
    const lines = new WireLines();
    expect(lines.push(a)).toEqual([]);
    const [joined] = lines.push(b);
    expect(joined!.parts.map((p) => p.buffer === a.buffer || p.buffer === b.buffer)).toEqual([true, true]);
  });

  it('past the limit, only count a line: it is too long, and the next is cut as ever', () => {
    expect(cut([Buffer.from('12345'), Buffer.from('678\nok\n')], 6)).toEqual([
      ['', 8, true],
      ['ok', 2, false],
    ]);
    expect(cut([Buffer.from('123456\r\n')], 6)).toEqual([['123456', 6, false]]);
  });

  it("say when their bytes are their text's own UTF-8", () => {
    const [good] = new WireLines().push(Buffer.from('{"a":"é"}\n'));
    const [bad] = new WireLines().push(Buffer.from([0x22, 0xff, 0x22, 0x0a]));
    expect([isWholeUtf8(good!), isWholeUtf8(bad!)]).toEqual([true, false]);
  });
});

describe('the trace file', () => {
  it('writes text lines and lines in pieces in order, each with its newline', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'trace-file-')), 't.jsonl');
    const file = new TraceFile(path);
    file.writeLines(['{"a":1}', [Buffer.from('{"b":'), Buffer.from('2'), Buffer.from('}')], '{"c":3}']);
    file.write([Buffer.from('{"d":4}')]);
    file.close();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"b":2}\n{"c":3}\n{"d":4}\n');
  });
});
