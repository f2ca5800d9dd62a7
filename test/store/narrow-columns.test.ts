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

describe('line lengths and pairs, narrow with the rare large value aside', () => {
  /** One ping per length, each line `length` bytes long as the index measured it. */
  const lined = (lengths: number[]) => {
    const s = new TraceStore(bundledPrices());
    const f = s.addFile('long.jsonl').index;
    let offset = 0;
    for (const [i, length] of lengths.entries()) {
      appendLines(s, f, [{ text: JSON.stringify(request(i, 'ping')), lineNo: i + 1, offset, length }]);
      offset += length + 1;
    }
    return s;
  };

  it('keep every length exact: 16 bits up to 65,534 bytes, longer ones (to 2 GiB) aside', () => {
    const lengths = [10, 65_534, 65_535, 65_536, 0, 2 ** 31 - 1, 1_000_000];
    const s = lined([...lengths, 3 * 2 ** 30]);
    expect(s.cols.length.data).toBeInstanceOf(Uint16Array);
    // What a view can read back: a line past 2 GiB is kept as 2 GiB - 1.
    expect(Array.from({ length: s.count }, (_, row) => s.bytesOf(row))).toEqual([...lengths, 2 ** 31 - 1]);
    expect([...s.cols.length.aside.keys()]).toEqual([2, 3, 5, 6, 7]);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'long.jsonl')).toBe(true);
    expect(Array.from({ length: s.count }, (_, row) => restored.bytesOf(row))).toEqual([...lengths, 2 ** 31 - 1]);
  });

  it('pair a request with a response 127 rows on in 8 bits, and one further with the distance aside, both ways', () => {
    const note = (i: number) => ({ t: at(i), dir: 'out', raw: { jsonrpc: '2.0', method: 'notifications/progress' } });
    const lines: object[] = [request(1, 'tools/call', 'near')];
    for (let i = 0; i < 126; i++) lines.push(note(2));
    lines.push(response(1), request(5, 'tools/call', 'far'));
    for (let i = 0; i < 300; i++) lines.push(note(6));
    lines.push(response(5));
    const s = storeOf(lines);
    const far = 128;
    expect(s.cols.pair.data).toBeInstanceOf(Int8Array);
    expect([s.pairedRow(0), s.pairedRow(127), s.pairedRow(far), s.pairedRow(s.count - 1)]).toEqual([
      127,
      0,
      s.count - 1,
      far,
    ]);
    expect(s.pairedRow(1)).toBe(-1);
    expect([...s.cols.pair.aside]).toEqual([
      [far, s.count - 1 - far],
      [s.count - 1, far - (s.count - 1)],
    ]);
    const restored = new TraceStore(bundledPrices());
    expect(loadSnapshot(restored, snapshotBytes(s), 'test.jsonl')).toBe(true);
    expect(Array.from({ length: s.count }, (_, row) => restored.pairedRow(row))).toEqual(
      Array.from({ length: s.count }, (_, row) => s.pairedRow(row)),
    );
    expect(statsOf(restored, 0)).toEqual(statsOf(s, 0));
    expect(statsOf(s, 0).tools.map((t) => t.name)).toEqual(['far', 'near']);
  });

  it('refuse a saved index whose values aside do not match the rows that hold the escape', () => {
    const s = lined([10, 70_000, 20]);
    const bytes = snapshotBytes(s);
    const headLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as {
      parts: { name: string; bytes: number }[];
    };
    let offset = 4 + headLength;
    const at8 = (n: number) => n + ((8 - (n % 8)) % 8);
    const where = new Map<string, number>();
    for (const part of header.parts) {
      offset = at8(offset);
      where.set(part.name, offset);
      offset += part.bytes;
    }
    // The aside entry names row 1; pointed at row 2 (which holds 20, not the escape), it is refused.
    const bad = Buffer.from(bytes);
    bad.writeInt32LE(2, where.get('length.aside')!);
    expect(loadSnapshot(new TraceStore(bundledPrices()), bad, 'x')).toBe(false);
    // The escape with no entry aside: refused, never read as undefined.
    const lost = Buffer.from(bytes);
    lost.writeUInt16LE(0xffff, where.get('length')! + 2 * 2);
    expect(loadSnapshot(new TraceStore(bundledPrices()), lost, 'x')).toBe(false);
    expect(loadSnapshot(new TraceStore(bundledPrices()), bytes, 'x')).toBe(true);
  });

  it('refuse a saved index whose values aside are forged: a negative length, a pair that does not point back', () => {
    const note = { t: at(2), dir: 'out', raw: { jsonrpc: '2.0', method: 'notifications/progress' } };
    const lines: object[] = [request(1, 'tools/call', 'far'), ...Array.from({ length: 200 }, () => note), response(1)];
    const s = storeOf(lines);
    s.cols.length.set(3, 70_000);
    expect(s.cols.pair.aside.size).toBe(2);
    const bytes = snapshotBytes(s);
    const headLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as {
      parts: { name: string; bytes: number }[];
    };
    let offset = 4 + headLength;
    const where = new Map<string, number>();
    for (const part of header.parts) {
      offset += (8 - (offset % 8)) % 8;
      where.set(part.name, offset);
      offset += part.bytes;
    }
    const forged = (part: string, value: number) => {
      const bad = Buffer.from(bytes);
      bad.writeInt32LE(value, where.get(part)! + 4); // the first entry's value
      return loadSnapshot(new TraceStore(bundledPrices()), bad, 'x');
    };
    expect(forged('length.aside', -5)).toBe(false);
    expect(forged('pair.aside', 150)).toBe(false); // row 150 is a notification: it does not point back
    expect(forged('pair.aside', 5_000)).toBe(false); // past the last row
    expect(forged('length.aside', 80_000)).toBe(true); // a length, however wrong, is read safely
    expect(loadSnapshot(new TraceStore(bundledPrices()), bytes, 'x')).toBe(true);
  });
});
