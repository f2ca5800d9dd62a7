import { eventRow } from '../../data/views.js';
import { matchedIn } from '../../format/matches.js';
import { emptyText, markedRow, recordsScreen, rowsCommon, type Screen, type ScreenInput, windowOf } from '../pane.js';
import { EventsPane } from './events-pane.js';

/** The records on screen, in file order, and where the selection is. */
export function eventsScreen(s: ScreenInput): Screen {
  const list = s.lists.events;
  const rows = windowOf(s.views.events, list.windowStart, s.height).map((r) =>
    markedRow(eventRow(s.store, r, s.start), s.state),
  );
  const matched = matchedIn(s.searched.found?.positions, list.windowStart, rows.length);
  const empty = emptyText(s, 'no records match the filter');
  return recordsScreen(
    s,
    'events',
    <EventsPane rows={rows} matched={matched} empty={empty} {...rowsCommon(s, 'events')} />,
  );
}
