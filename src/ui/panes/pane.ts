/**
 * What a pane is to the app: its view (the commands its keys run) and its screen (the
 * body and the footer's place while it is in front). Each pane's folder exports one,
 * listed by id in `index.ts`; the helpers here are what the panes' screens share.
 */
import type { ReactElement } from 'react';
import { fmtInt } from '../../kit/units.js';
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { RowList, Views } from '../data/views.js';
import { searchCounter } from '../format/matches.js';
import type { ScreenLine } from '../format/segments.js';
import type { Searched } from '../hooks/use-search.js';
import type { PaneId, RecordPaneId, UiState } from '../state/ui-state.js';
import type { AppContext } from '../views/app-context.js';
import type { ViewSpec } from '../views/view.js';
import type { UsageLines } from './usage/usage-lines.js';

/** What a pane's screen is drawn from, each frame. */
export interface ScreenInput {
  store: TraceStore;
  state: UiState;
  /** The selections to draw (the Calls one may follow its call ahead of the state). */
  lists: UiState['lists'];
  views: Views;
  filtered: FilterResult | null;
  start: number | null;
  usage: UsageLines;
  overlayLines: ScreenLine[];
  searched: Searched;
  width: number;
  height: number;
  /**
   * Each pane's first row or line on screen, kept from frame to frame (a list of turns,
   * which have variable height, or the Usage tables scroll by more than the selection).
   */
  tops: Record<PaneId, number>;
}

/** The row (list index; a Usage row's target index) shown on a line of the body, from 0; null for none. */
export type RowAt = (line: number) => number | null;

/** The body, the footer's position, and which row each line of the body shows (a click selects it). */
export interface Screen {
  body: ReactElement;
  position: string;
  rowAt: RowAt;
}

export interface PaneParts {
  /** The view in front while the pane is shown: its commands, hence its keys, footer and help. */
  view: ViewSpec<AppContext>;
  /** Its body and the footer's place (`7 of 13`) while it is in front. */
  screen(s: ScreenInput): Screen;
}

/**
 * What an empty list says: the filter keeps nothing; or nothing is read yet (a run opened
 * from the Sessions list draws before its first rows, a FIFO waits for its writer: `no
 * RPC calls in this trace` would be wrong then); else the pane's own words (undefined).
 */
export function emptyText(s: Pick<ScreenInput, 'store' | 'filtered'>, filtered: string): string | undefined {
  if (s.filtered) return filtered;
  // No file in the store yet: it is being opened, not empty.
  if (s.store.files.length === 0) return 'opening…';
  if (s.store.count === 0 && s.store.files.some((f) => f.state === 'loading')) return 'nothing read yet';
  return undefined;
}

/** The rows of `list` from `start`, at most `height` of them. */
export function windowOf(list: RowList, start: number, height: number): number[] {
  const rows: number[] = [];
  for (let i = start; i < Math.min(list.length, start + height); i++) rows.push(list.at(i));
  return rows;
}

/** A row with whether it is marked, while any record is (its pane then has a column for marks). */
export const markedRow = <R extends { row: number; marked?: boolean }>(r: R, state: UiState): R =>
  state.marks.size ? { ...r, marked: state.marks.has(r.row) } : r;

/** Fixed-height rows: line k of the body is row windowStart + k. */
export function fixedRowAt(s: ScreenInput, pane: RecordPaneId): RowAt {
  const list = s.lists[pane];
  const count = s.views[pane].length;
  return (line) => (line < s.height && list.windowStart + line < count ? list.windowStart + line : null);
}

/**
 * The footer's place in a list of records: `/query 2/5 · UTC · 7 of 13`, with the
 * pane's own `notes` before the count (`slowest first`). Times of day are UTC: the
 * footer says so while they are shown.
 */
export function recordsPosition(s: ScreenInput, pane: RecordPaneId, notes: readonly string[] = []): string {
  const list = s.lists[pane];
  const count = s.views[pane].length;
  const found = s.searched.found;
  return [
    found ? searchCounter(found, list.selected) : '',
    s.state.clock ? 'UTC' : '',
    ...notes,
    count ? `${fmtInt(list.selected + 1)} of ${fmtInt(count)}` : '0 of 0',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The screen of a list of records in fixed-height rows: `body`, the footer's place (with the pane's `notes`), a row per line. */
export function recordsScreen(
  s: ScreenInput,
  pane: RecordPaneId,
  body: ReactElement,
  notes?: readonly string[],
): Screen {
  return { body, position: recordsPosition(s, pane, notes), rowAt: fixedRowAt(s, pane) };
}

/** What every list of records gives its component. */
export function rowsCommon(s: ScreenInput, pane: RecordPaneId) {
  const list = s.lists[pane];
  return { selectedIndex: list.selected - list.windowStart, width: s.width, height: s.height, clock: s.state.clock };
}
