/** The commands of the lists (Calls, Turns, Events) and what they share with the overlays. */
import { hasProblem } from '../../store/query.js';
import { listCounts, type RowList, viewsOf } from '../data/views.js';
import { type Command, keyOf } from '../keymap.js';
import { PANES } from '../state/ui-state.js';
import { type AppContext, activeList, indexOf, needsRows } from './app-context.js';
import { setFilter } from './filter-set.js';
import { act, type BaseContext, type CommandSpec, say } from './view.js';

export const open: CommandSpec<AppContext> = {
  command: 'list.open',
  disabled: needsRows,
  run: (ctx) => act(ctx, { type: 'open', list: activeList(ctx)! }),
};

export const goto: CommandSpec<AppContext> = {
  command: 'list.goto',
  run: (ctx) => act(ctx, { type: 'input.open', kind: 'goto', text: '' }),
};

function problem(command: Command, step: 1 | -1): CommandSpec<AppContext> {
  return {
    command,
    disabled: needsRows,
    run: (ctx) => {
      const list = activeList(ctx)!;
      const { pane } = ctx.state;
      for (let i = ctx.state.lists[pane].selected + step; i >= 0 && i < list.length; i += step) {
        if (hasProblem(ctx.store, list.at(i))) return act(ctx, { type: 'jump', pane, index: i, bounds: ctx.bounds });
      }
      // The key goes nowhere: a refusal, said as one.
      return say(ctx, step > 0 ? 'no problem below this row' : 'no problem above this row', 'error');
    },
  };
}

export const problems = [problem('list.nextProblem', 1), problem('list.prevProblem', -1)];

/** Where the selected row of `list` is in `next` (the same list in another order): the same row, else the top. */
function sameRow(list: RowList, selected: number, next: RowList): number {
  return selected < list.length ? Math.max(0, indexOf(next, list.at(selected))) : 0;
}

/**
 * Where the selected row of `list` is in `next`, which holds fewer or more of the same
 * rows in the same order: the same row, or when it is gone the first after it that stayed.
 */
function sameOrNext(list: RowList, selected: number, next: RowList): number {
  if (selected >= list.length) return 0;
  const same = indexOf(next, list.at(selected));
  if (same >= 0) return same;
  let j = 0;
  for (let i = 0; i < list.length && j < next.length; i++) {
    if (list.at(i) !== next.at(j)) continue;
    if (i > selected) return j;
    j++;
  }
  return Math.max(0, next.length - 1);
}

/**
 * `s`: slowest first, with the slowest call (the first row) selected and shown, which
 * is what was asked for; `s` again: time order, the call selected then still selected.
 */
export const sort: CommandSpec<AppContext> = {
  command: 'calls.sort',
  run: (ctx) => {
    const { state, store, filtered } = ctx;
    const order = state.callOrder === 'time' ? 'latency' : 'time';
    const next = viewsOf(store, state.showEchoed, filtered, order).calls;
    const index = order === 'latency' ? 0 : sameRow(ctx.views.calls, state.lists.calls.selected, next);
    return act(ctx, { type: 'calls.order', order, index, bounds: { count: next.length, height: ctx.height } });
  },
};

export const clock: CommandSpec<AppContext> = {
  command: 'view.clock',
  run: (ctx) => act(ctx, { type: 'toggle-clock' }),
};

export const thinking: CommandSpec<AppContext> = {
  command: 'turns.thinking',
  disabled: (ctx) => (ctx.store.aggregates.turns === 0 ? 'no turns in this trace' : null),
  run: (ctx) => act(ctx, { type: 'toggle-thinking' }),
};

/** Echoed resends shown or hidden: the selected turn stays selected (or the next one, when it is hidden). */
export const echoed: CommandSpec<AppContext> = {
  command: 'turns.echoed',
  disabled: (ctx) => (ctx.store.aggregates.echoedTurns === 0 ? 'no echoed resends in this trace' : null),
  run: (ctx) => {
    const { state, store, filtered } = ctx;
    const next = viewsOf(store, !state.showEchoed, filtered, state.callOrder).turns;
    const index = sameOrNext(ctx.views.turns, state.lists.turns.selected, next);
    return act(ctx, { type: 'toggle-echoed', index, bounds: { count: next.length, height: ctx.height } });
  },
};

const searchOpen = (command: Command): CommandSpec => ({
  command,
  run: (ctx) => act(ctx, { type: 'input.open', kind: 'search', text: '' }),
});

/** `/` in a list searches its rows; in the detail view or help, the text shown. */
export const search = {
  list: searchOpen('search.open'),
  text: searchOpen('detail.search'),
  sessions: searchOpen('sessions.search'),
};

/** A view where a search has matches to step through (the app's, the Sessions list). */
export interface MatchContext extends BaseContext {
  /** The search matches shown (list indices, or lines of the open overlay); null when no search is shown. */
  matches: readonly number[] | null;
}

const noMatch = (ctx: MatchContext): string | null =>
  ctx.matches === null ? `no search (${keyOf('search.open')} searches)` : ctx.matches.length === 0 ? 'no match' : null;

const step = (command: Command, direction: 1 | -1): CommandSpec<MatchContext> => ({
  command,
  disabled: noMatch,
  run: (ctx) => act(ctx, { type: 'search.step', direction, positions: [...ctx.matches!], bounds: ctx.bounds }),
});

/** n and N: through the matches of the search shown. */
export const steps = [step('search.next', 1), step('search.prev', -1)];

const PANE_COMMANDS = ['pane.calls', 'pane.turns', 'pane.usage', 'pane.events'] as const satisfies readonly Command[];

/** 1-4, Tab and Shift-Tab. */
export const panes: CommandSpec<AppContext>[] = [
  ...PANE_COMMANDS.map((command, i) => ({
    command,
    run: (ctx: AppContext) =>
      act(ctx, { type: 'pane', pane: PANES[i]!, counts: listCounts(ctx.views) }, { type: 'chose-pane' }),
  })),
  ...(['pane.next', 'pane.prev'] as const).map((command) => ({
    command,
    run: (ctx: AppContext) =>
      act(
        ctx,
        { type: 'cycle', direction: command === 'pane.next' ? 1 : -1, counts: listCounts(ctx.views) },
        { type: 'chose-pane' },
      ),
  })),
];

/** f and F. */
export const filter: CommandSpec<AppContext>[] = [
  {
    command: 'filter.open',
    run: (ctx) => act(ctx, { type: 'input.open', kind: 'filter', text: ctx.state.filter ?? '' }),
  },
  {
    command: 'filter.clear',
    disabled: (ctx) => (ctx.state.filter === null ? 'no filter to clear' : null),
    run: (ctx) => act(ctx, setFilter(ctx, null)),
  },
];
