import type { LineRef } from '../sources/types.js';
import type { TraceStore } from '../store/trace-store.js';
import { Kind } from '../trace/enums.js';
import { bytesFacts } from '../trace/facts.js';
import { factsAppender } from './row-writer.js';

/** How much of a kept file is read back at once while its rows are appended again. */
const BLOCK_BYTES = 4 << 20;

/** A kept line: where it is, and a skipped line's reason (kept as it was, not worked out again). */
interface KeptLine extends LineRef {
  file: number;
  skip: string | null;
}

/**
 * Drops one file's rows and everything they added (a followed file was truncated or
 * replaced, and is read again from its start), as if it had never been read.
 *
 * The store is append-only, and rows of several files interleave, each holding row
 * numbers of its own file's (pairs, links, usage, pending tables): rather than patch
 * them all, the store is emptied and the other files' lines are appended again, in the
 * order they came, from their bytes read back through their readers. What results is
 * the very store that reading only those lines would have built (the one append path:
 * a test compares it with a fresh store, column by column). With one file, emptying is
 * all. The UI sees a new `epoch` and starts over whatever it kept by row.
 */
export function resetFile(store: TraceStore, file: number): void {
  const kept = store.files.length > 1 ? keptLines(store, file) : [];
  const appendFacts = factsAppender(store);
  store.clearRows();
  const f = store.files[file];
  if (f) f.bytes = 0;
  const blocks = new Map<number, { start: number; bytes: Buffer }>();
  for (const line of kept) {
    if (line.skip !== null) {
      appendFacts(line.file, line, { kind: 'skip', reason: line.skip });
      continue;
    }
    // Lines of a file come in offset order: one read covers the lines of a block.
    let block = blocks.get(line.file);
    if (!block || line.offset < block.start || line.offset + line.length > block.start + block.bytes.length) {
      const bytes = store.readBytes(line.file, line.offset, Math.max(BLOCK_BYTES, line.length));
      if (bytes === null) continue;
      blocks.set(line.file, (block = { start: line.offset, bytes }));
    }
    const at = line.offset - block.start;
    // A line the file no longer holds whole reads as what is left of it (that file's own
    // truncation, when it is seen, reads it again).
    appendFacts(line.file, line, bytesFacts(block.bytes, at, Math.min(block.bytes.length, at + line.length)));
  }
}

/** The lines of every other file that have rows, in row order (a batch line's rows once). */
function keptLines(store: TraceStore, dropped: number): KeptLine[] {
  const out: KeptLine[] = [];
  let lastFile = -1;
  let lastOffset = -1;
  for (let row = 0; row < store.count; row++) {
    const file = store.fileOf(row);
    if (file === dropped) continue;
    const offset = store.offsetOf(row);
    // The elements of a batch line are consecutive rows of one line.
    if (file === lastFile && offset === lastOffset) continue;
    lastFile = file;
    lastOffset = offset;
    const skip = store.kindOf(row) === Kind.skip ? store.labelOf(row) : null;
    out.push({ file, lineNo: store.lineOf(row), offset, length: store.bytesOf(row), skip });
  }
  return out;
}
