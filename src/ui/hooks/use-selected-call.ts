import { type Dispatch, useEffect, useRef } from 'react';
import type { FilterResult } from '../../store/query.js';
import type { RowList } from '../data/views.js';
import { type Action, clampWindow, type UiState } from '../state/ui-state.js';

/**
 * Slowest first, a call moves as others arrive or finish: the selection stays on it
 * (not across a new filter, whose command placed the selection itself, nor a new store
 * `epoch`, where a row number may name another call). Worked out as the frame is
 * drawn, so no frame shows the selection on another call; the state follows after.
 * Returns the lists to draw with.
 */
export function useSelectedCall(
  state: UiState,
  calls: RowList,
  filtered: FilterResult | null,
  epoch: number,
  height: number,
  dispatch: Dispatch<Action>,
): UiState['lists'] {
  const last = useRef<{
    row: number;
    filter: FilterResult | null;
    epoch: number;
    calls: RowList | null;
    order: UiState['callOrder'];
  }>({ row: -1, filter: filtered, epoch, calls: null, order: state.callOrder });
  let lists = state.lists;
  const was = last.current;
  const at = lists.calls.selected;
  // Only when the list itself changed: a key that moves the selection is not a move of the
  // call, nor is `s` (which selects the slowest call).
  if (
    state.callOrder === 'latency' &&
    was.order === 'latency' &&
    was.row >= 0 &&
    was.calls !== calls &&
    was.filter === filtered &&
    was.epoch === epoch &&
    !(at < calls.length && calls.at(at) === was.row)
  ) {
    for (let i = 0; i < calls.length; i++) {
      if (calls.at(i) === was.row) {
        lists = {
          ...lists,
          calls: { selected: i, windowStart: clampWindow(lists.calls.windowStart, i, height, calls.length) },
        };
        break;
      }
    }
  }
  const followed = lists === state.lists ? null : lists.calls.selected;
  const selected = lists.calls.selected;
  useEffect(() => {
    if (followed !== null) dispatch({ type: 'calls.follow', index: followed, bounds: { count: calls.length, height } });
    last.current = {
      row: selected < calls.length ? calls.at(selected) : -1,
      filter: filtered,
      epoch,
      calls,
      order: state.callOrder,
    };
  });
  return lists;
}
