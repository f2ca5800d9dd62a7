import { type RowList, viewsOf } from '../../data/views.js';
import { type AppContext, indexOf } from '../../views/app-context.js';
import { LIST_COMMANDS } from '../../views/lists.js';
import { act, type CommandSpec, type ViewSpec } from '../../views/view.js';
import { callsAbout } from './about.js';

/** Where the selected row of `list` is in `next` (the same list in another order): the same row, else the top. */
function sameRow(list: RowList, selected: number, next: RowList): number {
  return selected < list.length ? Math.max(0, indexOf(next, list.at(selected))) : 0;
}

/**
 * `s`: slowest first, with the slowest call (the first row) selected and shown, which
 * is what was asked for; `s` again: time order, the call selected then still selected.
 */
const sort: CommandSpec<AppContext> = {
  command: 'calls.sort',
  run: (ctx) => {
    const { state, store, filtered } = ctx;
    const order = state.callOrder === 'time' ? 'latency' : 'time';
    const next = viewsOf(store, state.showEchoed, filtered, order).calls;
    const index = order === 'latency' ? 0 : sameRow(ctx.views.calls, state.lists.calls.selected, next);
    return act(ctx, { type: 'calls.order', order, index, bounds: { count: next.length, height: ctx.height } });
  },
};

/** Every RPC call: a list that can also be sorted slowest first. */
export const callsView: ViewSpec<AppContext> = {
  id: callsAbout.id,
  title: callsAbout.title,
  commands: [...LIST_COMMANDS, sort],
};
