import type { TraceStore } from '../store/trace-store.js';

/** Which element of its batch line a row is (null: the line holds one message). */
export function batchIndex(store: TraceStore, row: number): number | null {
  const file = store.fileOf(row);
  const offset = store.offsetOf(row);
  const same = (r: number) => r >= 0 && r < store.count && store.fileOf(r) === file && store.offsetOf(r) === offset;
  if (!same(row - 1) && !same(row + 1)) return null;
  let k = 0;
  while (same(row - k - 1)) k++;
  return k;
}
