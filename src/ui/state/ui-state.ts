/** The app's UI state and its pure reducer: no Ink, no store; tested with plain tables. */
import { FilterError, parseFilter } from '../../trace/filter.js';
import { isRecordPane, PANES, perPane, RECORD_PANES } from '../panes/list.js';
import { listsWithin, moveBy, select, showFound } from './list-moves.js';
import {
  type Action,
  type DetailOverlay,
  type ListState,
  type PaneId,
  type RecordPaneId,
  type UiState,
  USAGE_SORTS,
} from './ui-types.js';

// The state's types and the list moves, for those that import them from here.
export { clampWindow, moveAction } from './list-moves.js';
export * from './ui-types.js';

const list = (): ListState => ({ selected: 0, windowStart: 0 });

export function initialState(
  options: { pane?: PaneId; follow?: boolean; filter?: string | null; clock?: boolean } = {},
): UiState {
  return {
    pane: options.pane ?? 'calls',
    lists: perPane(list),
    overlay: null,
    expandThinking: false,
    openTurns: [],
    turnScroll: null,
    turnFound: null,
    showEchoed: false,
    callOrder: 'time',
    usageSort: 'calls',
    sessionSort: 'start',
    clock: options.clock ?? false,
    stickToBottom: options.follow ?? false,
    follow: options.follow ?? false,
    pausedAt: null,
    followUnasked: null,
    notice: null,
    input: null,
    search: null,
    filter: options.filter ?? null,
    marks: new Set(),
    linkedFrom: null,
    paneState: {},
  };
}

/** The filter a bar's text puts in effect: null for none (a blank text). Throws `FilterError` when it is no filter. */
export function filterOf(text: string): string | null {
  return parseFilter(text) === null ? null : text.trim();
}

/** The search left, the position kept; the turn found stays shown where the query as typed last matches. */
function leaveSearch(state: UiState): UiState {
  const turnFound =
    state.turnFound && state.search ? { ...state.turnFound, query: state.search.query } : state.turnFound;
  return { ...state, notice: null, search: null, turnFound };
}

/** In Turns, the turn a search went to is shown where it matches (`turnFound`), not where a key left it. */
const foundTurn = (state: UiState): UiState =>
  state.pane === 'turns'
    ? {
        ...state,
        turnScroll: null,
        turnFound: { index: state.lists.turns.selected, query: state.search?.query ?? '' },
      }
    : state;

/** What is in front when help (or the detail view) closes: the detail view help covered, else the pane. */
const helpUnder = (state: UiState): DetailOverlay | null =>
  state.overlay?.type === 'help' ? (state.overlay.under ?? null) : null;

/** The search that outlives the overlay being left: one begun in a list. */
const afterOverlay = (state: UiState): UiState['search'] => (state.search?.inOverlay ? null : state.search);

export function reduce(state: UiState, action: Action): UiState {
  switch (action.type) {
    case 'move':
      return moveBy({ ...state, notice: null }, (c) => c + action.delta, action.bounds);
    case 'page': {
      const step = Math.max(1, action.half ? Math.floor(action.bounds.height / 2) : action.bounds.height);
      return moveBy({ ...state, notice: null }, (c) => c + action.direction * step, action.bounds);
    }
    case 'top':
      return moveBy({ ...state, notice: null }, () => 0, action.bounds);
    case 'bottom': {
      const next = moveBy({ ...state, notice: null }, () => action.bounds.count, action.bounds);
      return state.overlay ? next : { ...next, stickToBottom: true };
    }
    case 'jump':
      return moveBy(
        {
          ...state,
          pane: action.pane,
          overlay: null,
          search: afterOverlay(state),
          // A notice is about where the selection was (`no problem below this row`).
          notice: null,
          linkedFrom: action.linkedFrom ?? state.linkedFrom,
        },
        () => action.index,
        action.bounds,
      );
    case 'pane.state':
      return { ...state, notice: null, paneState: { ...state.paneState, [action.pane]: action.value } };
    case 'pane':
    case 'cycle': {
      const i = PANES.indexOf(state.pane);
      const pane = action.type === 'pane' ? action.pane : PANES[(i + action.direction + PANES.length) % PANES.length]!;
      return {
        ...state,
        pane,
        overlay: null,
        search: afterOverlay(state),
        notice: null,
        // Following is paused or not whatever pane is shown (as less +F: only G resumes it);
        // paused, what is new in the pane shown is counted from now.
        pausedAt: state.pausedAt === null || !action.counts ? state.pausedAt : action.counts[pane],
      };
    }
    case 'open': {
      const selected = state.lists[state.pane].selected;
      if (selected >= action.list.length) return state;
      return {
        ...state,
        overlay: { type: 'detail', pane: state.pane, row: action.list.at(selected), scroll: 0, found: -1 },
        notice: null,
      };
    }
    case 'close':
      return { ...state, overlay: helpUnder(state), search: afterOverlay(state), notice: null };
    case 'help':
      return {
        ...state,
        overlay:
          state.overlay?.type === 'help'
            ? helpUnder(state)
            : state.overlay
              ? { type: 'help', over: 'detail', scroll: 0, found: -1, under: state.overlay }
              : { type: 'help', over: state.pane, scroll: 0, found: -1 },
        search: afterOverlay(state),
      };
    case 'toggle-thinking':
      return { ...state, expandThinking: !state.expandThinking };
    case 'toggle-turn': {
      const open = state.openTurns.includes(action.row);
      return {
        ...state,
        openTurns: open ? state.openTurns.filter((r) => r !== action.row) : [...state.openTurns, action.row],
        // Opened or folded again, the turn is shown from the same line (kept within it when drawn).
        turnFound: null,
        notice: null,
      };
    }
    case 'turn.scroll':
      return { ...state, turnScroll: { row: action.row, line: action.line }, turnFound: null, notice: null };
    case 'tree':
      return state.overlay?.type === 'detail'
        ? { ...state, overlay: { ...state.overlay, tree: action.tree }, notice: null }
        : state;
    case 'calls.order':
      // Slowest first has no bottom to stick to: new calls land anywhere in it.
      return {
        ...state,
        callOrder: action.order,
        lists: { ...state.lists, calls: select(state.lists.calls, action.index, action.bounds) },
        stickToBottom: false,
        pausedAt: null,
        notice: null,
      };
    case 'calls.follow':
      return { ...state, lists: { ...state.lists, calls: select(state.lists.calls, action.index, action.bounds) } };
    case 'toggle-clock':
      return { ...state, clock: !state.clock };
    case 'usage.sort': {
      const next = USAGE_SORTS[(USAGE_SORTS.indexOf(state.usageSort) + 1) % USAGE_SORTS.length]!;
      return { ...state, usageSort: next, lists: { ...state.lists, usage: list() }, notice: null };
    }
    case 'sessions.sort':
      // The run selected stays selected, in a window scrolled from the top: the head of
      // the new order (the most errors, the longest) shows whenever the selection lets it.
      return {
        ...state,
        sessionSort: action.sort,
        lists: { ...state.lists, calls: select({ ...state.lists.calls, windowStart: 0 }, action.index, action.bounds) },
        notice: null,
      };
    case 'toggle-echoed':
      return {
        ...state,
        showEchoed: !state.showEchoed,
        lists: { ...state.lists, turns: select(state.lists.turns, action.index, action.bounds) },
        turnFound: null,
      };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'input.open':
      return {
        ...state,
        input: { kind: action.kind, text: action.text },
        notice: null,
        search: action.kind === 'search' ? { query: action.text, inOverlay: state.overlay !== null } : state.search,
      };
    case 'input.text':
    case 'input.delete':
    case 'input.clear': {
      if (!state.input) return state;
      const text =
        action.type === 'input.text'
          ? state.input.text + action.text
          : action.type === 'input.clear'
            ? ''
            : [...state.input.text].slice(0, -1).join('');
      return {
        ...state,
        // What the bar said was of the text before this edit (an error, Tab's choices).
        notice: null,
        input: { ...state.input, text },
        search:
          state.input.kind === 'search'
            ? { query: text, inOverlay: state.search?.inOverlay ?? state.overlay !== null }
            : state.search,
      };
    }
    case 'input.recall':
      return state.input
        ? { ...state, notice: null, input: { kind: state.input.kind, text: action.text, recalled: action.at } }
        : state;
    case 'input.cancel':
      // Esc leaves search and keeps the position; a filter being edited stays as it was.
      // What the bar said (its choices, a key it did not take) goes with it.
      if (state.input?.kind !== 'search') return { ...state, input: null, notice: null };
      return { ...leaveSearch(state), input: null };
    case 'search.clear':
      return leaveSearch(state);
    case 'input.submit': {
      if (state.input?.kind !== 'filter') return { ...state, input: null };
      try {
        return reduce(state, { type: 'filter.set', filter: filterOf(state.input.text) });
      } catch (error) {
        // The previous filter stays; the bar stays open to fix the expression.
        if (error instanceof FilterError)
          return {
            ...state,
            notice: { kind: 'error', text: `${error.message} (at column ${error.position + 1})`, at: error.span },
          };
        throw error;
      }
    }
    case 'search.step': {
      // The next match after the selection (n), or the one before it (N), wrapping around.
      const p = action.positions;
      if (!state.search || p.length === 0) return state;
      const o = state.overlay;
      if (o) {
        // From the current match, else from the top of the view (n finds one shown there).
        const line =
          action.direction === 1
            ? (p.find((x) => x > (o.found >= 0 ? o.found : o.scroll - 1)) ?? p[0]!)
            : (p.findLast((x) => x < (o.found >= 0 ? o.found : o.scroll)) ?? p[p.length - 1]!);
        return { ...state, overlay: showFound(o, line, action.bounds) };
      }
      const at = state.lists[state.pane].selected;
      const index =
        action.direction === 1 ? (p.find((x) => x > at) ?? p[0]!) : (p.findLast((x) => x < at) ?? p[p.length - 1]!);
      return foundTurn(moveBy(state, () => index, action.bounds));
    }
    case 'search.goto':
      return state.overlay
        ? { ...state, overlay: showFound(state.overlay, action.index, action.bounds) }
        : foundTurn(moveBy(state, () => action.index, action.bounds));
    case 'filter.set': {
      // Each list keeps its record selected (or the nearest one the new list has), on
      // screen; following the bottom, it stays at the bottom. The Usage tables are others
      // (no record behind a row): their cursor starts over.
      const { kept } = action;
      const lists = perPane(list);
      if (kept)
        for (const pane of RECORD_PANES) {
          const { index, count } = kept.lists[pane];
          const at = state.follow && state.stickToBottom ? count - 1 : index;
          lists[pane] = select(state.lists[pane], at, { count, height: kept.height });
        }
      // Paused while following: what is new is counted from the new list's length.
      const paused = kept && state.pausedAt !== null && isRecordPane(state.pane);
      return {
        ...state,
        filter: action.filter,
        input: null,
        notice: null,
        lists,
        search: null,
        // It holds for its turn's row only: the same turn still selected is still shown from there.
        turnScroll: kept ? state.turnScroll : null,
        pausedAt: paused ? kept.lists[state.pane as RecordPaneId].count : state.pausedAt,
      };
    }
    case 'marks.toggle': {
      const marks = new Set(state.marks);
      if (!marks.delete(action.row)) marks.add(action.row);
      return { ...state, marks };
    }
    case 'marks.add':
      return action.rows.every((r) => state.marks.has(r))
        ? state
        : { ...state, marks: new Set([...state.marks, ...action.rows]) };
    case 'grown': {
      if (!state.stickToBottom) return state.followUnasked === null ? state : { ...state, followUnasked: null };
      const lists = listsWithin(state, action.counts, action.height);
      const asked = state.pane === 'turns' ? action.tall : undefined;
      if (!asked) return { ...state, lists, followUnasked: null };
      // Following in Turns, a new turn taller than the pane is shown from its top (where
      // reading it begins), and the turns after it wait until its end is shown; the
      // first such of the turns new since the last look, not only the newest, however
      // many came: a slice of them a look, the list following as far as they were asked.
      const unasked = Math.min(asked.from, state.followUnasked ?? asked.from);
      const from = Math.max(unasked, state.lists.turns.selected + 1);
      const end = lists.turns.selected;
      const last = Math.min(end, from + NEW_TURNS_ASKED - 1);
      const tall = firstTall(from, last, asked.of);
      if (tall < 0 && last >= end) return { ...state, lists, followUnasked: null };
      const bounds = { count: action.counts.turns, height: action.height };
      if (tall < 0)
        return {
          ...state,
          lists: { ...lists, turns: select(state.lists.turns, last, bounds) },
          followUnasked: last + 1,
        };
      return {
        ...state,
        lists: { ...lists, turns: select(state.lists.turns, tall, bounds) },
        turnScroll: null,
        turnFound: null,
        stickToBottom: false,
        pausedAt: tall + 1,
        followUnasked: null,
      };
    }
    case 'reset': {
      const lists = listsWithin(state, action.counts, action.height);
      // A detail view is of one record, which may be gone or another one now.
      const overlay = state.overlay?.type === 'detail' ? null : state.overlay;
      const pausedAt = state.pausedAt === null ? null : Math.min(state.pausedAt, action.counts[state.pane]);
      // Marks name rows, which are other records now (and the file they were set on changed).
      return {
        ...state,
        lists,
        overlay,
        openTurns: [],
        turnScroll: null,
        turnFound: null,
        search: overlay === state.overlay ? state.search : afterOverlay(state),
        pausedAt,
        followUnasked: null,
        marks: new Set(),
        // Row numbers name other records now.
        linkedFrom: null,
      };
    }
  }
}

/**
 * New turns asked per look whether they are taller than the pane, each laid out (read
 * back from the file) to be measured: a look's cost is bounded whatever the batch, and
 * a longer batch (a writer's burst) is asked a slice a frame, the list following as far
 * as it was asked, never past a turn not asked yet. No cheaper test rules turns out: the
 * store keeps no blocks, and a line's length bounds the turn's height only by about half
 * its bytes (two bytes of JSON can make a line: `\n` in a text, a block that is no object),
 * which any real turn passes.
 */
const NEW_TURNS_ASKED = 64;

/** The first index from `from` to `to` (both included) that `tall` says is a tall turn; -1 for none. */
function firstTall(from: number, to: number, tall: (index: number) => boolean): number {
  for (let i = from; i <= to; i++) if (tall(i)) return i;
  return -1;
}
