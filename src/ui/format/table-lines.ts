import { type ScreenLine, type Style, seg } from './segments.js';
import { fit, inertHead, truncate, width as widthOf, widthUpTo } from './text.js';

/** A column of an on-screen table. */
export interface TableCol<R> {
  header: string;
  align?: 'left' | 'right';
  cell: (row: R) => string;
  /** A shorter form (1.2M for 1,234,567) used when the exact table is too wide. */
  compact?: (row: R) => string;
  /** Columns with the lowest `drop` go first when even compact is too wide; absent = never dropped. */
  drop?: number;
  style?: (row: R) => Style | undefined;
}

const GAP = 2;
/**
 * No column is wider than this: a 2,000-character tool name (or a count printed in
 * full) is cut with …, never widening its column past the pane.
 */
export const MAX_COLUMN = 48;
/** Columns with `drop` up to this give way before numbers turn compact. */
const EXACT_OVER = 2;

/**
 * Lays a table out in `width` cells: exact numbers when they fit, compact ones
 * when not, then drops the least important columns. Key columns (no `drop`) are never
 * dropped and keep their text up to MAX_COLUMN cells, so a model id is cut only past that.
 */
export function tableLines<R>(
  cols: TableCol<R>[],
  rows: R[],
  width: number,
  rowStyle?: (row: R) => Style | undefined,
): ScreenLine[] {
  return fittedTable(cols, rows, width, rowStyle).lines;
}

/** `tableLines`, and the headers of the columns it kept (notes under a table name only those). */
export function fittedTable<R>(
  cols: TableCol<R>[],
  rows: R[],
  width: number,
  rowStyle?: (row: R) => Style | undefined,
): { lines: ScreenLine[]; shown: string[] } {
  const measure = (active: TableCol<R>[], compact: boolean) => {
    // No cell shows more than MAX_COLUMN cells: only that head is made inert and measured.
    const text = (c: TableCol<R>, r: R) => inertHead(compact && c.compact ? c.compact(r) : c.cell(r), MAX_COLUMN);
    // A loop, not Math.max(...rows): a trace with 200,000 tool names overflows the call stack.
    const widths = active.map((c) => {
      let w = widthOf(c.header);
      for (const r of rows) w = Math.max(w, widthUpTo(text(c, r), MAX_COLUMN));
      return Math.min(w, MAX_COLUMN);
    });
    return { widths, total: widths.reduce((a, b) => a + b, 0) + GAP * (active.length - 1), text };
  };
  // Exact numbers are worth more than the least important columns (drop ≤ EXACT_OVER),
  // so those go first; then numbers turn compact; then more columns go.
  const droppable = cols.filter((c) => c.drop !== undefined).sort((a, b) => a.drop! - b.drop!);
  let active = [...cols];
  let compact = false;
  let m = measure(active, compact);
  while (m.total > width && droppable.length && droppable[0]!.drop! <= EXACT_OVER) {
    const victim = droppable.shift()!;
    active = active.filter((c) => c !== victim);
    m = measure(active, compact);
  }
  if (m.total > width) {
    compact = true;
    m = measure(active, compact);
  }
  while (m.total > width && droppable.length) {
    const victim = droppable.shift()!;
    active = active.filter((c) => c !== victim);
    m = measure(active, compact);
  }
  const line = (cells: string[], styles: (Style | undefined)[]): ScreenLine => {
    // The last cell is not padded: no trailing blanks.
    const out: ScreenLine = [];
    let used = 0;
    cells.forEach((cell, i) => {
      const w = Math.min(m.widths[i]!, Math.max(0, width - used - (i ? GAP : 0)));
      if (w <= 0) return;
      const last = i === cells.length - 1 && (active[i]!.align ?? 'left') === 'left';
      const text = (i ? ' '.repeat(GAP) : '') + (last ? truncate(cell, w) : fit(cell, w, active[i]!.align ?? 'left'));
      used += widthOf(text);
      out.push(seg(text, styles[i]));
    });
    return out;
  };
  const out = [
    line(
      active.map((c) => c.header),
      active.map(() => 'header' as Style),
    ),
  ];
  for (const r of rows)
    out.push(
      line(
        active.map((c) => m.text(c, r)),
        active.map((c) => c.style?.(r) ?? rowStyle?.(r)),
      ),
    );
  return { lines: out, shown: active.map((c) => c.header) };
}

/**
 * 1234 → 1.2k, 1234567 → 1.2M; nulls as —. Rounded as a quotient of whole numbers (a half
 * is exact there, and goes up: 9,950 is 10k, where (9.95).toFixed(1) says 9.9), and said in
 * the next unit when it rounds up to this one's 1000: 999,999 is 1.0M, never 1000k.
 */
export function compactInt(n: number | null): string {
  if (n === null) return '—';
  const a = Math.abs(n);
  if (!Number.isFinite(n) || a > 2 ** 53) return 'overflow';
  const sign = n < 0 ? '-' : '';
  const whole = Math.round(a);
  if (whole < 1000) return `${sign}${whole}`;
  for (const [size, unit] of COMPACT_UNITS) {
    const tenths = Math.round(whole / (size / 10));
    if (tenths < 100) return `${sign}${(tenths / 10).toFixed(1)}${unit}`;
    const units = Math.round(whole / size);
    if (units < 1000 || unit === 'G') return `${sign}${units}${unit}`;
  }
  return 'overflow';
}

const COMPACT_UNITS = [
  [1e3, 'k'],
  [1e6, 'M'],
  [1e9, 'G'],
] as const;
