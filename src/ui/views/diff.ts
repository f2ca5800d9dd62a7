/** The views of `diff A B`: the aligned calls, one pair side by side, help. */
import type { Command } from '../keymap.js';
import type { Bounds, UiState } from '../state/ui-state.js';
import { close, help, moves, quit } from './common.js';
import { act, type BaseContext, type CommandSpec, say, type ViewSpec } from './view.js';

export interface DiffContext extends BaseContext {
  /** The diff's rows, one per aligned call. */
  list: { length: number; at(i: number): number };
  /**
   * Where `]` and `[` go, ascending: in the list the rows that are not the same, side by
   * side the first line of each changed stretch.
   */
  changes: readonly number[];
}

/** `]` / `[`: the next or previous difference after the selection (the list) or the current one (side by side). */
function step(command: Command, direction: 1 | -1, where: 'list' | 'lines'): CommandSpec<DiffContext> {
  return {
    command,
    disabled: (ctx) => (ctx.changes.length === 0 ? (where === 'list' ? 'no call differs' : 'no line differs') : null),
    run: (ctx) => {
      const o = ctx.state.overlay;
      const from = o
        ? o.found >= 0
          ? o.found
          : direction > 0
            ? o.scroll - 1
            : o.scroll
        : ctx.state.lists.calls.selected;
      const next = direction > 0 ? ctx.changes.find((i) => i > from) : ctx.changes.findLast((i) => i < from);
      if (next === undefined)
        return say(
          ctx,
          `no difference ${direction > 0 ? 'below' : 'above'} this ${where === 'list' ? 'call' : 'line'}`,
          'error',
        );
      // Side by side the stretch becomes the current one (marked), scrolled into view.
      if (where === 'lines') return act(ctx, { type: 'search.goto', index: next, bounds: ctx.bounds });
      const out = act(ctx, { type: 'jump', pane: 'calls', index: next, bounds: ctx.bounds });
      return { ...out, state: withContext(out.state, ctx.state.lists.calls.windowStart, ctx.bounds) };
    },
  };
}

/**
 * A call jumped to off screen is shown a third of the way down, not on the edge: what
 * comes after a difference (the calls that compare as before) is what one reads next.
 */
function withContext(state: UiState, before: number, { count, height }: Bounds): UiState {
  const l = state.lists.calls;
  if (l.selected >= before && l.selected < before + height) return state;
  const windowStart = Math.max(0, Math.min(l.selected - Math.floor(height / 3), count - height));
  return { ...state, lists: { ...state.lists, calls: { ...l, windowStart } } };
}

export const diffListView: ViewSpec<DiffContext> = {
  id: 'diff-list',
  title: 'the diff list',
  commands: [
    ...moves({ empty: 'no calls' }),
    step('diff.next', 1, 'list'),
    step('diff.prev', -1, 'list'),
    {
      command: 'list.open',
      disabled: (ctx) => (ctx.list.length === 0 ? 'no calls' : null),
      run: (ctx) => act(ctx, { type: 'open', list: ctx.list }),
    },
    help,
    quit,
  ],
};

export const diffDetailView: ViewSpec<DiffContext> = {
  id: 'diff-detail',
  title: 'the diff detail',
  commands: [
    ...moves({ footer: false }),
    step('diff.next', 1, 'lines'),
    step('diff.prev', -1, 'lines'),
    close,
    help,
    quit,
  ],
};

export const diffHelpView: ViewSpec<DiffContext> = {
  id: 'diff-help',
  title: 'help',
  commands: [...moves({ footer: false }), close, help, quit],
};
