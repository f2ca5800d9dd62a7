import { truncate, width, widthUpTo } from '../trace/cells.js';

/** A column: header, alignment, and the cell text of each row. */
export interface Col {
  header: string;
  align?: 'left' | 'right';
  /**
   * When the table is wider than the terminal, columns with the lowest `drop` go first
   * (ccusage's compact mode); a column without one is always kept.
   */
  drop?: number;
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
 * left out, then the first column is cut. Says which columns it left out.
 */
export function fitTable(cols: Col[], rows: string[][], maxWidth: number): { lines: string[]; dropped: string[] } {
  // Loops, not Math.max(...rows) or push(...lines): 200,000 tool names would overflow the call stack.
  const widths = cols.map((c, i) => {
    let w = width(c.header);
    for (const r of rows) w = Math.max(w, widthUpTo(r[i] ?? '', MAX_COLUMN));
    return Math.min(w, MAX_COLUMN);
  });
  const kept = cols.map((_, i) => i);
  const total = () => kept.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (kept.length - 1);
  const dropped: string[] = [];
  while (total() > maxWidth) {
    let next = -1;
    for (const i of kept) if (cols[i]!.drop !== undefined && (next < 0 || cols[i]!.drop! < cols[next]!.drop!)) next = i;
    if (next < 0) break;
    kept.splice(kept.indexOf(next), 1);
    dropped.push(cols[next]!.header);
  }
  if (total() > maxWidth && kept[0] === 0)
    widths[0] = Math.max(Math.min(widths[0]!, MIN_FIRST), widths[0]! - (total() - maxWidth));
  const line = (cells: string[]) =>
    kept
      .map((i) => {
        const cell = truncate(cells[i] ?? '', widths[i]!);
        const pad = ' '.repeat(Math.max(0, widths[i]! - width(cell)));
        return cols[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines = [line(cols.map((c) => c.header))];
  for (const r of rows) lines.push(line(r));
  return { lines, dropped };
}
