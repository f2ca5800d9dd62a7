import { Box, useApp } from 'ink';
import { useMemo, useRef, useState } from 'react';
import type { AppProps } from './app-props.js';
import { screenBody, screenHeader } from './app-screen.js';
import { Lines } from './components/lines.js';
import { listCounts, traceStart, viewsOf } from './data/views.js';
import { footerLine, inputLine, tabAt } from './format/chrome.js';
import { helpLines } from './format/help-lines.js';
import type { ScreenLine } from './format/segments.js';
import { useCommands } from './hooks/use-commands.js';
import { useDetailTree } from './hooks/use-detail-tree.js';
import { useFilter } from './hooks/use-filter.js';
import { useKeptMarks } from './hooks/use-kept-marks.js';
import { useLinksAhead } from './hooks/use-links-ahead.js';
import { useMouse } from './hooks/use-mouse.js';
import { useOutcome } from './hooks/use-outcome.js';
import { useSearch } from './hooks/use-search.js';
import { useSelectedCall } from './hooks/use-selected-call.js';
import { useStart } from './hooks/use-start.js';
import { useStoreReset } from './hooks/use-store-reset.js';
import { useStoreVersion } from './hooks/use-store-version.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { useUiState } from './hooks/use-ui-state.js';
import { isRecordPane, perPane } from './panes/list.js';
import { tallTurnAt } from './panes/turns/turns-view.js';
import { useUsageTable } from './panes/usage/use-usage.js';
import { type Bounds, initialState } from './state/ui-state.js';
import type { AppContext } from './views/app-context.js';
import { helpView } from './views/help.js';
import { appView, helpSubject } from './views/index.js';
import { footerHints, pressKey } from './views/view.js';

export type { AppProps } from './app-props.js';

/**
 * The composition root: the store and the terminal in, the view in front out. What a
 * key does is the view's (`views/`); this wires input, state, store and drawing.
 */
export function App({
  store,
  size: fixedSize,
  initialPane,
  follow = false,
  records,
  startAt,
  filter,
  notice,
  filterHistory,
  onBack,
  clock = false,
  marks,
  mouse,
}: AppProps) {
  const [history, setHistory] = useState<readonly string[]>(() => filterHistory?.entries ?? []);
  const { exit } = useApp();
  const version = useStoreVersion(store);
  const size = useTerminalSize(fixedSize);
  const [reduced, ui] = useUiState(() => initialState({ pane: initialPane, follow, filter: filter ?? null, clock }));
  // Each pane's first row or line on screen, kept from frame to frame.
  const tops = useRef(perPane(() => 0)).current;
  const width = size.columns;
  const height = Math.max(1, size.rows - 2);
  const start = traceStart(store);
  const filtered = useFilter(store, reduced.filter, version, start);
  const views = viewsOf(store, reduced.showEchoed, filtered, reduced.callOrder);
  const counts = listCounts(views);
  const state = useStoreReset(store, reduced, counts, height, ui.dispatch);
  useKeptMarks(store, version, state.marks, marks, ui.dispatch);

  const tall = (index: number) => tallTurnAt({ store, views, width, height, state }, index);
  const chosenPane = useStart(store, version, state, views, counts, height, ui, { initialPane, notice, startAt }, tall);

  const lists = useSelectedCall(state, views.calls, filtered, store.epoch, height, ui.dispatch);

  useLinksAhead(store, version);
  const usage = useUsageTable(
    store,
    filtered,
    version,
    width - 1,
    state.usageSort,
    state.pane === 'usage' && !state.overlay,
  );
  const overlay = state.overlay;
  const overlayLines = useMemo<ScreenLine[]>(
    () => (overlay?.type === 'help' ? helpLines(width - 1, helpSubject(overlay.over), helpView) : []),
    [overlay?.type, overlay?.type === 'help' ? overlay.over : null, width],
  );
  // The detail view's tree: the body less its margin, and less the path line above it.
  const { tree, opening, preview } = useDetailTree(
    store,
    state,
    { width: width - 1, height: Math.max(1, height - 1) },
    ui,
  );

  const list = isRecordPane(state.pane) ? views[state.pane] : null;
  // A pane of its own rows (Usage) counts its tables' rows.
  const count = overlay ? overlayLines.length : list ? list.length : usage.targets.length;
  const bounds: Bounds = { count, height };
  const searched = useSearch(store, state, list, usage.targets, overlayLines, bounds, version, ui);
  const treeFound =
    tree?.matches && state.search ? { query: state.search.query, positions: tree.matches.map((_, i) => i) } : null;
  const listFound = searched.found && { positions: searched.found.positions, text: searched.text };
  const shown = tree ? treeFound : overlay ? searched.overlayFound : listFound;

  const view = appView(state);
  const context: Omit<AppContext, 'state'> = {
    store,
    views,
    filtered,
    bounds,
    height,
    width,
    matches: shown?.positions ?? null,
    usage: usage.targets,
    history,
    fromSessions: onBack !== undefined,
    tree,
  };
  const perform = useOutcome(ui, {
    quit: exit,
    records,
    chosePane: () => {
      chosenPane.current = true;
    },
    rememberFilter: (text) => {
      if (filterHistory) setHistory(filterHistory.remember(text));
    },
    back: onBack,
  });
  useCommands(
    view,
    (key) => {
      // The latest state, and the view it puts in front (an effect may have moved on since the frame).
      const now = ui.get();
      perform(pressKey(appView(now), key, { ...context, state: now }));
    },
    (text) => ui.dispatch({ type: 'input.text', text }),
  );

  const { body, position, rowAt } = screenBody({
    store,
    state,
    lists,
    views,
    filtered,
    start,
    usage,
    overlayLines,
    searched,
    tree,
    opening,
    preview,
    width,
    height,
    tops,
  });
  useMouse(mouse, {
    ui,
    perform,
    context,
    drawn: state,
    map: { height, rowAt, tabAt: (x) => tabAt(state.pane, width, x) },
  });
  const hints = (room: number) => footerHints(view, { ...context, state }, state.input ? ' · ' : '  ', room);
  return (
    <Box flexDirection="column" width={width} height={size.rows}>
      <Lines lines={[screenHeader({ store, state, filtered, views }, width)]} width={width} height={1} />
      {body}
      <Lines
        lines={[
          state.input
            ? inputLine(state.input, shown, hints, state.notice, width)
            : footerLine(hints, position, state.notice, width),
        ]}
        width={width}
        height={1}
      />
    </Box>
  );
}
