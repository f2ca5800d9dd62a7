/** The commands of the lists (Calls, Turns, Events) and what they share with the overlays. */
import { hasProblem } from '../../store/query.js';
import { listCounts } from '../data/views.js';
import { type Command, keyOf } from '../keymap.js';
import { PANES } from '../panes/list.js';
import { type AppContext, activeList, needsRows } from './app-context.js';
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

export const clock: CommandSpec<AppContext> = {
  command: 'view.clock',
  run: (ctx) => act(ctx, { type: 'toggle-clock' }),
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

/** The number keys (one per pane), Tab and Shift-Tab. */
export const panes: CommandSpec<AppContext>[] = [
  ...PANES.map((pane) => ({
    command: `pane.${pane}` as const,
    run: (ctx: AppContext) => act(ctx, { type: 'pane', pane, counts: listCounts(ctx.views) }, { type: 'chose-pane' }),
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
