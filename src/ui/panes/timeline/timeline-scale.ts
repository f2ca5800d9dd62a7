/** The scale the Timeline draws with, and the ticks' labels: from the run, the pane's width and its state. */
import { isoTime } from '../../../kit/dates.js';
import { fmtClock, fmtMs } from '../../../kit/units.js';
import type { UiState } from '../../state/ui-types.js';
import { axisLine } from './axis-ticks.js';
import { fitScale, type Scale } from './time-scale.js';
import type { TimelineRun } from './timeline-data.js';
import { timelineColumns } from './timeline-layout.js';
import { timelineState } from './timeline-state.js';

/** The scale in effect: the one zoomed or panned to, else the whole run fitted to the bar area. */
export function scaleOf(state: UiState, run: TimelineRun | null, width: number): Scale {
  const kept = timelineState(state).scale;
  if (kept) return kept;
  const cols = timelineColumns(width).bar;
  return run ? fitScale(run.foldedStart, run.foldedEnd, cols) : fitScale(0, 0, cols);
}

/** The axis line: ticks labelled with offsets from `start` (`+1m30s`), or UTC times of day (`T`). */
export function axisOf(state: UiState, run: TimelineRun | null, width: number, start: number | null): string {
  const cols = timelineColumns(width).bar;
  if (!run) return ' '.repeat(cols);
  const origin = start ?? run.start;
  return axisLine({
    scale: scaleOf(state, run, width),
    cols,
    folds: run.folds,
    start: origin,
    label: state.clock ? clockLabel(run) : (t) => (t < origin ? `-${fmtMs(origin - t)}` : `+${fmtMs(t - origin)}`),
    // An offset is widest at the run's end (`+168h00m` after a week).
    labelWidth: state.clock ? 12 : Math.max(7, `+${fmtMs(run.end - origin)}`.length),
  });
}

/** A run of more than a day is labelled with dates and times (`12-08 23:00`), else times of day. */
function clockLabel(run: TimelineRun): (t: number) => string {
  if (run.end - run.start < DAY_MS) return (t) => fmtClock(t);
  return (t) => {
    const iso = isoTime(t);
    return iso === null ? '' : `${iso.slice(iso.indexOf('T') - 5, iso.indexOf('T'))} ${fmtClock(t).slice(0, 5)}`;
  };
}

const DAY_MS = 86_400_000;

/** The footer's word on the scale: `fitted` while the whole run is shown, else what a column covers (`40ms/col`). */
export const scaleNote = (state: UiState, scale: Scale): string =>
  timelineState(state).scale ? `${fmtMs(scale.msPerCol)}/col` : 'fitted';
