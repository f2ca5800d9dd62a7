import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/ingest/row-writer.js';
import { BlockReader } from '../../src/sources/block-reader.js';
import { LineSplitter, MAX_LINE_BYTES, tooLongReason } from '../../src/sources/line-splitter.js';
import type { Line } from '../../src/sources/types.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { seededRandom } from '../helpers/random.js';

/*
 * A line longer than the limit is skipped (with its number, offset, length and reason),
 * never held, and reading goes on at its newline. The limit is injected small here.
 */

const MAX = 16;

/** What the splitter must give: cut on `\n` after a BOM; a line whose bytes before `\n` pass MAX is a skip. */
function expected(bytes: Buffer): [number, number, number, string | null][] {
  const out: [number, number, number, string | null][] = [];
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let lineNo = 0;
  while (start < bytes.length) {
    let nl = bytes.indexOf(0x0a, start);
    if (nl === -1) nl = bytes.length;
    const raw = nl - start;
    const length = raw > 0 && bytes[nl - 1] === 0x0d ? raw - 1 : raw;
    out.push([++lineNo, start, length, raw > MAX ? tooLongReason(MAX, length) : null]);
    start = nl + 1;
  }
  return out;
}

const shape = (l: Line): [number, number, number, string | null] => [l.lineNo, l.offset, l.length, l.skip ?? null];

/** Lines with each run of empty lines spread out (each member's offset from the bytes). */
function spread(lines: Line[], bytes: Buffer): Line[] {
  return lines.flatMap((l) => {
    if (l.emptyRun === undefined) return [l];
    const out: Line[] = [];
    let offset = l.offset;
    for (let k = 0; k < l.emptyRun; k++) {
      out.push({ text: '', lineNo: l.lineNo + k, offset, length: 0 });
      offset += bytes[offset] === 0x0d ? 2 : 1;
    }
    return out;
  });
}

function splitIn(bytes: Buffer, cuts: number[]): Line[] {
  const s = new LineSplitter(0, MAX);
  const out: Line[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...s.push(bytes.subarray(at, cut)));
    at = cut;
  }
  return [...out, ...s.end()];
}

/** Random lines around the limit: short, exactly MAX, MAX+1, far over; some `\r\n`, blank, a BOM, no final newline. */
function randomTrace(seed: number): Buffer {
  const r = seededRandom(seed);
  const parts: string[] = [];
  const n = 5 + r(30);
  for (let i = 0; i < n; i++) {
    const len = [0, 1, MAX - 1, MAX, MAX + 1, MAX + 2, 3 * MAX, 200][r(8)]!;
    let line = 'x'.repeat(len);
    if (r(4) === 0 && len > 0) line = `${line.slice(0, -1)}\r`;
    parts.push(line);
  }
  const text = parts.join('\n') + (r(2) ? '\n' : '');
  return Buffer.concat([r(3) === 0 ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text)]);
}

describe('the line limit', () => {
  it('skips exactly the lines over the limit, at every chunking', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const bytes = randomTrace(seed);
      const want = expected(bytes);
      const r = seededRandom(seed * 7);
      for (let k = 0; k < 6; k++) {
        const cuts: number[] = [];
        const step = [1, 2, 5, MAX, MAX + 3, 64][k]!;
        for (let at = 1 + r(step); at < bytes.length; at += 1 + r(step)) cuts.push(at);
        expect(spread(splitIn(bytes, cuts), bytes).map(shape), `seed ${seed}, step ${step}`).toEqual(want);
      }
    }
  });

  it('keeps lines up to the limit, and holds nothing of a longer one', () => {
    const s = new LineSplitter(0, MAX);
    expect(s.push(Buffer.from('x'.repeat(MAX)))).toEqual([]);
    expect(s.pendingBytes).toBe(MAX);
    expect(s.push(Buffer.from('y'))).toEqual([]);
    expect(s.pendingBytes).toBe(0);
    expect(s.droppingLine).toBe(true);
    for (let i = 0; i < 1000; i++) s.push(Buffer.alloc(4096));
    expect(s.pendingBytes).toBe(0);
    const [skip, next] = s.push(Buffer.from('\n{"a":1}\n'));
    expect(shape(skip!)).toEqual([1, 0, MAX + 1 + 4096 * 1000, tooLongReason(MAX, MAX + 1 + 4096 * 1000)]);
    expect([next!.lineNo, next!.offset, next!.text]).toEqual([2, MAX + 2 + 4096 * 1000, '{"a":1}']);
  });

  it('gives a run of empty lines as one line, numbers kept', () => {
    const s = new LineSplitter();
    const lines = [...s.push(Buffer.from('a\n\n\r\n\n\nb\n\nc\n')), ...s.end()];
    expect(lines.map((l) => [l.lineNo, l.offset, l.text, l.emptyRun])).toEqual([
      [1, 0, 'a', undefined],
      [2, 2, '', 4],
      [6, 7, 'b', undefined],
      [7, 9, '', undefined],
      [8, 10, 'c', undefined],
    ]);
    expect(s.linesSeen).toBe(8);
    const blank = new LineSplitter();
    expect(blank.push(Buffer.alloc(1 << 20, 0x0a))).toHaveLength(1);
  });

  it('says the limit in MiB by default', () => {
    expect(MAX_LINE_BYTES).toBe(64 * 1024 * 1024);
    expect(tooLongReason(MAX_LINE_BYTES, 70_000_000)).toBe('line longer than 64 MiB (70000000 bytes): not read');
  });

  it('counts an over-long line as a skipped line with its number', () => {
    const store = new TraceStore(bundledPrices());
    const file = store.addFile('x').index;
    const lines = splitIn(Buffer.from(`{"type":"x"}\n${'z'.repeat(40)}\n{"type":"y"}\n`), [5, 20, 33]);
    appendLines(store, file, lines);
    expect(store.files[0]!.skipped).toBe(1);
    expect(store.skips).toEqual([{ file: 0, lineNo: 2, reason: tooLongReason(MAX, 40) }]);
    expect(store.count).toBe(3);
  });

  it('gives BlockReader the same lines and skips at every range size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-limit-'));
    for (let seed = 1; seed <= 60; seed++) {
      const bytes = randomTrace(seed);
      const path = join(dir, `t${seed}.jsonl`);
      writeFileSync(path, bytes);
      const want = expected(bytes);
      for (const block of [1, 3, MAX, MAX + 1, 50, 1 << 20]) {
        const reader = new BlockReader(path, bytes.length, MAX);
        const got: [number, number, number, string | null][] = [];
        for (let start = 0; start < bytes.length; start += block) {
          const lines = reader.read(start, start + block);
          for (let i = 0; i < lines.count; i++) {
            const long = lines.long?.get(i);
            got.push([
              got.length + 1,
              lines.base + lines.starts[i]!,
              long ? long.length : lines.stops[i]! - lines.starts[i]!,
              long ? long.reason : null,
            ]);
          }
        }
        reader.close();
        expect(got, `seed ${seed}, range ${block}`).toEqual(want);
      }
    }
  });
});
