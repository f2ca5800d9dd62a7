/**
 * The columns of a diff, as text: the same in the printed table (`report/`) and the
 * app's list (`ui/`), which cannot import each other, so they live beside the diff.
 * Every cell is inert (trace text made safe) and measured as shown.
 */
import { truncate, width, widthUpTo } from '../trace/cells.js';
import { diffStatus } from '../trace/enums.js';
import type { FitColumn } from '../trace/fit-columns.js';
import { inert } from '../trace/text.js';
import { fmtMs } from '../trace/units.js';
import type { DiffCall } from './diff.js';

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
  { header: 'TOOL', min: 10, cell: (c) => inert(c.tool) },
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

/** `text` cut from its start to at most `cells`, `…` first when cut (a path keeps its last steps). */
export function truncateStart(text: string, cells: number): string {
  if (width(text) <= cells) return text;
  if (cells <= 1) return cells === 1 ? '…' : '';
  // The shortest cut start whose rest fits (widths only grow with more text).
  let lo = 1;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (width(text.slice(mid)) <= cells - 1) hi = mid;
    else lo = mid + 1;
  }
  // Never start at the second half of a surrogate pair.
  const at = /[\uDC00-\uDFFF]/.test(text[lo] ?? '') ? lo + 1 : lo;
  return `…${text.slice(at)}`;
}

/**
 * What differs in at most `cells`: the path (its last steps when long: at most a quarter
 * of the room while there are values) and both values, `path: a → b`; empty when the same.
 */
export function whatDiffers(c: DiffCall, cells: number): { path: string; a: string; b: string } {
  if (c.path === null || cells <= 0) return { path: '', a: '', b: '' };
  const path = inert(c.path);
  const a = inert(c.aValue ?? '');
  const b = inert(c.bValue ?? '');
  const whole = `${path}: ${a} → ${b}`;
  if (width(whole) <= cells) return { path: `${path}: `, a, b: ` → ${b}` };
  // `: ` and ` → ` take 5 cells; the values share what the path leaves.
  const pathRoom = Math.min(width(path), Math.max(6, Math.floor(cells / 4)));
  const shownPath = truncateStart(path, pathRoom);
  const left = Math.max(0, cells - width(shownPath) - 5);
  const aRoom = Math.min(width(a), Math.max(Math.ceil(left / 2), left - width(b)));
  return {
    path: `${shownPath}: `,
    a: truncate(a, aRoom),
    b: truncate(` → ${b}`, Math.max(0, cells - width(shownPath) - 2 - aRoom)),
  };
}
