/** What the app draws between the keys: the header line and the body, with the footer's position. */
import type { ReactElement } from 'react';
import type { FilterResult } from '../store/query.js';
import { fileLabelOf } from '../store/stats.js';
import type { TraceStore } from '../store/trace-store.js';
import { fmtInt } from '../trace/units.js';
import { DetailPane } from './components/detail-pane.js';
import { Lines } from './components/lines.js';
import { argsPreview } from './data/args.js';
import { callRow, eventRow, type RowList, type Views } from './data/views.js';
import { headerLine } from './format/chrome.js';
import { findPattern, markMatches } from './format/find-lines.js';
import { firstAtOrAfter, matchedIn, searchCounter } from './format/matches.js';
import { ARGS_FROM_COLUMNS, marker } from './format/rows.js';
import { type ScreenLine, seg } from './format/segments.js';
import { pathLine, placeText } from './format/tree-lines.js';
import type { Searched } from './hooks/use-search.js';
import { CallsPane } from './panes/calls/calls-pane.js';
import { EventsPane } from './panes/events/events-pane.js';
import { turnView } from './panes/turns/turn-data.js';
import { layoutTurns, selectedTurnLine, withinText } from './panes/turns/turn-layout.js';
import { turnLines } from './panes/turns/turn-lines.js';
import { TurnsPane } from './panes/turns/turns-pane.js';
import type { UsageLines } from './panes/usage/usage-lines.js';
import { UsagePane } from './panes/usage/usage-pane.js';
import type { UiState } from './state/ui-state.js';
import { treeWindow } from './tree/tree-state.js';
import type { DetailTree } from './views/app-context.js';

export interface ScreenInput {
  store: TraceStore;
  state: UiState;
  /** The selections to draw (the Calls one may follow its call ahead of the state). */
  lists: UiState['lists'];
  views: Views;
  filtered: FilterResult | null;
  start: number | null;
  usage: UsageLines;
  overlayLines: ScreenLine[];
  searched: Searched;
  /** The open detail view's tree (null for help or a pane, and while a big record is read: `opening`, 0 to 1). */
  tree: DetailTree | null;
  opening: number | null;
  /** While `opening`: the tree of the records' first bytes, shown meanwhile. */
  preview?: DetailTree | null;
  width: number;
  height: number;
  /** The Turns pane's first turn on screen, kept from frame to frame (turns have variable height). */
  turnsStart: { current: number };
  /** The Usage pane's first line on screen, kept from frame to frame. */
  usageTop: { current: number };
}

/**
 * What an empty list says: the filter keeps nothing; or nothing is read yet (a run opened
 * from the Sessions list draws before its first rows, a FIFO waits for its writer: `no
 * RPC calls in this trace` would be wrong then); else the pane's own words (undefined).
 */
function emptyText(s: Pick<ScreenInput, 'store' | 'filtered'>, filtered: string): string | undefined {
  if (s.filtered) return filtered;
  // No file in the store yet: it is being opened, not empty.
  if (s.store.files.length === 0) return 'opening…';
  if (s.store.count === 0 && s.store.files.some((f) => f.state === 'loading')) return 'nothing read yet';
  return undefined;
}

function windowOf(list: RowList, start: number, height: number): number[] {
  const rows: number[] = [];
  for (let i = start; i < Math.min(list.length, start + height); i++) rows.push(list.at(i));
  return rows;
}

/** A row with whether it is marked, while any record is (its pane then has a column for marks). */
const markedRow = <R extends { row: number; marked?: boolean }>(r: R, state: UiState): R =>
  state.marks.size ? { ...r, marked: state.marks.has(r.row) } : r;

/**
 * The detail view's tree on screen: the cursor's path, then the nodes in the window,
 * the cursor marked `›`, nodes the search found `•` (their text marked); and where the
 * cursor is: `/query 2/5 · key 3 of 12`.
 */
function treeBody(s: ScreenInput, t: DetailTree): { body: ReactElement; position: string } {
  const { frame, state, matches } = t;
  const found = matches ? new Set(matches) : null;
  const pattern = found && s.state.search ? findPattern(s.state.search.query) : null;
  const lines: ScreenLine[] = [pathLine(frame.forest, state.cursor, s.width)];
  for (const l of treeWindow(frame, state)) {
    const matched = found?.has(l.ref) ?? false;
    const mark = l.first ? marker(l.ref === state.cursor, matched) : marker(false);
    lines.push([mark, ...(matched && pattern ? markMatches(l.line, pattern) : l.line)]);
  }
  const place = placeText(frame.forest, state.cursor, state.flags);
  const counter =
    matches && s.state.search
      ? searchCounter(
          { query: s.state.search.query, positions: matches.map((_, i) => i) },
          matches.indexOf(state.cursor),
        )
      : '';
  return {
    body: <Lines lines={lines} width={s.width} height={s.height} />,
    position: counter ? `${counter} · ${place}` : place,
  };
}

/** The overlay's lines on screen, and where they are: `/query 2/5 · 11-30/84`. */
function overlayBody(s: ScreenInput): { body: ReactElement; position: string } {
  const { overlayLines: lines, height, searched } = s;
  const o = s.state.overlay!;
  const { overlayFound: found, overlayPattern: pattern } = searched;
  const marks = found && pattern ? { pattern, positions: found.positions, current: o.found } : undefined;
  const body = <DetailPane lines={lines} scroll={o.scroll} width={s.width} height={height} found={marks} />;
  const range =
    lines.length > height ? `${o.scroll + 1}-${Math.min(lines.length, o.scroll + height)}/${lines.length}` : '';
  const counter = found ? searchCounter(found, o.found) : '';
  return { body, position: counter && range ? `${counter} · ${range}` : counter || range };
}

function turnsBody(s: ScreenInput, selected: number): { body: ReactElement; rowAt: RowAt; within: string } {
  const { store, views, width, height, state, searched } = s;
  const positions = searched.found?.positions;
  const cache = new Map<number, ScreenLine[]>();
  const linesOf = (i: number) => {
    let lines = cache.get(i);
    if (!lines) {
      lines = turnLines(turnView(store, views.turns.at(i), s.start), {
        width,
        selected: i === selected,
        matched: positions ? positions[firstAtOrAfter(positions, i)] === i : false,
        expandThinking: state.expandThinking,
        open: state.openTurns.includes(views.turns.at(i)),
        clock: state.clock,
        marked: state.marks.has(views.turns.at(i)),
      });
      cache.set(i, lines);
    }
    return lines;
  };
  const row = selected < views.turns.length ? views.turns.at(selected) : -1;
  const line = row < 0 ? 0 : selectedTurnLine(state, row, selected, height, () => linesOf(selected));
  const laid = layoutTurns(views.turns.length, selected, s.turnsStart.current, height, linesOf, line);
  s.turnsStart.current = laid.start;
  const body = (
    <TurnsPane
      lines={laid.lines}
      width={width}
      height={height}
      hiddenEchoed={store.rows('turns').length - store.rows('shownTurns').length}
      empty={emptyText(s, 'no turns match the filter')}
    />
  );
  return { body, rowAt: (at) => laid.turns[at] ?? null, within: laid.within ? withinText(laid.within, height) : '' };
}

/** Lines kept above a selected row brought into view: its table's title and header. */
const USAGE_CONTEXT = 2;

/** The Usage tables with the cursor on a row, scrolled just enough to show it. */
function usageBody(s: ScreenInput): Screen {
  const { usage, height, state } = s;
  const { targets, lines } = usage;
  const at = Math.min(s.lists.usage.selected, targets.length - 1);
  const line = at >= 0 ? targets[at]!.line : -1;
  let top = Math.min(s.usageTop.current, Math.max(0, lines.length - height));
  if (at === 0) top = 0;
  else if (line >= 0 && line < top + USAGE_CONTEXT) top = Math.max(0, line - USAGE_CONTEXT);
  else if (line >= top + height) top = line - height + 1;
  // On the last row, the lines under it (the notes under the last table) show too, as far
  // as the row stays in view: no key moves past it, so they could be reached no other way.
  if (at > 0 && at === targets.length - 1) top = Math.max(top, Math.min(lines.length - height, line));
  s.usageTop.current = top;
  const found = s.searched.found;
  let position = targets.length ? `${at + 1} of ${targets.length}` : '';
  if (state.usageSort !== 'calls') position = `by ${state.usageSort} · ${position}`;
  if (found) position = `${searchCounter(found, at)} · ${position}`;
  const marked = found ? new Set(found.positions.map((i) => targets[i]!.line)) : undefined;
  const rowOfLine = new Map(targets.map((t, i) => [t.line, i]));
  return {
    body: <UsagePane lines={lines} scroll={top} selected={line} matched={marked} width={s.width} height={height} />,
    position,
    rowAt: (shown) => (shown < height ? (rowOfLine.get(top + shown) ?? null) : null),
  };
}

/** The row (list index; a Usage row's target index) shown on a line of the body, from 0; null for none. */
export type RowAt = (line: number) => number | null;

/** The body, the footer's position, and which row each line of the body shows (a click selects it). */
export interface Screen {
  body: ReactElement;
  position: string;
  rowAt: RowAt;
}

/** How far a big record's opening is: `reading the record… 42%`. */
const readingText = (opening: number) => `reading the record… ${Math.floor(opening * 100)}%`;

/** The body, and the footer's position: `UTC · slowest first · /query 2/5 · 7 of 13`. */
export function screenBody(s: ScreenInput): Screen {
  const { state, width, height, store, views } = s;
  // The tree and help scroll with the wheel; a click there selects nothing.
  const none: RowAt = () => null;
  if (s.tree) return { ...treeBody(s, s.tree), rowAt: none };
  if (s.opening !== null && s.preview) {
    // The head of the record, drawn as its tree will be; the footer says it is still being read.
    const { body } = treeBody(s, s.preview);
    return { body, position: readingText(s.opening), rowAt: none };
  }
  if (s.opening !== null) {
    const line = [seg(` ${readingText(s.opening)}`, 'dim')];
    return { body: <Lines lines={[[], line]} width={s.width} height={s.height} />, position: '', rowAt: none };
  }
  if (state.overlay) return { ...overlayBody(s), rowAt: none };
  const list = s.lists[state.pane];
  if (state.pane === 'usage') return usageBody(s);
  const found = s.searched.found;
  const common = {
    selectedIndex: list.selected - list.windowStart,
    width,
    height,
    clock: state.clock,
  };
  let body: ReactElement;
  const count = views[state.pane].length;
  // Fixed-height rows: line k of the body is row windowStart + k.
  let rowAt: RowAt = (line) => (line < height && list.windowStart + line < count ? list.windowStart + line : null);
  let within = '';
  if (state.pane === 'turns') ({ body, rowAt, within } = turnsBody(s, list.selected));
  else if (state.pane === 'events') {
    const rows = windowOf(views.events, list.windowStart, height).map((r) =>
      markedRow(eventRow(store, r, s.start), state),
    );
    const matched = matchedIn(found?.positions, list.windowStart, rows.length);
    const empty = emptyText(s, 'no records match the filter');
    body = <EventsPane rows={rows} matched={matched} empty={empty} {...common} />;
  } else {
    // Wide: each request's arguments, where there would be empty space.
    const wide = width >= ARGS_FROM_COLUMNS;
    const rows = windowOf(views.calls, list.windowStart, height).map((r) => {
      const row = callRow(store, r, s.start);
      return markedRow(wide ? { ...row, args: argsPreview(store, r) } : row, state);
    });
    const matched = matchedIn(found?.positions, list.windowStart, rows.length);
    const empty = emptyText(s, 'no calls match the filter');
    body = <CallsPane rows={rows} matched={matched} empty={empty} {...common} />;
  }
  let position = count ? `${fmtInt(list.selected + 1)} of ${fmtInt(count)}` : '0 of 0';
  if (state.pane === 'calls' && state.callOrder === 'latency') position = `slowest first · ${position}`;
  // A turn taller than the pane: which of its lines are shown, so it is plain there are more.
  if (within) position = `${within} · ${position}`;
  // Times of day are UTC: the footer says so while they are shown.
  if (state.clock) position = `UTC · ${position}`;
  if (found) position = `${searchCounter(found, list.selected)} · ${position}`;
  return { body, position, rowAt };
}

/** The header: pane tabs, trace labels, counts, the filter, a paused follow. */
export function screenHeader(
  s: Pick<ScreenInput, 'store' | 'state' | 'filtered' | 'views'>,
  width: number,
): ScreenLine {
  const { store, state, filtered } = s;
  const list = state.pane === 'usage' ? null : s.views[state.pane];
  const recordCount = store.files.reduce(
    (n, f) => n + f.counts.meta + f.counts.message + f.counts.event + f.counts.turn + f.counts.end + f.counts.other,
    0,
  );
  return headerLine(
    {
      pane: state.pane,
      files: store.files,
      labels: store.files.map((f) => fileLabelOf(store, f.index)),
      records: recordCount,
      skipped: store.files.reduce((n, f) => n + f.skipped, 0),
      pausedNew: state.pausedAt === null || !list ? null : Math.max(0, list.length - state.pausedAt),
      filter: filtered ? { text: filtered.filter.text, kept: filtered.count, total: store.count } : null,
    },
    width,
  );
}
