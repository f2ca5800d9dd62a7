import { useEffect, useRef } from 'react';
import { listCounts } from '../data/views.js';
import type { MouseEvent } from '../mouse.js';
import type { UiState } from '../state/ui-state.js';
import type { AppContext } from '../views/app-context.js';
import { appView } from '../views/index.js';
import { mouseAct, type ScreenMap } from '../views/mouse-acts.js';
import { act, type Outcome, runCommand } from '../views/view.js';
import type { UiStore } from './use-ui-state.js';

/** Where mouse events come from (the keys thread takes them out of the keys, cli/keys.ts). */
export interface MouseSource {
  /** Calls `handler` with each event; returns the unsubscribe. */
  subscribe(handler: (event: MouseEvent) => void): () => void;
}

/**
 * Mouse events as the commands they stand for (views/mouse-acts.ts), on the screen as
 * last drawn (`drawn`, `map`) and run on the latest state, through the same outcome
 * path as keys. The handlers of the latest render are read through a ref, as keys are.
 */
export function useMouse(
  source: MouseSource | undefined,
  now: {
    ui: UiStore;
    perform: (out: Outcome) => void;
    context: Omit<AppContext, 'state'>;
    drawn: UiState;
    map: ScreenMap;
  },
): void {
  const latest = useRef(now);
  latest.current = now;
  useEffect(
    () =>
      source?.subscribe((event) => {
        const { ui, perform, context, drawn, map } = latest.current;
        const state = ui.get();
        const what = mouseAct(event, drawn, map);
        // A click on a row of a pane that a key has since left: not what was clicked.
        if (!what || (what.type === 'select' && state.pane !== drawn.pane)) return;
        if (what.type === 'select') {
          perform(
            act({ ...context, state }, { type: 'jump', pane: state.pane, index: what.index, bounds: context.bounds }),
          );
          return;
        }
        if (what.type === 'pane') {
          // From any view (the detail view's digits fold its tree): the pane shown, what was over it closed.
          const counts = listCounts(context.views);
          perform(act({ ...context, state }, { type: 'pane', pane: what.pane, counts }, { type: 'chose-pane' }));
          return;
        }
        for (let k = 0; k < what.times; k++) {
          const s = ui.get();
          const out = runCommand(appView(s), what.command, { ...context, state: s });
          if (!out) break;
          const moved = out.state.lists[s.pane].selected !== s.lists[s.pane].selected;
          // A notch that scrolled a tall turn's lines stops at its edge (as j does): the next notch moves on.
          if (what.oneRow && moved && k > 0) break;
          perform(out);
          if (what.oneRow && moved) break;
        }
      }),
    [source],
  );
}
