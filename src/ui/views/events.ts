import type { AppContext } from './app-context.js';
import { LIST_COMMANDS } from './lists.js';
import type { ViewSpec } from './view.js';

/** Every record in file order. */
export const eventsView: ViewSpec<AppContext> = { id: 'events', title: 'Events', commands: LIST_COMMANDS };
