import { type MutableRefObject, useEffect, useRef } from 'react';
import { listsToolUses } from '../../store/agent-calls.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { viewsOf } from '../data/views.js';
import type { PaneId, RecordPaneId, UiState } from '../state/ui-state.js';
import type { UiStore } from './use-ui-state.js';

type Views = ReturnType<typeof viewsOf>;

/** Where the app is asked to start: a pane's row, or its middle (a viewer link's `#line=`). */
export type StartAt = { pane: RecordPaneId; row: number | 'middle' };

/**
 * The app's effects at start and as the store grows: the pane it opens on, the lists
 * kept in bounds as rows arrive, a notice from the command line, the row asked for.
 * Gives the flag that the user has picked a pane (after which the app never picks one).
 */
export function useStart(
  store: TraceStore,
  version: number,
  state: UiState,
  views: Views,
  /** Rows in each pane's list, as the app counts them for its lists' bounds. */
  counts: Record<PaneId, number>,
  height: number,
  ui: UiStore,
  start: { initialPane?: PaneId; notice?: string | null; startAt?: StartAt },
  /** Whether the Turns list's turn at an index is taller than the pane (a new one holds following). */
  tall?: (index: number) => boolean,
): MutableRefObject<boolean> {
  const chosenPane = useRef(start.initialPane !== undefined);
  // Open on Turns when the trace has no JSON-RPC calls (an agent's conversation: Calls lists
  // its tool_uses), until the user picks a pane: decided once every file is read (or live),
  // not while the agent plane of a pair has come in first.
  useEffect(() => {
    if (chosenPane.current || state.pane !== 'calls' || store.files.some((f) => f.state === 'loading')) return;
    const noRpc = views.calls.length === 0 || listsToolUses(store);
    if (noRpc && views.turns.length > 0) ui.dispatch({ type: 'pane', pane: 'turns' });
  }, [version, state.pane, views.calls.length, views.turns.length]);
  // The turns there were at the last look, once every file was read: those after them are
  // new, to hold following at when tall. The file's history (read while it was first
  // indexed, or before the first look) is never new: opening with --follow lands at the end.
  const seenTurns = useRef<number | null>(null);
  useEffect(() => {
    const reading = store.files.some((f) => f.state === 'loading');
    const from = reading ? null : seenTurns.current;
    seenTurns.current = reading ? null : counts.turns;
    ui.dispatch({ type: 'grown', counts, height, tall: from === null || !tall ? undefined : { from, of: tall } });
  }, [version, height, views]);
  // A batch of new turns longer than a slice: the rest is asked a slice a turn of the event
  // loop (keys are read between), with the lists and the pane as they are by then.
  const latest = useRef({ counts, height, tall });
  latest.current = { counts, height, tall };
  const unasked = state.followUnasked;
  useEffect(() => {
    if (unasked === null) return;
    const next = setImmediate(() => {
      const { counts, height, tall } = latest.current;
      ui.dispatch({ type: 'grown', counts, height, tall: tall && { from: unasked, of: tall } });
    });
    return () => clearImmediate(next);
  }, [unasked]);
  useEffect(() => {
    // Said from outside: what went wrong (the index cache not saved, marks dropped).
    if (start.notice) ui.dispatch({ type: 'notice', notice: { kind: 'error', text: start.notice } });
  }, [start.notice]);
  const at = start.startAt;
  useEffect(() => {
    if (!at) return;
    const count = views[at.pane].length;
    const index = at.row === 'middle' ? Math.floor(count / 2) : at.row;
    ui.dispatch({ type: 'jump', pane: at.pane, index, bounds: { count, height } });
  }, [at?.pane, at?.row]);
  return chosenPane;
}
