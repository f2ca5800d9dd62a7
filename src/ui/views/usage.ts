import type { AppContext } from './app-context.js';
import { help, moves, quit } from './common.js';
import { filter, panes } from './list-commands.js';
import type { ViewSpec } from './view.js';

/**
 * Tables that scroll: no row is selected, so nothing to open, link, write, copy or
 * search (making rows actionable is for later), and no times to show as clock times.
 */
export const usageView: ViewSpec<AppContext> = {
  id: 'usage',
  title: 'Usage',
  commands: [...moves(), ...panes, ...filter, help, quit],
};
