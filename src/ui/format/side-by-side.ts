/**
 * One call of A and its match in B side by side: a title, what differs, then each side's
 * arguments and outcome, line by line, aligned, long lines wrapped within their side.
 *
 * Why wrap and not scroll sideways: the difference in a long line (a tool's `text`, a
 * page of markdown in one JSON string) is seldom near its start, and a sideways scroll
 * shows one stretch of every line at once, so finding it means panning each line
 * (delta, difftastic and lazygit's side-by-side modes wrap too). Rows are hard-wrapped at
 * the side's width, every character kept (a change of spaces still shows), so the two
 * sides of a changed line break alike up to where they differ: the row where they
 * differ is the same row on both sides, and `]` goes to it.
 */

import { fmtMs } from '../../kit/units.js';
import type { Json } from '../../kit/values.js';
import type { DiffCall } from '../../store/diff.js';
import { whatDiffers } from '../../store/what-differs.js';
import type { CallSide } from '../data/diff-sides.js';
import { diffTitle } from './diff-lines.js';
import { fitLine, type ScreenLine, type Style, seg } from './segments.js';
import { alignedRows, valueLines } from './side-values.js';
import { width as cellsOf, piece, rowStarts } from './text.js';

export interface SideBySide {
  /** Screen rows in all: only those on screen are laid out (`line`), as a 20 MB payload has 10^5 of them. */
  count: number;
  line(i: number): ScreenLine;
  /** Where `]` and `[` go: for each changed stretch, the row where its first line differs. */
  changes: number[];
}

/**
 * A line below the title: a section's heading on each side (one row, cut), or one line
 * of each value (null: none), with where each side's rows start when wrapped.
 */
type Entry =
  | { head: true; a: string; b: string }
  | { head: false; a: string | null; b: string | null; changed: boolean; aRows: number[]; bRows: number[] };

/** One half: a one-cell marker (`-`, `+` or blank), then the text, cut and padded to `cells`. */
function half(marker: string, text: string, style: Style | undefined, cells: number): ScreenLine {
  const line = fitLine([seg(marker, style), seg(text, style)], cells);
  const used = line.reduce((n, s) => n + cellsOf(s.text), 0);
  line.push(seg(' '.repeat(Math.max(0, cells - used))));
  return line;
}

/** Row `k` of `text` wrapped at `cells` (`starts` from rowStarts), or '' past its last row. */
function rowOf(text: string | null, starts: readonly number[], k: number, cells: number): string {
  if (text === null || k >= starts.length) return '';
  return piece(text.slice(starts[k]!, k + 1 < starts.length ? starts[k + 1] : undefined), cells).text;
}

/** The last row of `starts` that begins at or before code unit `at`. */
function rowAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where two lines first differ (code units). */
function firstDifference(a: string, b: string): number {
  let p = 0;
  while (p < a.length && p < b.length && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/**
 * One call of A and its match in B side by side: a title, what differs, then the
 * arguments and the outcome of each, line by line, aligned; a line only A has is
 * marked `-`, only B `+` (and coloured) on every row it wraps to, so what changed shows
 * without colour too.
 */
export function sideBySide(c: DiffCall, sides: readonly [CallSide, CallSide], width: number): SideBySide {
  const left = Math.max(2, Math.floor((width - 1) / 2));
  const right = Math.max(2, width - 1 - left);
  // Both sides wrap at the same width (the narrower half's, after its marker cell), so
  // a line the two share breaks at the same places on both.
  const room = left - 1;
  const what = whatDiffers(c, width);
  const top: ScreenLine[] = [
    fitLine(diffTitle(c), width),
    fitLine(
      c.path === null
        ? [
            seg(
              c.status === 'same'
                ? 'the same arguments and outcome'
                : `${c.status}: ${c.aLine === null ? 'A' : 'B'} has no call that matches`,
              'dim',
            ),
          ]
        : [seg(what.path, 'accent'), seg(what.a), seg(what.b)],
      width,
    ),
  ];
  const entries: Entry[] = [];
  // The first screen row of each entry (below the top lines), and one past the last.
  const firstRow: number[] = [];
  let rows = top.length;
  const changes: number[] = [];
  const [sa, sb] = sides;
  const section = (title: string, pick: (s: CallSide) => Json | undefined, about: (s: CallSide) => string) => {
    const head = (s: CallSide, name: string) =>
      s.pair ? `── ${title} · ${name} ${about(s)}` : `── ${title} · no call in ${name}`;
    entries.push({ head: true, a: head(sa, 'A'), b: head(sb, 'B') });
    firstRow.push(rows++);
    // A side without the call has no lines: the other side's are all its own (+ or -).
    const va = sa.pair ? valueLines(pick(sa), '(none)') : [];
    const vb = sb.pair ? valueLines(pick(sb), '(none)') : [];
    let inChange = false;
    for (const row of alignedRows(va, vb)) {
      const aRows = row.a === null ? [] : rowStarts(row.a, room);
      const bRows = row.b === null ? [] : rowStarts(row.b, room);
      if (row.changed && !inChange)
        // The stretch's first line: the row where its two sides differ, or its first row.
        changes.push(rows + (row.a !== null && row.b !== null ? rowAt(aRows, firstDifference(row.a, row.b)) : 0));
      inChange = row.changed;
      entries.push({ head: false, ...row, aRows, bRows });
      firstRow.push(rows);
      rows += Math.max(1, aRows.length, bRows.length);
    }
  };
  section(
    'arguments',
    (s) => s.args,
    (s) => `line ${s === sa ? c.aLine : c.bLine}`,
  );
  section(
    'outcome',
    (s) => s.outcome,
    (s) => {
      const state = s.pair!.resRow < 0 ? 'pending' : s.pair!.error !== null ? 'error' : 'ok';
      return `· ${state}${s.pair!.latency === null ? '' : ` · ${fmtMs(s.pair!.latency)}`}`;
    },
  );
  const line = (i: number): ScreenLine => {
    if (i < top.length) return top[i]!;
    if (i >= rows) return [];
    const at = rowAt(firstRow, i);
    const e = entries[at]!;
    if (e.head) return [...half('', e.a, 'header', left), seg('│', 'dim'), ...half('', e.b, 'header', right)];
    const k = i - firstRow[at]!;
    // A changed line's marker is on every row it has; the rows past a shorter side's end are blank.
    const mark = (text: string | null, starts: readonly number[], glyph: string) =>
      e.changed && text !== null && k < starts.length ? glyph : ' ';
    return [
      ...half(mark(e.a, e.aRows, '-'), rowOf(e.a, e.aRows, k, room), e.changed ? 'error' : undefined, left),
      seg('│', 'dim'),
      ...half(mark(e.b, e.bRows, '+'), rowOf(e.b, e.bRows, k, room), e.changed ? 'ok' : undefined, right),
    ];
  };
  return { count: rows, line, changes };
}

/** A line of the side-by-side view as the current difference: its `-` and `+` markers shown inverse. */
export function markCurrent(line: ScreenLine): ScreenLine {
  return line.map((s) =>
    (s.text === '-' && s.style === 'error') || (s.text === '+' && s.style === 'ok') ? { ...s, style: 'found' } : s,
  );
}
