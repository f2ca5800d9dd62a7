/**
 * Which columns of a table fit a width, and how wide: the least needed columns leave
 * first (ccusage's compact mode), then the columns that may be cut are narrowed, widest
 * first. Shared by the plain-text tables (`report/table.ts`) and the app's diff list.
 */

export interface FitColumn {
  /** Columns with the lowest `drop` leave first; a column without one is always kept. */
  drop?: number;
  /** A column that may be cut (its cells end in …) down to this many cells. */
  min?: number;
}

export interface ColumnFit {
  /** The indices of the columns kept, in order. */
  kept: number[];
  /** Each column's width (a dropped one keeps its natural width). */
  widths: number[];
  /** The indices of the columns left out, in the order they left. */
  dropped: number[];
}

/** The columns of natural `widths` (cells) that fit `maxWidth` with `gap` cells between them. */
export function fitColumns(
  cols: readonly FitColumn[],
  widths: readonly number[],
  maxWidth: number,
  gap: number,
): ColumnFit {
  const w = [...widths];
  const kept = cols.map((_, i) => i);
  const total = () => kept.reduce((sum, i) => sum + w[i]!, 0) + gap * Math.max(0, kept.length - 1);
  const dropped: number[] = [];
  while (total() > maxWidth) {
    let next = -1;
    for (const i of kept) if (cols[i]!.drop !== undefined && (next < 0 || cols[i]!.drop! < cols[next]!.drop!)) next = i;
    if (next < 0) break;
    kept.splice(kept.indexOf(next), 1);
    dropped.push(next);
  }
  // Narrowed a cell at a time, the widest first: at most a few hundred steps (columns are ≤ 60 cells).
  for (let excess = total() - maxWidth; excess > 0; excess--) {
    let widest = -1;
    for (const i of kept) {
      const min = cols[i]!.min;
      if (min !== undefined && w[i]! > min && (widest < 0 || w[i]! > w[widest]!)) widest = i;
    }
    if (widest < 0) break;
    w[widest]!--;
  }
  return { kept, widths: w, dropped };
}
