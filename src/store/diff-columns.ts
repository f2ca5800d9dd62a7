/**
 * The columns of a diff, as text: the same in the printed table (`report/`) and the
 * app's list (`ui/`), which cannot import each other, so they live beside the diff.
 * Every cell is inert (trace text made safe) and measured as shown, and only as much
 * of it as a cell can show (a tool name or a value may be 100,000 characters).
 */
import { inertHead, width, widthUpTo } from '../kit/cells.js';
import type { FitColumn } from '../kit/fit-columns.js';
import { fmtMs } from '../kit/units.js';
import { diffStatus } from '../trace/enums.js';
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

/**
 * Which columns have nothing in any row (OK/ERROR when no call's outcome flipped, LATENCY
 * when no call has one on both sides): a list may leave them out.
 */
export function emptyColumns(calls: readonly DiffCall[]): boolean[] {
  return DIFF_COLUMNS.map((col) => calls.length > 0 && calls.every((c) => col.cell(c) === ''));
}

/** The last column's header. */
export const WHAT_DIFFERS = 'WHAT DIFFERS';
/** What differs is never narrowed below this while another column can give way. */
export const WHAT_MIN = 30;
