/** Which view is in front: a bar being typed in, else the open overlay, else the pane. */
import { PANE_PARTS, PANE_VIEWS } from '../panes/index.js';
import type { UiState } from '../state/ui-state.js';
import type { AppContext } from './app-context.js';
import { filterBar, gotoBar, searchBar } from './bars.js';
import { detailView } from './detail.js';
import { type DiffContext, diffDetailView, diffHelpView, diffListView } from './diff.js';
import { helpView } from './help.js';
import { type SessionsContext, sessionsHelpView, sessionsSearchBar, sessionsView } from './sessions.js';
import type { ViewInfo, ViewSpec } from './view.js';

const BARS = { search: searchBar, filter: filterBar, goto: gotoBar } as const;

export function appView(state: UiState): ViewSpec<AppContext> {
  if (state.input) return BARS[state.input.kind];
  if (state.overlay) return state.overlay.type === 'help' ? helpView : detailView;
  return PANE_PARTS[state.pane].view;
}

export function diffView(state: UiState): ViewSpec<DiffContext> {
  if (state.overlay) return state.overlay.type === 'help' ? diffHelpView : diffDetailView;
  return diffListView;
}

export function sessionsViewOf(state: UiState): ViewSpec<SessionsContext> {
  if (state.input) return sessionsSearchBar;
  return state.overlay ? sessionsHelpView : sessionsView;
}

/** The view whose keys help lists: the one it was opened over. */
export function helpSubject(over: 'detail' | UiState['pane'], diff = false): ViewInfo {
  if (diff) return over === 'detail' ? diffDetailView : diffListView;
  return over === 'detail' ? detailView : PANE_PARTS[over].view;
}

/** Every view, for the docs and the tests that walk them. */
export const APP_VIEWS: readonly ViewSpec<AppContext>[] = [
  ...PANE_VIEWS,
  detailView,
  helpView,
  searchBar,
  filterBar,
  gotoBar,
];
export const DIFF_VIEWS: readonly ViewSpec<DiffContext>[] = [diffListView, diffDetailView, diffHelpView];
