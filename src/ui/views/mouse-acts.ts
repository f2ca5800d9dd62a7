/** What a mouse event means on the screen as drawn: a command of the view under the pointer. */
import type { Command } from '../keymap.js';
import type { MouseEvent } from '../mouse.js';
import { isRecordPane } from '../panes/list.js';
import type { PaneId, UiState } from '../state/ui-state.js';

/** Rows a wheel notch moves in a list or a scrolled view (Turns: one turn, they are tall; or lines of a taller one). */
export const WHEEL_ROWS = 3;

export type MouseAct =
  /**
   * A command of the view in front, `times` over (a wheel notch); `oneRow`: the selection
   * moves once at most, and only on the first time (Turns: up to three lines of a turn
   * taller than the pane, stopping at its edge, or one turn).
   */
  | { type: 'command'; command: Command; times: number; oneRow?: boolean }
  /** Select row `index` of the pane shown (a click on it). */
  | { type: 'select'; index: number }
  /** Show `pane` (a click on its tab). */
  | { type: 'pane'; pane: PaneId };

/** Where things are on the screen: the header is row 0, the body the rows after it, the footer the last. */
export interface ScreenMap {
  /** Body rows. */
  height: number;
  /** The row (list index) on body line `line`, from 0; null for none. */
  rowAt(line: number): number | null;
  /** The pane whose tab is at column `x` of the header; null for none. */
  tabAt(x: number): PaneId | null;
}

/**
 * A mouse event as the command it stands for: the wheel over the body scrolls the
 * list or the view in front (the detail view, help); a click on a row selects it, and
 * on the selected row opens it (as Enter); a click on a pane's name in the header
 * shows that pane. While a bar is open (it takes the keys), and elsewhere, nothing.
 */
export function mouseAct(event: MouseEvent, state: UiState, screen: ScreenMap): MouseAct | null {
  if (state.input) return null;
  const line = event.y - 1;
  if (event.kind === 'wheel') {
    if (line < 0 || line >= screen.height) return null;
    const command = event.delta > 0 ? 'list.down' : 'list.up';
    return !state.overlay && state.pane === 'turns'
      ? { type: 'command', command, times: WHEEL_ROWS, oneRow: true }
      : { type: 'command', command, times: WHEEL_ROWS };
  }
  if (event.kind !== 'press' || event.button !== 0) return null;
  if (event.y === 0) {
    const pane = screen.tabAt(event.x);
    return pane ? { type: 'pane', pane } : null;
  }
  if (state.overlay || line >= screen.height) return null;
  const index = screen.rowAt(line);
  if (index === null) return null;
  const opens = isRecordPane(state.pane) && index === state.lists[state.pane].selected;
  return opens ? { type: 'command', command: 'list.open', times: 1 } : { type: 'select', index };
}
