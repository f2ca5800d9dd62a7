import stringWidth from 'string-width';

/** A column: header, alignment, and the cell text of each row. */
export interface Col {
  header: string;
  align?: 'left' | 'right';
}

/** An aligned plain-text table; widths count display cells (CJK, emoji). */
export function table(cols: Col[], rows: string[][]): string[] {
  const widths = cols.map((c, i) => Math.max(stringWidth(c.header), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, widths[i]! - stringWidth(cell)));
        return cols[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(cols.map((c) => c.header)), ...rows.map(line)];
}
