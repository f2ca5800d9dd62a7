/**
 * The timeline's axis line: ticks at round steps, each with its time, and each folded
 * gap as `⋯ 4m12s idle ⋯` where it was taken out. Pure.
 */
import { fmtMs } from '../../../kit/units.js';
import { fit, width } from '../../format/text.js';
import { foldedTime, type Gap, unfoldedTime } from './idle-gaps.js';
import { colOf, type Scale } from './time-scale.js';

/** The steps ticks are placed at, ms: round numbers of each unit. */
const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
  900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
];

/** The mark a tick is drawn with, its time after it. */
export const TICK = '▏';

/** The smallest round step that leaves `gap` columns between ticks (the widest label and a space). */
export function tickStep(msPerCol: number, gap: number): number {
  const want = msPerCol * gap;
  for (const s of STEPS) if (s >= want) return s;
  const day = STEPS[STEPS.length - 1]!;
  return Math.ceil(want / day) * day;
}

/** What a folded gap says on the axis. */
export const foldLabel = (gap: Gap): string => `⋯ ${fmtMs(gap.to - gap.from)} idle ⋯`;

export interface AxisInput {
  scale: Scale;
  cols: number;
  folds: readonly Gap[];
  /** The run's start (ms since the epoch): ticks are counted from it. */
  start: number;
  /** A tick's label, from its time (ms since the epoch): an offset or a clock time. */
  label: (t: number) => string;
  /** The widest label `label` gives. */
  labelWidth: number;
}

/**
 * The axis, `cols` cells wide. The folds' labels go down first, a blank kept on each
 * side; a tick goes where its mark and its whole time fit in the cells left, a blank
 * after the label before it, else it is left out: no label is drawn over or cut.
 */
export function axisLine({ scale, cols, folds, start, label, labelWidth }: AxisInput): string {
  const cells: string[] = new Array(cols).fill(' ');
  const taken = new Uint8Array(cols);
  const free = (from: number, to: number): boolean => {
    for (let c = Math.max(0, from); c < Math.min(cols, to); c++) if (taken[c]) return false;
    return true;
  };
  const put = (col: number, text: string): void => {
    let c = col;
    for (const ch of text) {
      if (c >= 0 && c < cols) {
        cells[c] = ch;
        taken[c] = 1;
      }
      c += Math.max(1, width(ch));
    }
  };
  for (const f of folds) {
    const text = foldLabel(f);
    const col = Math.round(colOf(scale, foldedTime(folds, f.from)));
    if (col < -width(text) || col >= cols) continue;
    // Centred on the place of the fold, kept whole inside the axis.
    const from = Math.max(0, Math.min(cols - width(text), col - Math.floor(width(text) / 2)));
    if (!free(from - 1, from + width(text) + 1)) continue;
    put(from, text);
    // A blank on each side, which no tick takes.
    for (const c of [from - 1, from + width(text)]) if (c >= 0 && c < cols) taken[c] = 1;
  }
  const step = tickStep(scale.msPerCol, labelWidth + 2);
  const origin = foldedTime(folds, start);
  const firstK = Math.ceil((scale.from - origin) / step);
  const end = scale.from + cols * scale.msPerCol;
  for (let k = firstK, n = 0; origin + k * step < end && n <= cols; k++, n++) {
    const col = Math.round(colOf(scale, origin + k * step));
    const text = `${TICK}${label(unfoldedTime(folds, origin + k * step))}`;
    // Whole, and a blank from the label before it.
    if (col >= 0 && col + width(text) <= cols && free(col - 1, col + width(text))) put(col, text);
  }
  return fit(cells.join(''), cols);
}
