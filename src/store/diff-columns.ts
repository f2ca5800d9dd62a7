/**
 * The columns of a diff, as text: the same in the printed table (`report/`) and the
 * app's list (`ui/`), which cannot import each other, so they live beside the diff.
 * Every cell is inert (trace text made safe) and measured as shown, and only as much
 * of it as a cell can show (a tool name or a value may be 100,000 characters).
 */
import { inertHead, reach, truncate, width, widthUpTo } from '../trace/cells.js';
import { diffStatus } from '../trace/enums.js';
import type { FitColumn } from '../trace/fit-columns.js';
import { inert } from '../trace/text.js';
import { fmtMs } from '../trace/units.js';
import type { DiffCall } from './diff.js';

/** No cell is wider than this, in the app's list or the printed table (report/table.ts's MAX_COLUMN). */
const MAX_CELL = 60;

export interface DiffColumn extends FitColumn {
  header: string;
  align?: 'left' | 'right';
  cell: (c: DiffCall) => string;
}

/** `+340ms`, `-1.20s`, `+0ms`: B's latency against A's. */
export function latencyDelta(ms: number | null): string {
  if (ms === null) return '';
  return `${ms < 0 ? '-' : '+'}${fmtMs(Math.abs(ms))}`;
}

const line = (n: number | null) => (n === null ? '—' : `L${n}`);
const place = (n: number | null) => (n === null ? '—' : String(n));

/**
 * The columns before "what differs", in order. At 80 columns the lines in A and B give
 * way first, then the calls' places; status, tool (cut to 10), the ok/error flip and the
 * latency change stay, and what differs takes the rest (docs/validate-and-diff.md).
 */
export const DIFF_COLUMNS: readonly DiffColumn[] = [
  { header: 'A#', align: 'right', drop: 2, cell: (c) => place(c.aOrdinal) },
  { header: 'B#', align: 'right', drop: 2, cell: (c) => place(c.bOrdinal) },
  { header: 'STATUS', cell: (c) => `${diffStatus(c.status).glyph} ${c.status}` },
  { header: 'TOOL', min: 10, cell: (c) => inertHead(c.tool, MAX_CELL) },
  { header: 'LINE A', align: 'right', drop: 1, cell: (c) => line(c.aLine) },
  { header: 'LINE B', align: 'right', drop: 1, cell: (c) => line(c.bLine) },
  { header: 'OK/ERROR', cell: (c) => c.statusChange ?? '' },
  { header: 'LATENCY', align: 'right', cell: (c) => latencyDelta(c.latencyDeltaMs) },
];

/** Each column's natural width over every row, at most `max`: a loop, not a spread (100,000 rows). */
export function naturalWidths(calls: readonly DiffCall[], max: number): number[] {
  return DIFF_COLUMNS.map((col) => {
    let w = width(col.header);
    for (const c of calls) w = Math.max(w, widthUpTo(col.cell(c), max));
    return Math.min(w, max);
  });
}

/** The last column's header. */
export const WHAT_DIFFERS = 'WHAT DIFFERS';
/** What differs is never narrowed below this while another column can give way. */
export const WHAT_MIN = 30;

/**
 * `text` made inert and cut from its start to at most `cells`, `…` first when cut (a
 * path keeps its last steps). Only its last `reach(cells)` code units are read: no more
 * can show.
 */
export function truncateStart(text: string, cells: number): string {
  const n = reach(cells) + 1;
  const clipped = text.length > n;
  if (!clipped && widthUpTo(inert(text), cells) <= cells) return inert(text);
  if (cells <= 1) return cells === 1 ? '…' : '';
  const tail = inert(clipped ? text.slice(-n) : text);
  // The shortest cut start whose rest fits (widths only grow with more text).
  let lo = clipped ? 0 : 1;
  let hi = tail.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (widthUpTo(tail.slice(mid), cells - 1) <= cells - 1) hi = mid;
    else lo = mid + 1;
  }
  // Never start at the second half of a surrogate pair.
  const at = /[\uDC00-\uDFFF]/.test(tail[lo] ?? '') ? lo + 1 : lo;
  return `…${tail.slice(at)}`;
}

/**
 * What differs in at most `cells`: the path (its last steps when long: at most a quarter
 * of the room while there are values) and both values, `path: a → b`; empty when the same.
 */
export function whatDiffers(c: DiffCall, cells: number): { path: string; a: string; b: string } {
  if (c.path === null || cells <= 0) return { path: '', a: '', b: '' };
  // What the line can show of each (a clipped one measures as wider than `cells`).
  const path = inertHead(c.path, cells);
  const a = inertHead(c.aValue ?? '', cells);
  const b = inertHead(c.bValue ?? '', cells);
  const widthOf = (text: string) => widthUpTo(text, cells);
  const whole = `${path}: ${a} → ${b}`;
  if (widthOf(whole) <= cells) return { path: `${path}: `, a, b: ` → ${b}` };
  // `: ` and ` → ` take 5 cells; the values share what the path leaves.
  const pathRoom = Math.min(widthOf(path), Math.max(6, Math.floor(cells / 4)));
  const shownPath = truncateStart(c.path, pathRoom);
  const left = Math.max(0, cells - width(shownPath) - 5);
  const aRoom = Math.min(widthOf(a), Math.max(Math.ceil(left / 2), left - widthOf(b)));
  return {
    path: `${shownPath}: `,
    a: truncate(a, aRoom),
    b: truncate(` → ${b}`, Math.max(0, cells - width(shownPath) - 2 - aRoom)),
  };
}
