/** The Timeline's columns and rows: pure, from the pane's width and the selection. */

/** The duration column: ` 12.34s ✗ error` (a word beside the glyph: colour is never the only signal). */
export const DURATION_COLS = 16;
/** Of the duration column, the status's glyph and word: ` ✗ error`. */
export const STATUS_COLS = 8;
/** The bar area is never narrower than this in a pane of 47 columns or more (the label is cut first). */
export const MIN_BAR_COLS = 30;
/** The narrowest label shown. */
export const MIN_LABEL_COLS = 6;
/** The widest a label gets. */
export const MAX_LABEL_COLS = 24;

export interface TimelineColumns {
  label: number;
  bar: number;
}

/** The label's and the bar area's widths: the marker, the label, a space, the bars, the duration. */
export function timelineColumns(width: number): TimelineColumns {
  const room = Math.max(0, width - 1 - DURATION_COLS);
  const fits = Math.min(MAX_LABEL_COLS, room - 1 - MIN_BAR_COLS);
  // A label of a few cells says nothing: the bars take them.
  const label = fits >= MIN_LABEL_COLS ? fits : 0;
  return { label, bar: Math.max(1, room - (label ? label + 1 : 0)) };
}

/**
 * The first row on screen: the list's own window, moved just enough to show the
 * selection on the `rows` lines left under the axis line.
 */
export function firstRowShown(windowStart: number, selected: number, rows: number): number {
  return Math.max(0, Math.min(windowStart, selected), selected - Math.max(1, rows) + 1);
}
