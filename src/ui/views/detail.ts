import type { AppContext } from './app-context.js';
import { close, help, moves, quit } from './common.js';
import { filter, panes, search, steps } from './list-commands.js';
import { copy, link, write } from './record-commands.js';
import type { ViewSpec } from './view.js';

/** One record (a call: its request and response), scrolled; l, w and y act on it. */
export const detailView: ViewSpec<AppContext> = {
  id: 'detail',
  title: 'the detail view',
  commands: [
    ...moves({ footer: false }),
    close,
    link,
    write,
    copy,
    ...panes,
    search.text,
    ...steps,
    ...filter,
    help,
    quit,
  ],
};
