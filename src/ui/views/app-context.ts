/** What the app's commands read: the state, the store, and the lists as shown. */
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { RowList, Views } from '../data/views.js';
import { isRecordPane } from '../panes/list.js';
import type { UsageTarget } from '../panes/usage/usage-lines.js';
import type { TreeFrame, TreeState } from '../tree/tree-state.js';
import type { BaseContext } from './view.js';

export interface AppContext extends BaseContext {
  store: TraceStore;
  /** The rows of Calls, Turns and Events, filtered and ordered as shown. */
  views: Views;
  filtered: FilterResult | null;
  /** Body lines on screen, and the terminal's columns. */
  height: number;
  width: number;
  /** The search matches shown (list indices, Usage rows, or lines of the open overlay); null when no search is shown. */
  matches: readonly number[] | null;
  /** The Usage pane's model, tool and method rows, as shown (empty while it is not). */
  usage: readonly UsageTarget[];
  /** Filters applied before, oldest first (↑/↓ in the filter bar). */
  history: readonly string[];
  /** The run was opened from the Sessions list (a directory): Esc goes back to it. */
  fromSessions: boolean;
  /** The open detail view's tree, its state, and the nodes the search finds (null: no search); null without one. */
  tree: DetailTree | null;
}

export interface DetailTree {
  frame: TreeFrame;
  state: TreeState;
  matches: readonly number[] | null;
}

/** The list of records of the pane shown (Usage lists none). */
export function activeList(ctx: AppContext): RowList | null {
  const pane = ctx.state.pane;
  return isRecordPane(pane) ? ctx.views[pane] : null;
}

/** The record a command acts on: the open one, else the selected row; -1 for none. */
export function selectedRow(ctx: AppContext): number {
  const o = ctx.state.overlay;
  if (o?.type === 'detail') return o.row;
  if (o) return -1;
  const list = activeList(ctx);
  const at = ctx.state.lists[ctx.state.pane].selected;
  return list && at < list.length ? list.at(at) : -1;
}

/** `row`'s place in `list`, or -1. */
export function indexOf(list: RowList, row: number): number {
  for (let i = 0; i < list.length; i++) if (list.at(i) === row) return i;
  return -1;
}

/** The disabled reason of a command that needs a row to act on. */
export const needsRows = (ctx: AppContext): string | null => ((activeList(ctx)?.length ?? 0) === 0 ? 'no rows' : null);
