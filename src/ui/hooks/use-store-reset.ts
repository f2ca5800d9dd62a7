import { type Dispatch, useEffect, useRef } from 'react';
import type { TraceStore } from '../../store/trace-store.js';
import { type Action, type PaneId, reduce, type UiState } from '../state/ui-state.js';

/**
 * After the store's rows were read again (a new `epoch`: a followed file truncated or
 * replaced), the selections are clamped to the new lists and a detail view closes.
 * Worked out as the frame is drawn, so no frame shows a selection past the end or a
 * record that is gone; the state follows after. Returns the state to draw with.
 */
export function useStoreReset(
  store: TraceStore,
  state: UiState,
  counts: Record<PaneId, number>,
  height: number,
  dispatch: Dispatch<Action>,
): UiState {
  const seen = useRef(store.epoch);
  const epoch = store.epoch;
  const action: Action | null = seen.current === epoch ? null : { type: 'reset', counts, height };
  useEffect(() => {
    if (!action) return;
    seen.current = epoch;
    dispatch(action);
  });
  return action ? reduce(state, action) : state;
}
