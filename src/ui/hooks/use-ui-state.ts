import { useMemo, useRef, useState } from 'react';
import { type Action, reduce, type UiState } from '../state/ui-state.js';

export interface UiStore {
  /** The latest state: with every action so far, also those not drawn yet. */
  get(): UiState;
  dispatch(action: Action): void;
  /** A command's new state. */
  set(state: UiState): void;
}

/**
 * The UI state, with the latest value readable at once. A command computes its new
 * state from the state it is given; reading it here (not from the last frame) keeps
 * what effects dispatched since (rows grown, a followed call moved) from being lost.
 */
export function useUiState(init: () => UiState): [UiState, UiStore] {
  const latest = useRef<UiState | null>(null);
  if (latest.current === null) latest.current = init();
  const [state, setState] = useState(latest.current);
  const store = useMemo<UiStore>(() => {
    const set = (next: UiState) => {
      latest.current = next;
      setState(next);
    };
    return { get: () => latest.current!, dispatch: (action) => set(reduce(latest.current!, action)), set };
  }, []);
  return [state, store];
}
