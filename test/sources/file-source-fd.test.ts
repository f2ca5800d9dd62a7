import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSource } from '../../src/sources/open-source.js';

/*
 * A local file is opened once, by openSource, and every read of it goes through that
 * descriptor: `report` over a thousand transcripts made three opens of each. A path
 * removed after the open therefore still reads whole, small or streamed.
 */

const dir = mkdtempSync(join(tmpdir(), 'mrt-file-fd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, n: number): { path: string; lines: string[] } {
  const lines = Array.from({ length: n }, (_, i) => `{"file":"${name}","line":${i},"pad":"${'x'.repeat(200)}"}`);
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, lines };
}

async function linesOf(source: { lines(): AsyncIterable<{ text: string }[]> }): Promise<string[]> {
  const seen: string[] = [];
  for await (const batch of source.lines()) for (const line of batch) seen.push(line.text);
  return seen;
}

describe('a local file opened by openSource', () => {
  // 100 lines (~23 KiB) is read whole at once; 20,000 (~4.5 MiB) in chunks.
  it.each([
    ['small', 100],
    ['streamed', 20_000],
  ])('reads through the descriptor it opened (%s), its path gone', async (name, n) => {
    const file = fileOf(name, n);
    const source = await openSource(file.path);
    unlinkSync(file.path);
    try {
      expect(await linesOf(source)).toEqual(file.lines);
      expect(source.readBytes(0, 9).toString()).toBe('{"file":"');
    } finally {
      source.close();
    }
  });

  it('closed while a chunk is being read, stops without an error', async () => {
    const file = fileOf('closed', 20_000);
    const source = await openSource(file.path);
    const lines = source.lines()[Symbol.asyncIterator]();
    const first = await lines.next();
    expect(first.done).toBe(false);
    // The next chunk is being read now: the descriptor is closed once that read ends,
    // and the reading stops there (the line the first chunk cut may still come).
    source.close();
    let more = 0;
    for (let next = await lines.next(); !next.done; next = await lines.next()) more += next.value.length;
    expect(first.value!.length + more).toBeLessThan(file.lines.length);
  });
});
