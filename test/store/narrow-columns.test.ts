import { describe, expect, it } from 'vitest';
import { appendLines } from '../../src/ingest/row-writer.js';
import { loadSnapshot } from '../../src/store/snapshot.js';
import { statsOf } from '../../src/store/stats.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { at, snapshotBytes, storeOf } from '../helpers/store.js';

const request = (i: number, method: string, tool?: string) => ({
  t: at(i),
  dir: 'in',
  raw: { jsonrpc: '2.0', id: i, method, ...(tool ? { params: { name: tool } } : {}) },
});
const response = (i: number) => ({ t: at(i + 1), dir: 'out', raw: { jsonrpc: '2.0', id: i, result: {} } });

/** Every row's label and name read back as the strings they were stored as. */
const names = (s: TraceStore) => Array.from({ length: s.count }, (_, row) => [s.labelOf(row), s.nameOf(row)]);

describe('narrow row columns (8- and 16-bit, widened on overflow)', () => {
  it('start narrow: label and name in 16 bits, file and the offset high part in 8', () => {
    const s = storeOf([request(1, 'tools/call', 'a'), response(1)]);
    expect(
      [s.cols.label.data, s.cols.name.data, s.cols.file.data, s.cols.offsetHigh.data, s.cols.offsetLow.data].map(
        (d) => d.constructor.name,
      ),
    ).toEqual(['Int16Array', 'Int16Array', 'Uint8Array', 'Uint8Array', 'Uint32Array']);
  });

  it('widen label and name past 32,767 distinct strings, every row keeping its own', () => {
    const lines: object[] = [];
    for (let i = 0; i < 20_000; i++)
      lines.push(request(2 * i, `m/${i}`), request(2 * i + 1, 'tools/call', `tool-${i}`));
    const s = storeOf(lines);
    expect(s.cols.strings.values.length).toBeGreaterThan(0x7fff);
    expect(s.cols.label.data).toBeInstanceOf(Int32Array);
    expect(s.cols.name.data).toBeInstanceOf(Int32Array);
    const got = names(s);
    expect(got[0]).toEqual(['m/0', null]);
    expect(got[39_998]).toEqual(['m/19999', null]);
    expect(got[39_999]).toEqual(['tools/call', 'tool-19999']);
    expect(s.aggregates.methods.get('m/19999')?.calls).toBe(1);
  });

  it('widen the file column past 255 files, rows still naming theirs', () => {
    const s = new TraceStore(bundledPrices());
    for (let i = 0; i < 300; i++) {
      const f = s.addFile(`f${i}.jsonl`).index;
      appendLines(s, f, [{ text: JSON.stringify(request(i, 'ping')), lineNo: 1, offset: 0, length: 10 }]);
    }
    expect(s.cols.file.data).toBeInstanceOf(Int32Array);
    expect(Array.from(s.cols.file.data.subarray(0, s.count))).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(s.files[299]!.counts.message).toBe(1);
  });

  it('keep offsets past 4 GiB exact, and past 1 TiB too (the high part widens)', () => {
    const s = new TraceStore(bundledPrices());
    const f = s.addFile('big.jsonl').index;
    const offsets = [0, 2 ** 32 - 1, 2 ** 32, 5_000_000_123, 2 ** 40 - 7, 2 ** 40, 2 ** 45 + 12_345];
    for (const [i, offset] of offsets.entries())
      appendLines(s, f, [{ text: JSON.stringify(request(i, 'ping')), lineNo: i + 1, offset, length: 10 }]);
    expect(s.cols.offsetHigh.data).toBeInstanceOf(Float64Array);
    expect(offsets.map((_, row) => s.offsetOf(row))).toEqual(offsets);
  });

  it('restore the time column as saved: Int32 offsets with their zero, or Float64 (times 40 days apart)', () => {
    for (const gap of [5, 40 * 86_400_000]) {
      const s = storeOf([0, gap].map((ms) => ({ t: at(ms), dir: 'in', raw: { jsonrpc: '2.0', method: 'ping' } })));
      expect(s.cols.t.data).toBeInstanceOf(gap > 2 ** 31 ? Float64Array : Int32Array);
      const restored = new TraceStore(bundledPrices());
      expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
      expect(restored.cols.t.data.constructor).toBe(s.cols.t.data.constructor);
      expect([restored.tOf(0), restored.tOf(1)]).toEqual([Date.parse(at(0)), Date.parse(at(gap))]);
    }
  });

  it('are saved and restored with the width they had', () => {
    const lines: object[] = [];
    for (let i = 0; i < 33_000; i++) lines.push(request(2 * i, `m/${i}`), response(2 * i));
    const s = storeOf(lines);
    expect(s.cols.label.data).toBeInstanceOf(Int32Array);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect(restored.cols.label.data).toBeInstanceOf(Int32Array);
    expect(restored.cols.name.data).toBeInstanceOf(Int16Array); // names stayed few: only labels widened
    expect(names(restored)).toEqual(names(s));
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
    // A row appended after the restore goes into the wide column as it is.
    appendLines(restored, 0, [
      {
        text: JSON.stringify(request(99_999, 'm/last')),
        lineNo: 70_000,
        offset: 2 ** 33,
        length: 10,
      },
    ]);
    expect(restored.labelOf(restored.count - 1)).toBe('m/last');
    expect(restored.offsetOf(restored.count - 1)).toBe(2 ** 33);
  });
});
