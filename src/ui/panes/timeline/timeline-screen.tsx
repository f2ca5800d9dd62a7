import { matchedIn } from '../../format/matches.js';
import { asciiOn } from '../../theme.js';
import { emptyText, markedRow, recordsPosition, type Screen, type ScreenInput, windowOf } from '../pane.js';
import { timelineRow } from './timeline-data.js';
import { firstRowShown } from './timeline-layout.js';
import { TimelinePane } from './timeline-pane.js';
import { runOf } from './timeline-run.js';
import { axisOf, scaleNote, scaleOf } from './timeline-scale.js';

/** The axis and the rows on screen under it: only those are read and laid out. */
export function timelineScreen(s: ScreenInput): Screen {
  const { store, state, width, height } = s;
  const list = s.lists.timeline;
  const view = s.views.timeline;
  const run = runOf(store, view);
  // One line is the axis: the rows shown start where the selection stays in view under it.
  const top = firstRowShown(list.windowStart, list.selected, height - 1);
  const rows = windowOf(view, top, Math.max(0, height - 1)).map((r) => markedRow(timelineRow(store, r, run), state));
  const matched = matchedIn(s.searched.found?.positions, top, rows.length);
  const scale = scaleOf(state, run, width);
  return {
    body: (
      <TimelinePane
        axis={axisOf(state, run, width, s.start)}
        rows={rows}
        selectedIndex={list.selected - top}
        matched={matched}
        scale={scale}
        ascii={asciiOn()}
        width={width}
        height={height}
        empty={emptyText(s, 'no turns or calls match the filter')}
      />
    ),
    position: recordsPosition(s, 'timeline', [scaleNote(state, scale)]),
    rowAt: (line) => (line >= 1 && line < height && top + line - 1 < view.length ? top + line - 1 : null),
  };
}
