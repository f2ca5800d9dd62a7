import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSource } from '../../src/sources/file-source.js';

/*
 * Files of more than a megabyte are read into megabyte buffers that go back to a pool
 * for the next file: files read at once, or one left half read, must never see each
 * other's bytes.
 */

const dir = mkdtempSync(join(tmpdir(), 'mrt-file-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `n` lines, each naming its file and number, about 3 MiB in all. */
function bigFile(name: string, n = 12_000): { path: string; lines: string[] } {
  const lines = Array.from({ length: n }, (_, i) => `{"file":"${name}","line":${i},"pad":"${name.repeat(60)}"}`);
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, lines };
}

describe('FileSource read buffers', () => {
  it('give each of several files read at once its own bytes, and again with the buffers reused', async () => {
    const files = ['a', 'b', 'c'].map((n) => bigFile(n));
    for (let round = 0; round < 2; round++) {
      const sources = files.map((f) => new FileSource(f.path));
      const iterators = sources.map((s) => s.lines()[Symbol.asyncIterator]());
      const seen: string[][] = files.map(() => []);
      // Batches taken in turn, each checked before the next of any file is asked for.
      for (let open = files.length; open > 0; ) {
        open = 0;
        for (let i = 0; i < iterators.length; i++) {
          const next = await iterators[i]!.next();
          if (next.done) continue;
          open++;
          for (const line of next.value) seen[i]!.push(line.text);
        }
      }
      for (let i = 0; i < files.length; i++) expect(seen[i]).toEqual(files[i]!.lines);
      for (const s of sources) s.close();
    }
  });

  it('takes back the buffers of a file left half read, and the next file reads whole', async () => {
    const first = bigFile('d');
    const second = bigFile('e');
    const left = new FileSource(first.path);
    for await (const batch of left.lines()) {
      expect(batch[0]!.text).toBe(first.lines[0]);
      break;
    }
    left.close();
    const read: string[] = [];
    const source = new FileSource(second.path);
    for await (const batch of source.lines()) for (const line of batch) read.push(line.text);
    source.close();
    expect(read).toEqual(second.lines);
  });
});
