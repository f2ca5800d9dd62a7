/** The app's UI state and its pure reducer: no Ink, no store; tested with plain tables. */

export const PANES = ['calls', 'turns', 'usage', 'events'] as const;
export type PaneId = (typeof PANES)[number];

export interface ListState {
  selected: number;
  /** First visible row (fixed-height lists) or turn (Turns). */
  windowStart: number;
}

export type Overlay =
  | { type: 'detail'; pane: PaneId; row: number; scroll: number }
  | { type: 'help'; scroll: number };

export interface UiState {
  pane: PaneId;
  lists: Record<PaneId, ListState>;
  overlay: Overlay | null;
  expandThinking: boolean;
  showEchoed: boolean;
  /** Stick to the last row as rows arrive (`--follow`); cleared by scrolling up. */
  stickToBottom: boolean;
  /** `--follow`: the app is watching a growing trace. */
  follow: boolean;
  /** While following and scrolled away: the active list's length when the user left the bottom. */
  pausedAt: number | null;
  /** A one-line notice in the footer (a written file's path, a reserved key). */
  notice: string | null;
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
  /** Select row `index` of `pane` (a starting position; benchmarks). */
  | { type: 'jump'; pane: PaneId; index: number; bounds: Bounds }
  | { type: 'bottom'; bounds: Bounds }
  | { type: 'pane'; pane: PaneId }
  | { type: 'cycle'; direction: 1 | -1 }
  | { type: 'open'; row: number }
  | { type: 'close' }
  | { type: 'help' }
  | { type: 'toggle-thinking' }
  | { type: 'toggle-echoed' }
  | { type: 'notice'; text: string | null }
  /** New rows arrived: keep the bottom in view when sticking to it. */
  | { type: 'grown'; counts: Record<PaneId, number>; height: number };

const list = (): ListState => ({ selected: 0, windowStart: 0 });

export function initialState(options: { pane?: PaneId; follow?: boolean } = {}): UiState {
  return {
    pane: options.pane ?? 'calls',
    lists: { calls: list(), turns: list(), usage: list(), events: list() },
    overlay: null,
    expandThinking: false,
    showEchoed: false,
    stickToBottom: options.follow ?? false,
    follow: options.follow ?? false,
    pausedAt: null,
    notice: null,
  };
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

function moveBy(state: UiState, target: (current: number) => number, bounds: Bounds): UiState {
  const o = state.overlay;
  if (o) return { ...state, overlay: { ...o, scroll: scrollTo(target(o.scroll), bounds) } };
  if (state.pane === 'usage') {
    const top = scrollTo(target(state.lists.usage.windowStart), bounds);
    return { ...state, lists: { ...state.lists, usage: { selected: top, windowStart: top } } };
  }
  const l = state.lists[state.pane];
  const next = select(l, target(l.selected), bounds);
  const atBottom = next.selected >= bounds.count - 1 && bounds.count > 0;
  const pausedAt = !state.follow || atBottom ? null : (state.pausedAt ?? bounds.count);
  return { ...state, lists: { ...state.lists, [state.pane]: next }, stickToBottom: atBottom, pausedAt };
}

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
      return moveBy({ ...state, pane: action.pane, overlay: null }, () => action.index, action.bounds);
    case 'pane':
      return { ...state, pane: action.pane, overlay: null, notice: null, pausedAt: null, stickToBottom: state.follow ? true : state.stickToBottom };
    case 'cycle': {
      const i = PANES.indexOf(state.pane);
      return { ...state, pane: PANES[(i + action.direction + PANES.length) % PANES.length]!, overlay: null, notice: null, pausedAt: null, stickToBottom: state.follow ? true : state.stickToBottom };
    }
    case 'open':
      return { ...state, overlay: { type: 'detail', pane: state.pane, row: action.row, scroll: 0 }, notice: null };
    case 'close':
      return { ...state, overlay: null, notice: null };
    case 'help':
      return { ...state, overlay: state.overlay?.type === 'help' ? null : { type: 'help', scroll: 0 } };
    case 'toggle-thinking':
      return { ...state, expandThinking: !state.expandThinking };
    case 'toggle-echoed':
      return { ...state, showEchoed: !state.showEchoed, lists: { ...state.lists, turns: list() } };
    case 'notice':
      return { ...state, notice: action.text };
    case 'grown': {
      if (!state.stickToBottom) return state;
      const lists = { ...state.lists };
      for (const pane of ['calls', 'turns', 'events'] as const) {
        const count = action.counts[pane];
        lists[pane] = select(lists[pane], count - 1, { count, height: action.height });
      }
      return { ...state, lists };
    }
  }
}
