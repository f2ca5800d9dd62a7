import type { AppContext } from '../../views/app-context.js';
import { help, moves, quit } from '../../views/common.js';
import { checkedFilter, setFilter } from '../../views/filter-set.js';
import { filter, panes, search, steps } from '../../views/list-commands.js';
import { marks } from '../../views/mark-commands.js';
import { back } from '../../views/sessions.js';
import { act, type CommandSpec, say, type ViewSpec } from '../../views/view.js';
import { usageAbout } from './about.js';

/** A name as a filter value: quoted when it holds a space (a quote in a name cannot be written). */
export const filterValue = (name: string): string => (/\s/.test(name) ? `"${name}"` : name);

const FIELD_PANE = { model: 'turns', tool: 'calls', method: 'calls' } as const;

/** Enter on a model, tool or method row: its records, by the filter that names it, in the pane that lists them. */
const apply: CommandSpec<AppContext> = {
  command: 'usage.apply',
  disabled: (ctx) => (ctx.usage.length === 0 ? 'no rows' : null),
  run: (ctx) => {
    const target = ctx.usage[Math.min(ctx.state.lists.usage.selected, ctx.usage.length - 1)]!;
    // A name no filter can hold (longer than a filter may be, or with a quote in it) is refused, saying why.
    const checked = checkedFilter(`${target.kind}:${filterValue(target.name)}`);
    if ('error' in checked) return say(ctx, `no filter for this ${target.kind}: ${checked.error.message}`, 'error');
    const filtered = act(ctx, setFilter(ctx, checked.filter));
    return act(
      { ...ctx, state: filtered.state },
      { type: 'pane', pane: FIELD_PANE[target.kind] },
      { type: 'chose-pane' },
    );
  },
};

const sort: CommandSpec<AppContext> = {
  command: 'usage.sort',
  run: (ctx) => act(ctx, { type: 'usage.sort' }),
};

/**
 * The tables, with a cursor over their model, tool and method rows: Enter shows a
 * row's records, `/` finds rows by name, `o` sorts them.
 */
export const usageView: ViewSpec<AppContext> = {
  id: usageAbout.id,
  title: usageAbout.title,
  commands: [
    ...moves({ empty: 'no rows' }),
    apply,
    sort,
    // u and U go to the marked records (there is nothing to mark here).
    ...marks.filter((c) => c.command !== 'marks.toggle'),
    search.list,
    ...steps,
    ...panes,
    ...filter,
    back,
    help,
    quit,
  ],
};
