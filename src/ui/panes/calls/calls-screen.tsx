import { argsPreview } from '../../data/args.js';
import { callRow } from '../../data/views.js';
import { matchedIn } from '../../format/matches.js';
import { ARGS_FROM_COLUMNS } from '../../format/rows.js';
import { emptyText, markedRow, recordsScreen, rowsCommon, type Screen, type ScreenInput, windowOf } from '../pane.js';
import { CallsPane } from './calls-pane.js';

/** The calls on screen, and where the selection is (`slowest first · 7 of 13`). */
export function callsScreen(s: ScreenInput): Screen {
  const { store, state, width, height } = s;
  const list = s.lists.calls;
  // Wide: each request's arguments, where there would be empty space.
  const wide = width >= ARGS_FROM_COLUMNS;
  const rows = windowOf(s.views.calls, list.windowStart, height).map((r) => {
    const row = callRow(store, r, s.start);
    return markedRow(wide ? { ...row, args: argsPreview(store, r) } : row, state);
  });
  const matched = matchedIn(s.searched.found?.positions, list.windowStart, rows.length);
  const empty = emptyText(s, 'no calls match the filter');
  const body = <CallsPane rows={rows} matched={matched} empty={empty} {...rowsCommon(s, 'calls')} />;
  return recordsScreen(s, 'calls', body, state.callOrder === 'latency' ? ['slowest first'] : []);
}
