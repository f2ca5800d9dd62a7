import { truncate, width, widthUpTo } from '../kit/cells.js';
import { fitColumns } from '../kit/fit-columns.js';

/** A column: header, alignment, and the cell text of each row. */
export interface Col {
  header: string;
  align?: 'left' | 'right';
  /**
   * When the table is wider than the terminal, columns with the lowest `drop` go first
   * (ccusage's compact mode); a column without one is always kept.
   */
  drop?: number;
  /** A column that may be cut to fit, down to this many cells (the first column: 12, unless said). */
  min?: number;
  /**
   * Its cells are cut to this many cells (MAX_COLUMN unless said). Infinity: never cut
   * nor measured, for the last column of a table to a pipe (what `diff` says differs).
   */
  max?: number;
}

/** No column is wider than this: a 2,000-character tool name is cut with …, never a 2,000-column line. */
export const MAX_COLUMN = 60;
const GAP = 2;
/** The first column (a name) is cut to fit, but never below this. */
const MIN_FIRST = 12;

/** An aligned plain-text table; widths count display cells (CJK, emoji). */
export function table(cols: Col[], rows: string[][]): string[] {
  return fitTable(cols, rows, Infinity).lines;
}

/**
 * The table within `maxWidth` cells where it can be: the columns that drop first are
 * left out, then the columns that may be cut are (the first one, and any with `min`).
 * Says which columns it left out. `whole` (a pipe): no cell is cut; one wider than its
 * column (at most MAX_COLUMN) runs on, pushing the rest of its row right.
 */
export function fitTable(
  cols: Col[],
  rows: string[][],
  maxWidth: number,
  whole = false,
): { lines: string[]; dropped: string[] } {
  // Loops, not Math.max(...rows) or push(...lines): 200,000 tool names would overflow the call stack.
  const caps = cols.map((c) => c.max ?? MAX_COLUMN);
  const widths = cols.map((c, i) => {
    let w = width(c.header);
    if (caps[i] === Infinity) return w;
    for (const r of rows) w = Math.max(w, widthUpTo(r[i] ?? '', caps[i]!));
    return Math.min(w, caps[i]!);
  });
  // The first column (a name) is cut to fit when dropping columns is not enough.
  const fit = fitColumns(
    cols.map((c, i) => ({ drop: c.drop, min: c.min ?? (i === 0 ? Math.min(widths[0]!, MIN_FIRST) : undefined) })),
    widths,
    maxWidth,
    GAP,
  );
  const { kept } = fit;
  const dropped = fit.dropped.map((i) => cols[i]!.header);
  const line = (cells: string[]) =>
    kept
      .map((i) => {
        const cell = caps[i] === Infinity || whole ? (cells[i] ?? '') : truncate(cells[i] ?? '', fit.widths[i]!);
        // Measured no further than its column: a pipe's last cell may be megabytes.
        const pad = ' '.repeat(Math.max(0, fit.widths[i]! - widthUpTo(cell, fit.widths[i]!)));
        return cols[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [line(cols.map((c) => c.header))];
  for (const r of rows) lines.push(line(r));
  return { lines, dropped };
}
