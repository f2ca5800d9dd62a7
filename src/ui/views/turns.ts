import type { AppContext } from './app-context.js';
import { echoed, thinking } from './list-commands.js';
import { LIST_COMMANDS } from './lists.js';
import type { ViewSpec } from './view.js';

/** The LLM conversation: a list whose thinking blocks and echoed resends can be shown. */
export const turnsView: ViewSpec<AppContext> = {
  id: 'turns',
  title: 'Turns',
  commands: [...LIST_COMMANDS, thinking, echoed],
};
