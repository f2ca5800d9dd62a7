/**
 * A bar as text: one cell per column of the bar area, the bar's ends to an eighth of a
 * cell with block glyphs (▏▎▍▌▋▊▉█). Pure.
 */

/** Left-aligned eighths of a cell, 1/8 to 8/8. */
export const EIGHTHS = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'] as const;
/** A cell the bar begins in past its first half (a right half block: no finer right-aligned glyphs exist). */
export const RIGHT_HALF = '▐';
/** The fill of a call never answered: it runs on to the end, drawn lighter. */
export const OPEN_FILL = '░';

export interface BarLook {
  /** `--ascii`: `#` a whole cell, `=` part of one (`-` for an open bar). */
  ascii: boolean;
  /** A call never answered (drawn open to the end). */
  open: boolean;
}

/**
 * The bar from column `start` to column `end` (fractional, `end` ≥ `start`) on `cols`
 * cells, spaces elsewhere. A bar shorter than an eighth is drawn as one, so every row
 * that has a time shows where it is; one wholly off screen is all spaces.
 */
export function barText(start: number, end: number, cols: number, look: BarLook): string {
  const cells: string[] = new Array(cols).fill(' ');
  if (!(end >= start) || end < 0 || start >= cols) return cells.join('');
  const whole = look.ascii ? (look.open ? '-' : '#') : look.open ? OPEN_FILL : '█';
  const part = (eighths: number): string =>
    look.ascii ? (look.open ? '-' : '=') : look.open ? OPEN_FILL : EIGHTHS[eighths - 1]!;
  // At least an eighth long.
  const stop = Math.max(end, start + 1 / 8);
  const first = Math.max(0, Math.floor(start));
  const last = Math.min(cols - 1, Math.ceil(stop) - 1);
  for (let c = first; c <= last; c++) {
    const lo = Math.max(start, c);
    const hi = Math.min(stop, c + 1);
    const eighths = Math.max(1, Math.min(8, Math.round((hi - lo) * 8)));
    if (eighths === 8) cells[c] = whole;
    // Begins inside this cell and runs on: no glyph fills a cell's right part but a half.
    else if (lo > c && hi >= c + 1)
      cells[c] = eighths >= 4 ? (look.ascii || look.open ? part(eighths) : RIGHT_HALF) : ' ';
    // Ends inside this cell (or begins and ends in it): its length, from the left.
    else cells[c] = part(eighths);
  }
  return cells.join('');
}
