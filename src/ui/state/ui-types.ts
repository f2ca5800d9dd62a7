/** The app's UI state and the reducer's actions: the types and tables the reducer (ui-state.ts) works on. */
import type { PaneId, RecordPaneId } from '../panes/list.js';
import type { TreeState } from '../tree/tree-state.js';

export { PANES, type PaneId, type RecordPaneId } from '../panes/list.js';
/** How the Calls pane orders its rows: as they happened, or slowest first. */
export type CallOrder = 'time' | 'latency';
/** The column the Usage tables are sorted by (`o` cycles them); a table without it keeps its calls order. */
export const USAGE_SORTS = ['calls', 'cost', 'errors', 'p95'] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];
/** The column the Sessions list is sorted by (`s` cycles them): start and the figures latest or largest first, the label and model A to Z. */
export const SESSION_SORTS = ['start', 'label', 'model', 'duration', 'calls', 'errors', 'tokens', 'cost'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];
/** What the one-line bar at the bottom is typing: a search, a filter, a line to go to. */
export type InputKind = 'search' | 'filter' | 'goto';

/**
 * What a footer notice is. `error`: a key refused, a failure, an expression that is no
 * filter (drawn after `✗`: colour is never the only signal). `info`: what was done or
 * what there is (a written file's path, "copied", Tab's choices), with no alarm glyph.
 */
export type NoticeKind = 'error' | 'info';
export interface Notice {
  kind: NoticeKind;
  text: string;
  /** Of a filter the bar refused: the part of its text that is wrong (code units, `to` excluded), marked there. */
  at?: { from: number; to: number };
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
export type KeptLists = Record<RecordPaneId, { index: number; count: number }>;

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
   * move keys scroll through it, `panes/turns/turn-scroll.ts`); it holds for that turn's `row`
   * only, so any other selection shows its turn from the top.
   */
  turnScroll: { row: number; line: number } | null;
  /**
   * The turn (list index) a search went to (`/`, `n`, `N`), shown from its first line
   * that holds `query` (the search's query when it ends) until a key scrolls it
   * (`panes/turns/turn-layout.ts`, `selectedTurnLine`): the reducer cannot lay a turn out.
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
  /**
   * Following in Turns, a batch of new turns longer than a slice: the first of them not
   * yet asked whether it is taller than the pane. The list waits at the turn before it,
   * and the next look (`grown`, a frame later: `hooks/use-start.ts`) asks on from it.
   */
  followUnasked: number | null;
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
  /**
   * What a pane keeps of its own beyond its selection (a time axis's zoom and pan), by
   * pane: set whole by its commands (`pane.state`), read by its screen through its own
   * typed accessor; the reducer never looks inside.
   */
  paneState: Readonly<Partial<Record<PaneId, unknown>>>;
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
  /** A pane's own state replaced (`paneState`); the notice cleared, as after any key that acts. */
  | { type: 'pane.state'; pane: PaneId; value: unknown }
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
  | {
      type: 'grown';
      counts: Record<PaneId, number>;
      height: number;
      /**
       * Following: which turns are new (from this index on; also any still unasked,
       * `followUnasked`), and whether one is taller than the pane.
       */
      tall?: { from: number; of: (index: number) => boolean };
    }
  /** `m`: the row marked, or unmarked when it was. */
  | { type: 'marks.toggle'; row: number }
  /** Marks kept from an earlier run, found among the rows read so far. */
  | { type: 'marks.add'; rows: readonly number[] }
  /** The rows were read again (a followed file truncated or replaced): a row number may name another record now. */
  | { type: 'reset'; counts: Record<PaneId, number>; height: number };
