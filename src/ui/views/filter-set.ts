/** Putting a filter in effect from a command (the filter bar's Enter, F, Enter in Usage). */

import { FilterError } from '../../trace/filter.js';
import { filterResult } from '../data/filter-result.js';
import { keptLists } from '../data/kept-selection.js';
import { traceStart, viewsOf } from '../data/views.js';
import { type Action, filterOf } from '../state/ui-state.js';
import type { AppContext } from './app-context.js';

/**
 * The action that puts `filter` in effect (null: none), each list's selection kept on
 * its record or the nearest one the new list has. The new lists are worked out here,
 * where the store is: the reducer knows positions only. The frame drawn next reuses
 * them (`filterResult` and `viewsOf` keep their last result).
 */
export function setFilter(ctx: AppContext, filter: string | null): Action {
  const { store, state } = ctx;
  const next = viewsOf(store, state.showEchoed, filterResult(store, filter, traceStart(store)), state.callOrder);
  const lists = keptLists(store, ctx.views, state.lists, next, state.callOrder);
  return { type: 'filter.set', filter, kept: { lists, height: ctx.height } };
}

/** The filter `text` puts in effect (null: none, a blank text), or why it is no filter. */
export function checkedFilter(text: string): { filter: string | null } | { error: FilterError } {
  try {
    return { filter: filterOf(text) };
  } catch (error) {
    if (error instanceof FilterError) return { error };
    throw error;
  }
}
