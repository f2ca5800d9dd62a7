import { truncate, width, widthUpTo } from '../trace/cells.js';

/** A column: header, alignment, and the cell text of each row. */
export interface Col {
  header: string;
  align?: 'left' | 'right';
}

/** No column is wider than this: a 2,000-character tool name is cut with …, never a 2,000-column line. */
export const MAX_COLUMN = 60;

/** An aligned plain-text table; widths count display cells (CJK, emoji). */
export function table(cols: Col[], rows: string[][]): string[] {
  // Loops, not Math.max(...rows) or push(...lines): 200,000 tool names would overflow the call stack.
  const widths = cols.map((c, i) => {
    let w = width(c.header);
    for (const r of rows) w = Math.max(w, widthUpTo(r[i] ?? '', MAX_COLUMN));
    return Math.min(w, MAX_COLUMN);
  });
  const line = (cells: string[]) =>
    cells
      .map((text, i) => {
        const cell = truncate(text, widths[i]!);
        const pad = ' '.repeat(Math.max(0, widths[i]! - width(cell)));
        return cols[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const out = [line(cols.map((c) => c.header))];
  for (const r of rows) out.push(line(r));
  return out;
}
