import { firstAtOrAfter } from '../../format/matches.js';
import type { ScreenLine } from '../../format/segments.js';
import { emptyText, recordsPosition, type Screen, type ScreenInput } from '../pane.js';
import { turnView } from './turn-data.js';
import { layoutTurns, selectedTurnLine, withinText } from './turn-layout.js';
import { turnLines } from './turn-lines.js';
import { TurnsPane } from './turns-pane.js';

/**
 * The turns around the selected one, laid out (only those near the window: turns have
 * variable height), and where the selection is; a turn taller than the pane says which
 * of its lines are shown, so it is plain there are more.
 */
export function turnsScreen(s: ScreenInput): Screen {
  const { store, views, width, height, state, searched } = s;
  const selected = s.lists.turns.selected;
  const positions = searched.found?.positions;
  const cache = new Map<number, ScreenLine[]>();
  const linesOf = (i: number) => {
    let lines = cache.get(i);
    if (!lines) {
      lines = turnLines(turnView(store, views.turns.at(i), s.start), {
        width,
        selected: i === selected,
        matched: positions ? positions[firstAtOrAfter(positions, i)] === i : false,
        expandThinking: state.expandThinking,
        open: state.openTurns.includes(views.turns.at(i)),
        clock: state.clock,
        marked: state.marks.has(views.turns.at(i)),
      });
      cache.set(i, lines);
    }
    return lines;
  };
  const row = selected < views.turns.length ? views.turns.at(selected) : -1;
  const line = row < 0 ? 0 : selectedTurnLine(state, row, selected, height, () => linesOf(selected));
  const laid = layoutTurns(views.turns.length, selected, s.tops.turns, height, linesOf, line);
  s.tops.turns = laid.start;
  const body = (
    <TurnsPane
      lines={laid.lines}
      width={width}
      height={height}
      hiddenEchoed={store.rows('turns').length - store.rows('shownTurns').length}
      empty={emptyText(s, 'no turns match the filter')}
    />
  );
  const within = laid.within ? withinText(laid.within, height) : '';
  return { body, position: recordsPosition(s, 'turns', [within]), rowAt: (at) => laid.turns[at] ?? null };
}
