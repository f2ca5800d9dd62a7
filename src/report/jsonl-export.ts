import type { TraceStore } from '../store/trace-store.js';

/**
 * The raw lines of `rows`, once each (the elements of a batch line share it), in row
 * order: what `w` and `--export` write, byte for byte as recorded.
 */
export function* exportLines(store: TraceStore, rows: ArrayLike<number>): Iterable<string> {
  let lastFile = -1;
  let lastOffset = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const file = store.fileOf(row);
    const offset = store.offsetOf(row);
    if (file === lastFile && offset === lastOffset) continue;
    lastFile = file;
    lastOffset = offset;
    yield store.rawLine(row) ?? '';
  }
}

/** OSC 52: asks the terminal (also over SSH and in tmux) to put `text` on the clipboard. */
export function osc52(text: string): `\x1b]52;c;${string}\x07` {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}
