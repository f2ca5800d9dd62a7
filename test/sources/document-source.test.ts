import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentSource, NotTraceError } from '../../src/sources/document-source.js';
import { FileSource } from '../../src/sources/file-source.js';
import { formatReader } from '../../src/trace/formats/reader.js';
import { linesOf, onePerLine, textSource } from '../helpers/formats.js';
import { REAL_PRODUCERS } from '../helpers/shared.js';

const read = (text: string, perBatch = 3) => new DocumentSource(textSource(text, perBatch), formatReader);
const V1_LINES = [
  '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"x","command":[]}',
  '{"t":"2026-01-01T00:00:00.001Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}',
  '{"t":"2026-01-01T00:00:00.002Z","dir":"out","raw":{"jsonrpc":"2.0","id":1,"result":{}}}',
];

describe('DocumentSource: JSONL passes through, a document is read whole', () => {
  it.each([1, 2, 100])('JSONL arrives as it was, named by its first line (batches of %i)', async (perBatch) => {
    for (const [text, format] of [
      [`${V1_LINES.join('\n')}\n`, 'mcp-replay v1'],
      [`\n${readFileSync(`${REAL_PRODUCERS}mcprec-everything-rich.jsonl`, 'utf8')}`, 'mcp-rec'],
      // Records of unknown types, or a broken first line: JSONL all the same.
      ['{"type":"x"}\n{"type":"y"}\n', 'mcp-replay v1'],
      [`{"broken\n${V1_LINES.slice(1).join('\n')}\n`, 'mcp-replay v1'],
    ] as const) {
      const source = read(text, perBatch);
      const got = await linesOf(source);
      expect(got.map((l) => [l.lineNo, l.text])).toEqual(
        text
          .split('\n')
          .slice(0, -1)
          .map((t, i) => [i + 1, t]),
      );
      expect(source.format()?.name).toBe(format);
    }
  });

  it.each([1, 4, 1000])(
    'a pretty-printed cassette becomes v1 lines read back from memory (batches of %i)',
    async (perBatch) => {
      const text = readFileSync(`${REAL_PRODUCERS}mcprecorder-everything.json`, 'utf8');
      const source = read(text, perBatch);
      const lines = await linesOf(source);
      expect(source.format()).toEqual({ name: 'mcp-recorder cassette', approximateTimes: true });
      expect(lines.length).toBe(1 + 22 * 2 + 1 + 1);
      for (const l of lines) expect(source.readBytes(l.offset, l.length).toString('utf8')).toBe(l.text);
      expect(JSON.parse(lines[0]!.text).type).toBe('meta');
      expect(JSON.parse(lines.at(-1)!.text).type).toBe('end');
    },
  );

  it.each([1, 4, 1000])(
    'a cassette laid out one interaction per line is a document too, not JSONL (batches of %i)',
    async (perBatch) => {
      const text = readFileSync(`${REAL_PRODUCERS}mcprecorder-everything.json`, 'utf8');
      const relaid = onePerLine(text);
      expect(relaid.split('\n').length).toBeGreaterThan(20);
      const source = read(relaid, perBatch);
      const lines = await linesOf(source);
      expect(source.format()?.name).toBe('mcp-recorder cassette');
      // The same records as the pretty-printed original (their line numbers differ).
      const texts = (await linesOf(read(text, perBatch))).map((l) => l.text);
      expect(lines.map((l) => l.text)).toEqual(texts);
      const dir = mkdtempSync(join(tmpdir(), 'mrt-doc-'));
      writeFileSync(join(dir, 'c.json'), relaid);
      const file = new DocumentSource(new FileSource(join(dir, 'c.json')), formatReader);
      expect([file.format(), file.isDocument()]).toEqual([null, true]);
      file.close();
    },
  );

  it('an object alone on a line where no document holds one shows JSONL, after any first line', async () => {
    for (const first of ['{"a": [1,', '{"a": {', '{"a":', '[{"a": 1}]', '{"a": "x\\"', '["[",']) {
      const text = `${first}\n${V1_LINES.join('\n')}\n`;
      const source = read(text, 2);
      const lines = await linesOf(source);
      expect(source.format()?.name, first).toBe('mcp-replay v1');
      expect(lines.map((l) => l.text)).toEqual(text.split('\n').slice(0, -1));
    }
  });

  it('a JSON document that is no recording ends the read with NotTraceError, naming its keys', async () => {
    await expect(linesOf(read('{\n  "name": "x",\n  "scripts": {}\n}\n'))).rejects.toThrow(
      new NotTraceError('text.json is a JSON document with keys name, scripts'),
    );
    await expect(linesOf(read('{"only": 1}\n'))).rejects.toBeInstanceOf(NotTraceError);
  });

  it('text that starts like a document but is no JSON is read as lines (each then skipped, as before)', async () => {
    const text = '{\n  "a": 1,\n  oops\n';
    expect((await linesOf(read(text))).map((l) => l.text)).toEqual(['{', '  "a": 1,', '  oops']);
  });

  it('refuses a document past its limit, without holding it', async () => {
    const reader = { ...formatReader, maxBytes: 100 };
    const big = `{\n${Array.from({ length: 50 }, (_, i) => `  "k${i}": ${i},`).join('\n')}\n  "end": 0\n}\n`;
    await expect(linesOf(new DocumentSource(textSource(big), reader))).rejects.toThrow(/over 0 MiB/);
  });

  it("a local file's format is known from its head before it is read (the index cache asks)", () => {
    const rec = new DocumentSource(new FileSource(`${REAL_PRODUCERS}mcprec-everything-rich.jsonl`), formatReader);
    const doc = new DocumentSource(new FileSource(`${REAL_PRODUCERS}mcprecorder-everything.json`), formatReader);
    expect([rec.format()?.name, rec.isDocument()]).toEqual(['mcp-rec', false]);
    expect([doc.format(), doc.isDocument()]).toEqual([null, true]);
    rec.close();
    doc.close();
  });
});
