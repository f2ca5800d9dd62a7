import { Box, useApp } from 'ink';
import { type ReactElement, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { linkedPair, pairOfRow } from '../store/links.js';
import { applyFilter, type FilterResult, hasProblem } from '../store/query.js';
import { linesContaining, type SearchResult, search } from '../store/search.js';
import { fileLabelOf } from '../store/stats.js';
import type { TraceStore } from '../store/trace-store.js';
import { parseFilter } from '../trace/filter.js';
import { Lines } from './components/lines.js';
import { detailLines, detailRows } from './data/detail.js';
import { turnView } from './data/turns.js';
import { usageData } from './data/usage.js';
import { callRow, eventRow, indexAtLine, type RowList, traceStart, viewsOf } from './data/views.js';
import { footerLine, headerLine, inputLine } from './format/chrome.js';
import { findPattern, linesMatching } from './format/find-lines.js';
import { helpLines, hintText } from './format/help-lines.js';
import type { ScreenLine } from './format/segments.js';
import { layoutTurns } from './format/turn-layout.js';
import { turnLines } from './format/turn-lines.js';
import { usageLines } from './format/usage-lines.js';
import { useCommands } from './hooks/use-commands.js';
import { useSelectedCall } from './hooks/use-selected-call.js';
import { useStoreReset } from './hooks/use-store-reset.js';
import { useStoreVersion } from './hooks/use-store-version.js';
import { type Size, useTerminalSize } from './hooks/use-terminal-size.js';
import type { Command, Scope } from './keymap.js';
import { CallsPane } from './panes/calls/calls-pane.js';
import { DetailPane } from './panes/detail/detail-pane.js';
import { EventsPane } from './panes/events/events-pane.js';
import { TurnsPane } from './panes/turns/turns-pane.js';
import { UsagePane } from './panes/usage/usage-pane.js';
import { type Action, type Bounds, initialState, moveAction, type PaneId, reduce } from './state/ui-state.js';

export interface AppProps {
  store: TraceStore;
  /** Pins the size (tests); otherwise the terminal's, following resizes. */
  size?: Size;
  /** The first pane; by default Calls, or Turns when the trace has no calls. */
  initialPane?: PaneId;
  /** `--follow`: start at the bottom and stay there while the user is. */
  follow?: boolean;
  /** Record I/O (the `w` and `y` keys): each returns a sentence for the footer. */
  records?: { write(rows: ArrayLike<number>): string; copy(rows: ArrayLike<number>): string };
  /** Selects a row once it exists (`middle`: the middle of the list); used by `npm run bench`. */
  startAt?: { pane: 'calls' | 'turns' | 'events'; row: number | 'middle' };
  /** A notice from outside the app (the index cache could not be saved): shown in the footer when it arrives. */
  notice?: string | null;
  /** `--filter`: an expression already validated by the command line. */
  filter?: string;
}

/** `value` once it has stopped changing for `ms` (the text part of search waits for a pause). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Applies the filter in effect, reusing the last text scan as rows stream in. */
function useFilter(store: TraceStore, text: string | null, version: number, start: number | null): FilterResult | null {
  const last = useRef<FilterResult | null>(null);
  return useMemo(() => {
    const filter = text === null ? null : parseFilter(text);
    if (!filter) return (last.current = null);
    return (last.current = applyFilter(
      store,
      filter,
      start,
      store.files.map((f) => fileLabelOf(store, f.index)),
      last.current ?? undefined,
    ));
  }, [store, text, version, start]);
}

/** Where `l` goes from a row: a tools/call to its tool_use's turn, a turn to its first linked tools/call. */
function linkTarget(store: TraceStore, row: number): { pane: 'calls' | 'turns'; row: number } | null {
  for (const p of pairOfRow(store, row)) {
    const other = linkedPair(store, p);
    if (other === null) continue;
    const pair = store.pairs.get(other);
    return { pane: pair.origin === 'mcp' ? 'calls' : 'turns', row: pair.reqRow };
  }
  return null;
}

/**
 * Which rows of the visible window are search matches. Positions are ascending: one
 * binary search finds the window's first, so a frame never pays for all matches.
 */
function firstAtOrAfter(p: readonly number[], from: number): number {
  let lo = 0;
  let hi = p.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function matchedIn(found: SearchResult | null, from: number, count: number): boolean[] | undefined {
  if (!found || found.positions.length === 0) return undefined;
  const p = found.positions;
  const lo = firstAtOrAfter(p, from);
  const out = new Array<boolean>(count).fill(false);
  for (let i = lo; i < p.length && p[i]! < from + count; i++) out[p[i]! - from] = true;
  return out;
}

/** `/query 3/120`: the selection's place among the matches (– when it is on none). */
function searchCounter(found: { query: string; positions: number[] }, selected: number): string {
  const p = found.positions;
  if (!p.length) return `/${found.query} no match`;
  const i = firstAtOrAfter(p, selected);
  return `/${found.query} ${p[i] === selected ? i + 1 : '–'}/${p.length}`;
}

const PANE_KEYS: Partial<Record<Command, PaneId>> = {
  'pane.calls': 'calls',
  'pane.turns': 'turns',
  'pane.usage': 'usage',
  'pane.events': 'events',
};

function windowOf(list: RowList, start: number, height: number): number[] {
  const rows: number[] = [];
  for (let i = start; i < Math.min(list.length, start + height); i++) rows.push(list.at(i));
  return rows;
}

export function App({
  store,
  size: fixedSize,
  initialPane,
  follow = false,
  records,
  startAt,
  filter: initialFilter,
  notice,
}: AppProps) {
  const { exit } = useApp();
  const version = useStoreVersion(store);
  const size = useTerminalSize(fixedSize);
  const [reduced, dispatch] = useReducer(
    reduce,
    { pane: initialPane, follow, filter: initialFilter ?? null },
    initialState,
  );
  const chosenPane = useRef(initialPane !== undefined);
  const turnsStart = useRef(0);
  const width = size.columns;
  const height = Math.max(1, size.rows - 2);
  const start = traceStart(store);
  const filtered = useFilter(store, reduced.filter, version, start);
  const views = viewsOf(store, reduced.showEchoed, filtered, reduced.callOrder);
  const counts = { calls: views.calls.length, turns: views.turns.length, events: views.events.length, usage: 0 };
  const state = useStoreReset(store, reduced, counts, height, dispatch);

  // Open on Turns when the trace has no calls, until the user picks a pane.
  useEffect(() => {
    if (!chosenPane.current && state.pane === 'calls' && views.calls.length === 0 && views.turns.length > 0)
      dispatch({ type: 'pane', pane: 'turns' });
  }, [version, state.pane, views.calls.length, views.turns.length]);
  useEffect(() => {
    dispatch({ type: 'grown', counts, height });
  }, [version, height, views]);

  useEffect(() => {
    if (notice) dispatch({ type: 'notice', text: notice });
  }, [notice]);

  const lists = useSelectedCall(state, views.calls, filtered, store.epoch, height, dispatch);

  useEffect(() => {
    if (!startAt) return;
    const count = views[startAt.pane].length;
    dispatch({
      type: 'jump',
      pane: startAt.pane,
      index: startAt.row === 'middle' ? Math.floor(count / 2) : startAt.row,
      bounds: { count, height },
    });
  }, [startAt?.pane, startAt?.row]);

  // Only while the Usage pane is shown: its tables cost O(tools + methods) per update.
  const usage = useMemo(
    () => (state.pane === 'usage' && !state.overlay ? usageLines(usageData(store, filtered), width - 1) : []),
    [store, version, width, filtered, state.pane, state.overlay === null],
  );
  const overlay = state.overlay;
  const overlayLines = useMemo<ScreenLine[]>(() => {
    if (!overlay) return [];
    return overlay.type === 'help' ? helpLines(width - 1) : detailLines(store, overlay.row, width - 1);
  }, [overlay?.type, overlay?.type === 'detail' ? overlay.row : -1, width, version, store]);

  const list = lists[state.pane];
  const activeList: RowList | null =
    state.pane === 'calls'
      ? views.calls
      : state.pane === 'turns'
        ? views.turns
        : state.pane === 'events'
          ? views.events
          : null;
  const bounds: Bounds = overlay
    ? { count: overlayLines.length, height }
    : state.pane === 'usage'
      ? { count: usage.length, height }
      : { count: activeList?.length ?? 0, height };
  const searching = state.search !== null && !overlay && activeList !== null;
  // Text (a scan of the source) joins once typing pauses, so keys never wait for it.
  const textQuery = useSettled(state.search?.query ?? '', 150);
  const found = useMemo(() => {
    if (!searching || !activeList) return null;
    const query = state.search!.query;
    return search(
      store,
      activeList,
      query,
      query.trim().length >= 2 && textQuery === query ? linesContaining(store, query) : undefined,
    );
  }, [searching, activeList, state.search?.query, textQuery, store, version]);
  // Typing a query jumps to its best match.
  useEffect(() => {
    if (found && found.best >= 0 && state.input?.kind === 'search')
      dispatch({ type: 'search.goto', index: found.best, bounds });
  }, [found?.query, found?.best]);
  // Search in the detail view or help: the lines that hold the query, as shown.
  const overlayQuery = overlay && state.search ? state.search.query : '';
  const overlayPattern = useMemo(() => findPattern(overlayQuery), [overlayQuery]);
  const overlayFound = useMemo(
    () => (overlayPattern ? { query: overlayQuery, positions: linesMatching(overlayLines, overlayPattern) } : null),
    [overlayPattern, overlayLines],
  );
  // Typing a query goes to its first match from the top of the view on.
  useEffect(() => {
    if (!overlay || !overlayFound || state.input?.kind !== 'search') return;
    const p = overlayFound.positions;
    const line = p.find((x) => x >= overlay.scroll) ?? p[0];
    if (line !== undefined) dispatch({ type: 'search.goto', index: line, bounds });
  }, [overlayFound?.query]);
  const overlayScopes: Scope[] = ['detail', ...(overlayFound ? (['search'] as const) : [])];
  const scopes: Scope[] = state.input
    ? ['input']
    : overlay
      ? [...overlayScopes, 'list', 'global']
      : [
          ...(searching ? (['search'] as const) : []),
          ...(state.pane === 'turns' ? (['turns'] as const) : state.pane === 'calls' ? (['calls'] as const) : []),
          'list',
          'global',
        ];
  const step = (direction: 1 | -1) => {
    const positions = overlay ? overlayFound?.positions : found?.positions;
    if (positions) dispatch({ type: 'search.step', direction, positions, bounds });
  };

  useCommands(
    scopes,
    (command) => {
      const act = (a: Action) => dispatch(a);
      const move = moveAction(command, bounds);
      if (move) return act(move);
      const pane = PANE_KEYS[command];
      if (pane) {
        chosenPane.current = true;
        return act({ type: 'pane', pane });
      }
      switch (command) {
        case 'app.quit':
          return exit();
        case 'app.help':
          return act({ type: 'help' });
        case 'pane.next':
        case 'pane.prev':
          chosenPane.current = true;
          return act({ type: 'cycle', direction: command === 'pane.next' ? 1 : -1 });
        case 'list.open':
          if (!overlay && activeList) act({ type: 'open', list: activeList });
          return;
        case 'detail.close':
          return act({ type: 'close' });
        case 'list.nextProblem':
        case 'list.prevProblem': {
          if (overlay || !activeList) return;
          const step = command === 'list.nextProblem' ? 1 : -1;
          for (let i = list.selected + step; i >= 0 && i < activeList.length; i += step) {
            if (hasProblem(store, activeList.at(i))) return act({ type: 'jump', pane: state.pane, index: i, bounds });
          }
          return act({ type: 'notice', text: step > 0 ? 'no problem below this row' : 'no problem above this row' });
        }
        case 'link.jump': {
          const from =
            overlay?.type === 'detail' ? overlay.row : activeList?.length ? activeList.at(list.selected) : -1;
          const target = from >= 0 ? linkTarget(store, from) : null;
          if (!target)
            return act({
              type: 'notice',
              text: 'no linked call: a tool_use and a tools/call link when both planes of a run are open (same tool and arguments)',
            });
          const pane = target.pane;
          const targetList = views[pane];
          let index = -1;
          for (let i = 0; i < targetList.length; i++) if (targetList.at(i) === target.row) index = i;
          if (index < 0) return act({ type: 'notice', text: 'the linked record is hidden by the filter' });
          chosenPane.current = true;
          return act({ type: 'jump', pane, index, bounds: { count: targetList.length, height } });
        }
        case 'record.write':
        case 'record.copy': {
          // The open record, else the filtered records (w) or the selected one.
          const selected =
            overlay?.type === 'detail' ? overlay.row : activeList?.length ? activeList.at(list.selected) : -1;
          const rows =
            command === 'record.write' && filtered && overlay?.type !== 'detail'
              ? filtered.rows
              : selected >= 0
                ? detailRows(store, selected)
                : null;
          if (!rows || !records) return act({ type: 'notice', text: 'no record selected' });
          try {
            act({ type: 'notice', text: command === 'record.write' ? records.write(rows) : records.copy(rows) });
          } catch (error) {
            act({
              type: 'notice',
              text: `could not ${command === 'record.write' ? 'write' : 'copy'}: ${(error as Error).message}`,
            });
          }
          return;
        }
        case 'calls.sort': {
          // The selected call stays selected in the new order.
          const order = state.callOrder === 'time' ? 'latency' : 'time';
          const next = viewsOf(store, state.showEchoed, filtered, order).calls;
          const row = views.calls.length ? views.calls.at(list.selected) : -1;
          let index = 0;
          for (let i = 0; i < next.length; i++) {
            if (next.at(i) === row) {
              index = i;
              break;
            }
          }
          return act({ type: 'calls.order', order, index, bounds: { count: next.length, height } });
        }
        case 'view.clock':
          return act({ type: 'toggle-clock' });
        case 'turns.thinking':
          return act({ type: 'toggle-thinking' });
        case 'turns.echoed':
          return act({ type: 'toggle-echoed' });
        case 'search.open':
        case 'detail.search':
          return act({ type: 'input.open', kind: 'search', text: '' });
        case 'search.next':
          return step(1);
        case 'search.prev':
          return step(-1);
        case 'filter.open':
          return act({ type: 'input.open', kind: 'filter', text: state.filter ?? '' });
        case 'filter.clear':
          return act({ type: 'filter.set', filter: null });
        case 'input.delete':
          return act({ type: 'input.delete' });
        case 'input.cancel':
          return act({ type: 'input.cancel' });
        case 'input.submit': {
          if (state.input?.kind !== 'goto') return act({ type: 'input.submit' });
          // A line number: its record in this pane, or the next one listed.
          const lineNo = Number(state.input.text.trim());
          act({ type: 'input.cancel' });
          if (!activeList || !Number.isInteger(lineNo) || lineNo < 1)
            return act({ type: 'notice', text: `not a line number: ${state.input.text}` });
          const index = indexAtLine(store, activeList, lineNo);
          if (index < 0) return act({ type: 'notice', text: `nothing at or after line ${lineNo} in this pane` });
          return act({ type: 'jump', pane: state.pane, index, bounds });
        }
        case 'list.goto':
          if (overlay || !activeList) return;
          return act({ type: 'input.open', kind: 'goto', text: '' });
      }
    },
    (text) => dispatch({ type: 'input.text', text }),
  );

  let body: ReactElement;
  let position = '';
  if (overlay) {
    body = (
      <DetailPane
        lines={overlayLines}
        scroll={overlay.scroll}
        width={width}
        height={height}
        found={
          overlayFound && overlayPattern
            ? { pattern: overlayPattern, positions: overlayFound.positions, current: overlay.found }
            : undefined
        }
      />
    );
    position =
      overlayLines.length > height
        ? `${overlay.scroll + 1}-${Math.min(overlayLines.length, overlay.scroll + height)}/${overlayLines.length}`
        : '';
    if (overlayFound)
      position = position
        ? `${searchCounter(overlayFound, overlay.found)} · ${position}`
        : searchCounter(overlayFound, overlay.found);
  } else if (state.pane === 'usage') {
    body = <UsagePane lines={usage} scroll={list.windowStart} width={width} height={height} />;
  } else if (state.pane === 'turns') {
    const cache = new Map<number, ScreenLine[]>();
    const matches = { has: (i: number) => (found ? found.positions[firstAtOrAfter(found.positions, i)] === i : false) };
    const linesOf = (i: number) => {
      let l = cache.get(i);
      if (!l)
        cache.set(
          i,
          (l = turnLines(turnView(store, views.turns.at(i), start), {
            width,
            selected: i === list.selected,
            matched: matches.has(i),
            expandThinking: state.expandThinking,
            clock: state.clock,
          })),
        );
      return l;
    };
    const laid = layoutTurns(views.turns.length, list.selected, turnsStart.current, height, linesOf);
    turnsStart.current = laid.start;
    body = (
      <TurnsPane
        lines={laid.lines}
        width={width}
        height={height}
        hiddenEchoed={store.turnRows.length - store.shownTurnRows.length}
        empty={filtered ? 'no turns match the filter' : undefined}
      />
    );
  } else if (state.pane === 'events') {
    const rows = windowOf(views.events, list.windowStart, height).map((r) => eventRow(store, r, start));
    body = (
      <EventsPane
        rows={rows}
        selectedIndex={list.selected - list.windowStart}
        matched={matchedIn(found, list.windowStart, rows.length)}
        width={width}
        height={height}
        empty={filtered ? 'no records match the filter' : undefined}
        clock={state.clock}
      />
    );
  } else {
    const rows = windowOf(views.calls, list.windowStart, height).map((r) => callRow(store, r, start));
    body = (
      <CallsPane
        rows={rows}
        selectedIndex={list.selected - list.windowStart}
        matched={matchedIn(found, list.windowStart, rows.length)}
        width={width}
        height={height}
        empty={filtered ? 'no calls match the filter' : undefined}
        clock={state.clock}
      />
    );
  }
  if (!overlay && activeList)
    position = activeList.length
      ? `${(list.selected + 1).toLocaleString('en-US')} of ${activeList.length.toLocaleString('en-US')}`
      : '0 of 0';
  if (!overlay && state.pane === 'calls' && state.callOrder === 'latency') position = `slowest first · ${position}`;
  // Times of day are UTC: the footer says so while they are shown.
  if (!overlay && activeList && state.clock) position = `UTC · ${position}`;

  const recordCount = store.files.reduce(
    (n, f) => n + f.counts.meta + f.counts.message + f.counts.event + f.counts.turn + f.counts.end + f.counts.other,
    0,
  );
  const skipped = store.files.reduce((n, f) => n + f.skipped, 0);
  return (
    <Box flexDirection="column" width={width} height={size.rows}>
      <Lines
        lines={[
          headerLine(
            {
              pane: state.pane,
              files: store.files,
              labels: store.files.map((f) => fileLabelOf(store, f.index)),
              records: recordCount,
              skipped,
              pausedNew:
                state.pausedAt === null || !activeList ? null : Math.max(0, activeList.length - state.pausedAt),
              filter: filtered ? { text: filtered.filter.text, kept: filtered.count, total: store.count } : null,
            },
            width,
          ),
        ]}
        width={width}
        height={1}
      />
      {body}
      <Lines
        lines={[
          state.input
            ? inputLine(state.input, overlay ? overlayFound : found, state.notice, width)
            : footerLine(
                hintText(overlay ? [...overlayScopes, 'global'] : scopes),
                found ? `${searchCounter(found, list.selected)} · ${position}` : position,
                state.notice,
                width,
              ),
        ]}
        width={width}
        height={1}
      />
    </Box>
  );
}
