import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/ingest/ingest.js';
import { FileSource } from '../../src/sources/file-source.js';
import { LineRuns } from '../../src/store/line-runs.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { realProducerFiles, realTraceFiles } from '../helpers/shared.js';
import { snapshotBytes } from '../helpers/store.js';

/** A small deterministic generator (xorshift), so a failure is the same every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** The store's lines of `path` read whole, each row's line number worked out from the bytes: one plus the newlines before it. */
async function linesAgainstBytes(paths: string[]): Promise<number> {
  const store = new TraceStore(bundledPrices());
  for (const path of paths) await ingest(store, new FileSource(path));
  const newlinesBefore = paths.map((path) => {
    const bytes = readFileSync(path);
    const at = new Int32Array(bytes.length + 1);
    for (let i = 0; i < bytes.length; i++) at[i + 1] = at[i]! + (bytes[i] === 0x0a ? 1 : 0);
    return at;
  });
  for (let row = 0; row < store.count; row++) {
    const want = 1 + newlinesBefore[store.fileOf(row)]![store.offsetOf(row)]!;
    if (store.lineOf(row) !== want) expect(store.lineOf(row), `row ${row} of ${paths.join(', ')}`).toBe(want);
  }
  return store.count;
}

describe('line numbers kept as runs', () => {
  it('give back every line pushed, in order and at random, however rows and lines interleave', () => {
    const next = random(20261205);
    for (let round = 0; round < 40; round++) {
      const runs = new LineRuns();
      // Up to four files whose lines interleave; a row is on its file's next line, on the
      // same line (a batch line's next message), or past blank lines.
      const files = 1 + Math.floor(next() * 4);
      const line = new Array<number>(files).fill(0);
      // Most rows this many lines on: the next line, a blank line between, a batch, and
      // steps at and past the largest a run keeps (255).
      const usual = [1, 2, 0, 3, 255, 256][round % 6]!;
      const want: number[] = [];
      for (let row = 0; row < 2000; row++) {
        const f = next() < 0.9 && row > 0 ? want.length % files : Math.floor(next() * files);
        const r = next();
        line[f] = line[f]! + (r < 0.8 ? usual : r < 0.85 ? 1 : r < 0.9 ? 0 : 2 + Math.floor(next() * 5));
        line[f] = Math.max(1, line[f]!);
        runs.push(row, line[f]!);
        want.push(line[f]!);
      }
      expect(want.map((_, row) => runs.at(row))).toEqual(want);
      for (let i = 0; i < 500; i++) {
        const row = Math.floor(next() * want.length);
        expect(runs.at(row)).toBe(want[row]);
      }
      // Backwards too: the cached run must not answer for a row before it.
      for (let row = want.length - 1; row >= 0; row -= 7) expect(runs.at(row)).toBe(want[row]);
    }
  });

  it('keep one run for a file of consecutive lines, and start one at each gap', () => {
    const runs = new LineRuns();
    for (let row = 0; row < 100_000; row++) runs.push(row, row + 1);
    expect(runs.row.length).toBe(1);
    runs.push(100_000, 100_003); // two blank lines skipped
    runs.push(100_001, 100_003); // a batch line's second message
    runs.push(100_002, 100_004);
    expect(runs.row.length).toBe(3);
    expect([99_999, 100_000, 100_001, 100_002].map((row) => runs.at(row))).toEqual([
      100_000, 100_003, 100_003, 100_004,
    ]);
    // Emptied as a store clears its columns, then filled again: the run last found is gone.
    runs.row.clear();
    runs.no.clear();
    runs.step.clear();
    runs.push(0, 5);
    runs.push(1, 9);
    expect([runs.at(0), runs.at(1)]).toEqual([5, 9]);
  });

  it('keep one run for records with a blank line after each, and for a batch line', () => {
    const runs = new LineRuns();
    for (let row = 0; row < 100_000; row++) runs.push(row, 2 * row + 1);
    expect(runs.row.length).toBe(1);
    for (let row = 100_000; row < 100_010; row++) runs.push(row, 200_005); // ten messages on one line
    expect(runs.row.length).toBe(2);
    expect([0, 99_999, 100_000, 100_009].map((row) => runs.at(row))).toEqual([1, 199_999, 200_005, 200_005]);
  });

  it('refuse saved runs that do not hold together', () => {
    const ok = (row: number[], no: number[], rows: number) =>
      LineRuns.valid(Int32Array.from(row), Int32Array.from(no), rows);
    expect(ok([0, 5, 9], [1, 7, 12], 10)).toBe(true);
    expect(ok([], [], 0)).toBe(true);
    expect(ok([], [], 3)).toBe(false); // rows with no run
    expect(ok([1], [1], 3)).toBe(false); // row 0 in no run
    expect(ok([0, 5, 5], [1, 7, 9], 10)).toBe(false); // not ascending
    expect(ok([0, 10], [1, 2], 10)).toBe(false); // past the last row
    expect(ok([0], [0], 10)).toBe(false); // line 0
    expect(ok([0, 4], [1], 10)).toBe(false); // lengths differ
  });

  it('are the lines the bytes say, blank lines, CRLF, a BOM, batches and two files in one store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'line-runs-'));
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    const rec = (id: number) => JSON.stringify({ t: '2026-01-01T00:00:00Z', dir: 'in', raw: { id, method: 'm' } });
    writeFileSync(
      a,
      `\ufeff${rec(1)}\r\n\r\n\n${rec(2)}\n[bad\n${JSON.stringify({
        dir: 'in',
        raw: [
          { id: 3, method: 'x' },
          { id: 4, method: 'y' },
        ],
      })}\n\n${rec(5)}`,
    );
    writeFileSync(b, `\n\n${rec(1)}\n${rec(2)}\r\n`);
    expect(await linesAgainstBytes([a, b])).toBeGreaterThan(6);
    // A blank line after every record: one run, and the same lines through a saved index.
    const c = join(dir, 'c.jsonl');
    writeFileSync(c, Array.from({ length: 300 }, (_, i) => `${rec(i)}\n\n`).join(''));
    expect(await linesAgainstBytes([c])).toBe(300);
    const store = new TraceStore(bundledPrices());
    await ingest(store, new FileSource(c));
    expect(store.cols.lines.row.length).toBe(1);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(store), c)).toBe(true);
    expect(Array.from({ length: 300 }, (_, row) => restored.lineOf(row))).toEqual(
      Array.from({ length: 300 }, (_, row) => 2 * row + 1),
    );
    expect(await linesAgainstBytes(['examples/demo.jsonl', 'test/fixtures/malformed.jsonl'])).toBeGreaterThan(10);
  });

  it('are the lines the bytes say in every real trace and recording', async () => {
    let rows = 0;
    for (const file of realTraceFiles) rows += await linesAgainstBytes([file]);
    for (const { recording } of realProducerFiles)
      if (recording.endsWith('.jsonl')) rows += await linesAgainstBytes([recording]);
    expect(rows).toBeGreaterThan(1000);
  });
});
