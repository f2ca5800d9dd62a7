/** Moving through a list or a scrolled view: the selection, its window, a match brought into view. Pure. */
import { isRecordPane, RECORD_PANES } from '../panes/list.js';
import type { Action, Bounds, ListState, Overlay, PaneId, UiState } from './ui-types.js';

/** Moves the window only when the selection crosses an edge. */
export function clampWindow(start: number, selected: number, height: number, total: number): number {
  if (total <= 0 || height <= 0) return 0;
  let s = start;
  if (selected < s) s = selected;
  if (selected >= s + height) s = selected - height + 1;
  return Math.max(0, Math.min(s, Math.max(0, total - height)));
}

export function select(l: ListState, selected: number, { count, height }: Bounds): ListState {
  const sel = count <= 0 ? 0 : Math.max(0, Math.min(selected, count - 1));
  return { selected: sel, windowStart: clampWindow(l.windowStart, sel, height, count) };
}

/** Scroll-only views (Usage, detail, help) move their top line, not a selection. */
export function scrollTo(top: number, { count, height }: Bounds): number {
  return Math.max(0, Math.min(top, count - height));
}

/** Lines kept above a search match brought into view (context, as a pager keeps). */
const CONTEXT = 2;

/** The overlay with line `line` as its current match, scrolled to it unless it is in view. */
export function showFound<O extends Overlay>(o: O, line: number, bounds: Bounds): O {
  const inView = line >= o.scroll && line < o.scroll + bounds.height;
  return {
    ...o,
    found: line,
    scroll: inView ? o.scroll : scrollTo(line - Math.min(CONTEXT, Math.floor(bounds.height / 4)), bounds),
  };
}

export function moveBy(state: UiState, target: (current: number) => number, bounds: Bounds): UiState {
  const o = state.overlay;
  if (o) {
    const scroll = scrollTo(target(o.scroll), bounds);
    // A match scrolled out of view is no longer current: n goes on from what is shown.
    const found = o.found >= scroll && o.found < scroll + bounds.height ? o.found : -1;
    return { ...state, overlay: { ...o, scroll, found } };
  }
  if (!isRecordPane(state.pane)) {
    // A cursor over rows of the pane's own (Usage: its tables' model, tool and method rows;
    // the screen scrolls to show it): no record behind it, no bottom to follow.
    const own = state.lists[state.pane];
    return { ...state, lists: { ...state.lists, [state.pane]: select(own, target(own.selected), bounds) } };
  }
  const l = state.lists[state.pane];
  const next = select(l, target(l.selected), bounds);
  const atBottom = next.selected >= bounds.count - 1 && bounds.count > 0;
  const pausedAt = !state.follow || atBottom ? null : (state.pausedAt ?? bounds.count);
  return { ...state, lists: { ...state.lists, [state.pane]: next }, stickToBottom: atBottom, pausedAt };
}

/** Each list within its (new) length: at its bottom when sticking to it, else where it was. */
export function listsWithin(state: UiState, counts: Record<PaneId, number>, height: number): UiState['lists'] {
  const lists = { ...state.lists };
  for (const pane of RECORD_PANES) {
    const count = counts[pane];
    lists[pane] = select(lists[pane], state.stickToBottom ? count - 1 : lists[pane].selected, { count, height });
  }
  return lists;
}

/** The reducer action of a movement command (j/k, pages, top/bottom), or null for any other. */
export function moveAction(command: string, bounds: Bounds): Action | null {
  switch (command) {
    case 'list.down':
    case 'list.up':
      return { type: 'move', delta: command === 'list.down' ? 1 : -1, bounds };
    case 'list.halfDown':
    case 'list.halfUp':
    case 'list.pageDown':
    case 'list.pageUp':
      return {
        type: 'page',
        direction: command.endsWith('Down') ? 1 : -1,
        half: command.startsWith('list.half'),
        bounds,
      };
    case 'list.top':
      return { type: 'top', bounds };
    case 'list.bottom':
      return { type: 'bottom', bounds };
    default:
      return null;
  }
}
