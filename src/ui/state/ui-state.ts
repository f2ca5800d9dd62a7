/** The app's UI state and its pure reducer: no Ink, no store; tested with plain tables. */
import { FilterError, parseFilter } from '../../trace/filter.js';
import type { TreeState } from '../tree/tree-state.js';

export const PANES = ['calls', 'turns', 'usage', 'events'] as const;
/** How the Calls pane orders its rows: as they happened, or slowest first. */
export type CallOrder = 'time' | 'latency';
/** The column the Usage tables are sorted by (`o` cycles them); a table without it keeps its calls order. */
export const USAGE_SORTS = ['calls', 'cost', 'errors', 'p95'] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];
/** The column the Sessions list is sorted by (`s` cycles them): start and the figures latest or largest first, the label A to Z. */
export const SESSION_SORTS = ['start', 'label', 'duration', 'calls', 'errors', 'tokens', 'cost'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];
/** What the one-line bar at the bottom is typing: a search, a filter, a line to go to. */
export type InputKind = 'search' | 'filter' | 'goto';
export type PaneId = (typeof PANES)[number];

/**
 * What a footer notice is. `error`: a key refused, a failure, an expression that is no
 * filter (drawn after `✗`: colour is never the only signal). `info`: what was done or
 * what there is (a written file's path, "copied", Tab's choices), with no alarm glyph.
 */
export type NoticeKind = 'error' | 'info';
export interface Notice {
  kind: NoticeKind;
  text: string;
}

export interface ListState {
  selected: number;
  /** First visible row (fixed-height lists) or turn (Turns). */
  windowStart: number;
}

/**
 * Where each list's selection goes under a new filter (its record's place in the new
 * list, or the nearest record's) and the new list's length: worked out from the store
 * by the command that sets the filter (`data/kept-selection.ts`).
 */
export type KeptLists = Record<'calls' | 'turns' | 'events', { index: number; count: number }>;

/**
 * `found`: the line of the current search match in the overlay, -1 for none. Help
 * lists the keys of the view it was opened `over` (the detail view, or a pane); a
 * detail view it covers (`under`) is in front again when help closes.
 */
export type DetailOverlay = {
  type: 'detail';
  pane: PaneId;
  row: number;
  scroll: number;
  found: number;
  /** The app's detail view is a tree: its cursor, window and folds (none yet: all unfolded, at the top). */
  tree?: TreeState;
};
export type Overlay =
  | DetailOverlay
  | { type: 'help'; over: 'detail' | PaneId; scroll: number; found: number; under?: DetailOverlay };

export interface UiState {
  pane: PaneId;
  lists: Record<PaneId, ListState>;
  overlay: Overlay | null;
  expandThinking: boolean;
  /** Turns whose long text is shown whole (Space), by row. */
  openTurns: readonly number[];
  /**
   * The first line on screen of the selected turn when it is taller than the pane (the
   * move keys scroll through it, `state/turn-scroll.ts`); it holds for that turn's `row`
   * only, so any other selection shows its turn from the top.
   */
  turnScroll: { row: number; line: number } | null;
  /**
   * The turn (list index) a search went to (`/`, `n`, `N`), shown from its first line
   * that holds `query` (the search's query when it ends) until a key scrolls it
   * (`format/turn-layout.ts`, `selectedTurnLine`): the reducer cannot lay a turn out.
   */
  turnFound: { index: number; query: string } | null;
  showEchoed: boolean;
  /** The Calls pane's order (`s`). */
  callOrder: CallOrder;
  /** The Usage tables' order (`o`). */
  usageSort: UsageSort;
  /** The Sessions list's order (`s`, when a directory is opened). */
  sessionSort: SessionSort;
  /** Times as UTC clock times instead of offsets from the start (`T`). */
  clock: boolean;
  /** Stick to the last row as rows arrive (`--follow`); cleared by scrolling up. */
  stickToBottom: boolean;
  /** `--follow`: the app is watching a growing trace. */
  follow: boolean;
  /** While following and scrolled away: the active list's length when the user left the bottom. */
  pausedAt: number | null;
  /** A one-line notice in the footer (a written file's path, a filter error). */
  notice: Notice | null;
  /** The text being typed into the search or filter bar; `recalled`: the history entry shown (↑/↓ in the filter bar). */
  input: { kind: InputKind; text: string; recalled?: number } | null;
  /**
   * The search in effect (typed or confirmed). In a list, the current match is the
   * selection's place among the matches; in an overlay, its `found` line. A search
   * begun in an overlay (`inOverlay`) ends with it; one begun in a list also marks
   * the detail views opened from it, and goes on when they close.
   */
  search: { query: string; inOverlay: boolean } | null;
  /** The filter expression in effect (already validated), or null. */
  filter: string | null;
  /** Marked records, by row (`m`); `u`/`U` go through them, `w` writes them. */
  marks: ReadonlySet<number>;
  /**
   * Where the last `l` came from: `l` again on the record it reached (`row`) goes back to
   * `back`, not to that record's first link (a turn with two tool_uses links two calls).
   */
  linkedFrom: { row: number; back: number } | null;
}

/** What the reducer needs to know about the lists it moves in. */
export interface Bounds {
  /** Rows in the active list (or lines in the open overlay). */
  count: number;
  /** Visible rows. */
  height: number;
}

export type Action =
  | { type: 'move'; delta: number; bounds: Bounds }
  | { type: 'page'; direction: 1 | -1; half: boolean; bounds: Bounds }
  | { type: 'top'; bounds: Bounds }
  /** Select row `index` of `pane` (a starting position; benchmarks); `linkedFrom`: reached by `l`. */
  | { type: 'jump'; pane: PaneId; index: number; bounds: Bounds; linkedFrom?: { row: number; back: number } }
  | { type: 'bottom'; bounds: Bounds }
  /** `counts`: each list's length, to count what is new from while following is paused (without it, kept as it was). */
  | { type: 'pane'; pane: PaneId; counts?: Record<PaneId, number> }
  | { type: 'cycle'; direction: 1 | -1; counts?: Record<PaneId, number> }
  /** Open the detail view of the selected row of `list` (resolved here, so a burst of keys sees the latest selection). */
  | { type: 'open'; list: { length: number; at(i: number): number } }
  | { type: 'close' }
  | { type: 'help' }
  | { type: 'toggle-thinking' }
  /** The long text of the turn at `row` shown whole, or folded again. */
  | { type: 'toggle-turn'; row: number }
  /** The selected turn (at `row`), taller than the pane, shown from its line `line`. */
  | { type: 'turn.scroll'; row: number; line: number }
  /** The detail view's tree after a key. */
  | { type: 'tree'; tree: TreeState }
  /** Echoed resends shown or hidden; `index`: where the selected turn is in the new list (it stays selected). */
  | { type: 'toggle-echoed'; index: number; bounds: Bounds }
  | { type: 'toggle-clock' }
  /** The Usage tables sorted by the next column; the selection goes to the first row. */
  | { type: 'usage.sort' }
  /** The Sessions list sorted by `sort`; `index`: where the selected run is in it (it stays selected). */
  | { type: 'sessions.sort'; sort: SessionSort; index: number; bounds: Bounds }
  /** Calls in another order; `index`: where the selected call is in it (it stays selected). */
  | { type: 'calls.order'; order: CallOrder; index: number; bounds: Bounds }
  /** The selected call moved to `index` (slowest first, as calls arrive or finish): select it there. */
  | { type: 'calls.follow'; index: number; bounds: Bounds }
  | { type: 'notice'; notice: Notice | null }
  | { type: 'input.open'; kind: InputKind; text: string }
  | { type: 'input.text'; text: string }
  | { type: 'input.delete' }
  | { type: 'input.clear' }
  /** ↑/↓ in the filter bar: history entry `at` (or, past the newest, an empty bar). */
  | { type: 'input.recall'; text: string; at: number | undefined }
  | { type: 'input.cancel' }
  /** Esc in a pane: the search kept after Enter is left (its counter and marks), the position kept. */
  | { type: 'search.clear' }
  /** Enter in the bar: a search keeps its match and counter; a filter is applied if valid. */
  | { type: 'input.submit' }
  /** n / N: the next or previous of `positions` (the matches' list indices, or an overlay's line indices). */
  | { type: 'search.step'; direction: 1 | -1; positions: number[]; bounds: Bounds }
  /** Select the match at list index (or overlay line) `index`. */
  | { type: 'search.goto'; index: number; bounds: Bounds }
  /**
   * A valid filter (null clears it); `kept`: where each list's selection goes in the new
   * lists, `height` rows of them shown. Without it (no store to look in) the lists start over.
   */
  | { type: 'filter.set'; filter: string | null; kept?: { lists: KeptLists; height: number } }
  /**
   * New rows arrived: keep the bottom in view when sticking to it. `tall`: whether the
   * Turns list's turn at an index is taller than the pane (a new one then holds following).
   */
  | { type: 'grown'; counts: Record<PaneId, number>; height: number; tall?: (index: number) => boolean }
  /** `m`: the row marked, or unmarked when it was. */
  | { type: 'marks.toggle'; row: number }
  /** Marks kept from an earlier run, found among the rows read so far. */
  | { type: 'marks.add'; rows: readonly number[] }
  /** The rows were read again (a followed file truncated or replaced): a row number may name another record now. */
  | { type: 'reset'; counts: Record<PaneId, number>; height: number };

const list = (): ListState => ({ selected: 0, windowStart: 0 });

export function initialState(
  options: { pane?: PaneId; follow?: boolean; filter?: string | null; clock?: boolean } = {},
): UiState {
  return {
    pane: options.pane ?? 'calls',
    lists: { calls: list(), turns: list(), usage: list(), events: list() },
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
    notice: null,
    input: null,
    search: null,
    filter: options.filter ?? null,
    marks: new Set(),
    linkedFrom: null,
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

/** Moves the window only when the selection crosses an edge. */
export function clampWindow(start: number, selected: number, height: number, total: number): number {
  if (total <= 0 || height <= 0) return 0;
  let s = start;
  if (selected < s) s = selected;
  if (selected >= s + height) s = selected - height + 1;
  return Math.max(0, Math.min(s, Math.max(0, total - height)));
}

function select(l: ListState, selected: number, { count, height }: Bounds): ListState {
  const sel = count <= 0 ? 0 : Math.max(0, Math.min(selected, count - 1));
  return { selected: sel, windowStart: clampWindow(l.windowStart, sel, height, count) };
}

/** Scroll-only views (Usage, detail, help) move their top line, not a selection. */
function scrollTo(top: number, { count, height }: Bounds): number {
  return Math.max(0, Math.min(top, count - height));
}

/** Lines kept above a search match brought into view (context, as a pager keeps). */
const CONTEXT = 2;

/** The overlay with line `line` as its current match, scrolled to it unless it is in view. */
function showFound<O extends Overlay>(o: O, line: number, bounds: Bounds): O {
  const inView = line >= o.scroll && line < o.scroll + bounds.height;
  return {
    ...o,
    found: line,
    scroll: inView ? o.scroll : scrollTo(line - Math.min(CONTEXT, Math.floor(bounds.height / 4)), bounds),
  };
}

function moveBy(state: UiState, target: (current: number) => number, bounds: Bounds): UiState {
  const o = state.overlay;
  if (o) {
    const scroll = scrollTo(target(o.scroll), bounds);
    // A match scrolled out of view is no longer current: n goes on from what is shown.
    const found = o.found >= scroll && o.found < scroll + bounds.height ? o.found : -1;
    return { ...state, overlay: { ...o, scroll, found } };
  }
  if (state.pane === 'usage') {
    // A cursor over the model, tool and method rows (the screen scrolls to show it).
    const usage = select(state.lists.usage, target(state.lists.usage.selected), bounds);
    return { ...state, lists: { ...state.lists, usage } };
  }
  const l = state.lists[state.pane];
  const next = select(l, target(l.selected), bounds);
  const atBottom = next.selected >= bounds.count - 1 && bounds.count > 0;
  const pausedAt = !state.follow || atBottom ? null : (state.pausedAt ?? bounds.count);
  return { ...state, lists: { ...state.lists, [state.pane]: next }, stickToBottom: atBottom, pausedAt };
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
      return {
        ...state,
        sessionSort: action.sort,
        lists: { ...state.lists, calls: select(state.lists.calls, action.index, action.bounds) },
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
          return { ...state, notice: { kind: 'error', text: `${error.message} (at column ${error.position + 1})` } };
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
      const lists = { calls: list(), turns: list(), usage: list(), events: list() };
      if (kept)
        for (const pane of ['calls', 'turns', 'events'] as const) {
          const { index, count } = kept.lists[pane];
          const at = state.follow && state.stickToBottom ? count - 1 : index;
          lists[pane] = select(state.lists[pane], at, { count, height: kept.height });
        }
      // Paused while following: what is new is counted from the new list's length.
      const paused = kept && state.pausedAt !== null && state.pane !== 'usage';
      return {
        ...state,
        filter: action.filter,
        input: null,
        notice: null,
        lists,
        search: null,
        // It holds for its turn's row only: the same turn still selected is still shown from there.
        turnScroll: kept ? state.turnScroll : null,
        pausedAt: paused ? kept.lists[state.pane as keyof KeptLists].count : state.pausedAt,
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
      if (!state.stickToBottom) return state;
      const lists = listsWithin(state, action.counts, action.height);
      // Following in Turns, a new turn taller than the pane is shown from its top (where
      // reading it begins), and the turns after it wait until its end is shown; the
      // first such of the turns new since the last look, not only the newest.
      const tall =
        state.pane === 'turns' ? firstTall(state.lists.turns.selected + 1, lists.turns.selected, action.tall) : -1;
      if (tall < 0) return { ...state, lists };
      const turns = select(state.lists.turns, tall, { count: action.counts.turns, height: action.height });
      return {
        ...state,
        lists: { ...lists, turns },
        turnScroll: null,
        turnFound: null,
        stickToBottom: false,
        pausedAt: tall + 1,
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
        marks: new Set(),
        // Row numbers name other records now.
        linkedFrom: null,
      };
    }
  }
}

/** Each list within its (new) length: at its bottom when sticking to it, else where it was. */
/**
 * A batch of new turns beyond this many is a catch-up (a file read in one go), not turns
 * to read one by one: only its first ones are asked about, each laid out to be measured.
 */
const NEW_TURNS_ASKED = 64;

/** The first index from `from` to `to` (both included) that `tall` says is a tall turn; -1 for none. */
function firstTall(from: number, to: number, tall: ((index: number) => boolean) | undefined): number {
  if (!tall) return -1;
  for (let i = from; i <= Math.min(to, from + NEW_TURNS_ASKED - 1); i++) if (tall(i)) return i;
  return -1;
}

function listsWithin(state: UiState, counts: Record<PaneId, number>, height: number): UiState['lists'] {
  const lists = { ...state.lists };
  for (const pane of ['calls', 'turns', 'events'] as const) {
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
