/**
 * The timeline's scale: which stretch of the (folded) axis the bar area shows, as the
 * time at its left edge and the time one column covers. Pure: keys ask for a new one.
 */

export interface Scale {
  /** The folded time (ms) at the left edge of the bar area. */
  from: number;
  /** Milliseconds one column covers (more than 0). */
  msPerCol: number;
}

/** The fewest milliseconds a column covers: zooming in stops at a millisecond per eight columns' eighths. */
export const MIN_MS_PER_COL = 1 / 8;
/** How much `+` and `-` zoom by. */
export const ZOOM_STEP = 2;
/** How much of the bar area `←`/`→` move by. */
export const PAN_SHARE = 1 / 4;

/** The whole run, `start` to `end` (folded times), on `cols` columns. */
export function fitScale(start: number, end: number, cols: number): Scale {
  const span = Math.max(end - start, 0);
  return { from: start, msPerCol: Math.max(span / Math.max(cols, 1), MIN_MS_PER_COL) };
}

/**
 * Zoomed by `factor` (2: in, 1/2: out) keeping `anchor` (a folded time: the selected
 * row's start) at the same column, or at the middle when it is off screen.
 */
export function zoomScale(scale: Scale, factor: number, anchor: number | null, cols: number): Scale {
  const msPerCol = Math.max(scale.msPerCol / factor, MIN_MS_PER_COL);
  const at = anchor === null ? null : (anchor - scale.from) / scale.msPerCol;
  const col = at !== null && at >= 0 && at <= cols ? at : cols / 2;
  const pinned = anchor !== null && at !== null && at >= 0 && at <= cols ? anchor : scale.from + col * scale.msPerCol;
  return { from: pinned - col * msPerCol, msPerCol };
}

/**
 * Moved by `PAN_SHARE` of the bar area, left (-1) or right (1), never past the run
 * (`start` to `end`, folded): an axis with no bar on it tells nothing.
 */
export function panScale(scale: Scale, direction: 1 | -1, cols: number, start: number, end: number): Scale {
  const moved = scale.from + direction * Math.max(1, Math.round(cols * PAN_SHARE)) * scale.msPerCol;
  const last = Math.max(start, end - cols * scale.msPerCol);
  // A scale zoomed out past the run's edge may stay there, but a pan never moves further out.
  const low = Math.min(start, scale.from);
  const high = Math.max(last, scale.from);
  return { ...scale, from: Math.min(Math.max(moved, low), high) };
}

/** The column (fractional) a folded time falls on. */
export const colOf = (scale: Scale, t: number): number => (t - scale.from) / scale.msPerCol;
