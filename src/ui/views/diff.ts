/** The views of `diff A B`: the calls aligned by ordinal, one pair side by side, help. */
import { close, help, moves, quit } from './common.js';
import { act, type BaseContext, type ViewSpec } from './view.js';

export interface DiffContext extends BaseContext {
  /** The diff's calls, by ordinal. */
  list: { length: number; at(i: number): number };
}

export const diffListView: ViewSpec<DiffContext> = {
  id: 'diff-list',
  title: 'the diff list',
  commands: [
    ...moves({ empty: 'no calls' }),
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
  commands: [...moves({ footer: false }), close, help, quit],
};

export const diffHelpView: ViewSpec<DiffContext> = {
  id: 'diff-help',
  title: 'help',
  commands: [...moves({ footer: false }), close, help, quit],
};
