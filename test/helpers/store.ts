import { appendLines } from '../../src/ingest/row-writer.js';
import { Column } from '../../src/store/columns.js';
import { saveSnapshot } from '../../src/store/snapshot.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices, type PriceTable } from '../../src/trace/prices.js';

/** A store over literal lines (objects are JSON-encoded, strings kept as written). */
export function storeOf(
  lines: (object | string)[],
  prices: PriceTable = bundledPrices(),
  name = 'test.jsonl',
): TraceStore {
  return fillStore(new TraceStore(prices), lines, name);
}

/** Adds a file of literal lines to `store`, read whole (state done). */
export function fillStore(store: TraceStore, lines: (object | string)[], name = 'test.jsonl'): TraceStore {
  const file = store.addFile(name).index;
  const texts = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l)));
  const bytes = Buffer.from(`${texts.join('\n')}\n`);
  store.setReader(file, (offset, length) => bytes.subarray(offset, offset + length));
  let offset = 0;
  appendLines(
    store,
    file,
    texts.map((text, i) => {
      const line = { text, lineNo: i + 1, offset, length: Buffer.byteLength(text) };
      offset += line.length + 1;
      return line;
    }),
  );
  store.files[file]!.state = 'done';
  return store;
}

/** Lines added to the end of `store`'s first file, which holds `before`: as a followed file grows. Returns all its lines. */
export function appendTo(store: TraceStore, before: string[], more: string[]): string[] {
  let offset = before.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  appendLines(
    store,
    0,
    more.map((text, i) => {
      const line = { text, lineNo: before.length + i + 1, offset, length: Buffer.byteLength(text) };
      offset += line.length + 1;
      return line;
    }),
  );
  return [...before, ...more];
}

export const T0 = Date.parse('2026-05-12T23:00:00.000Z');
/** An ISO time `ms` after T0. */
export const at = (ms: number) => new Date(T0 + ms).toISOString();

/** A saved index as one buffer: each part copied as it comes (a part is valid until the next). */
export function snapshotBytes(store: TraceStore): Buffer {
  const parts: Buffer[] = [];
  for (const part of saveSnapshot(store)) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * Rollups as plain values to compare: each column (a latency list) as the numbers it
 * holds, whatever room it has left to grow.
 */
export function plain(value: unknown): unknown {
  if (value instanceof Column) return Array.from(value.view() as ArrayLike<number>);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}
