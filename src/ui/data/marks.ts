/**
 * Marks as they outlive a run: a row number means nothing to the next run (several
 * files interleave differently each time), so a mark is kept as its file, its line and
 * its place among the records of that line (a JSON-RPC batch line holds several).
 */
import type { TraceStore } from '../../store/trace-store.js';

export interface MarkRef {
  /** The store's file index. */
  file: number;
  /** 1-based line of the file. */
  line: number;
  /** Which record of that line: 0 for all but the later elements of a batch. */
  nth: number;
}

/** Rows of one line are appended together: the records before `row` on its line (its place in a batch). */
export function nthOf(store: TraceStore, row: number): number {
  const file = store.fileOf(row);
  const line = store.lineOf(row);
  let n = 0;
  while (row - n - 1 >= 0 && store.fileOf(row - n - 1) === file && store.lineOf(row - n - 1) === line) n++;
  return n;
}

/** The marks of `rows`, to keep. */
export function refsOf(store: TraceStore, rows: Iterable<number>): MarkRef[] {
  const refs: MarkRef[] = [];
  for (const row of rows)
    if (row < store.count) refs.push({ file: store.fileOf(row), line: store.lineOf(row), nth: nthOf(store, row) });
  return refs;
}

/**
 * The rows of `refs` among rows `from` to the store's end (what arrived since the last
 * look: a file still loading is looked at as it grows, each row once); `left`: the
 * refs not found yet.
 */
export function findMarks(
  store: TraceStore,
  refs: readonly MarkRef[],
  from: number,
): { rows: number[]; left: MarkRef[]; upTo: number } {
  const wanted = new Map<string, MarkRef>();
  for (const r of refs) wanted.set(`${r.file}:${r.line}:${r.nth}`, r);
  // Most rows are on no marked line: a number lookup, no key made for them.
  const lines = new Set(refs.map((r) => r.line));
  const rows: number[] = [];
  const end = store.count;
  let nth = from < end && from > 0 ? nthOf(store, from) - 1 : -1;
  let file = from > 0 && from < end ? store.fileOf(from - 1) : -1;
  let line = from > 0 && from < end ? store.lineOf(from - 1) : -1;
  for (let row = from; row < end && wanted.size > 0; row++) {
    const f = store.fileOf(row);
    const l = store.lineOf(row);
    nth = f === file && l === line ? nth + 1 : 0;
    file = f;
    line = l;
    if (lines.has(l) && wanted.delete(`${f}:${l}:${nth}`)) rows.push(row);
  }
  return { rows, left: [...wanted.values()], upTo: end };
}
