import type { AppContext } from './app-context.js';
import { close, help, moves, quit } from './common.js';
import { filter, panes, search, steps } from './list-commands.js';
import type { ViewSpec } from './view.js';

/** The keys of the view it was opened over; no row behind it is acted on. */
export const helpView: ViewSpec<AppContext> = {
  id: 'help',
  title: 'help',
  commands: [...moves({ footer: false }), close, ...panes, search.text, ...steps, ...filter, help, quit],
};
