/** What Calls, Turns and Events all handle. */
import type { AppContext } from './app-context.js';
import { help, moves, quit } from './common.js';
import { clock, filter, goto, open, panes, problems, search, steps } from './list-commands.js';
import { copy, link, write } from './record-commands.js';
import { back } from './sessions.js';
import type { CommandSpec } from './view.js';

export const LIST_COMMANDS: readonly CommandSpec<AppContext>[] = [
  ...moves({ empty: 'no rows', follows: true }),
  goto,
  ...problems,
  open,
  clock,
  link,
  write,
  copy,
  ...panes,
  search.list,
  ...steps,
  ...filter,
  back,
  help,
  quit,
];
