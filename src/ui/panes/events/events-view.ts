import type { AppContext } from '../../views/app-context.js';
import { LIST_COMMANDS } from '../../views/lists.js';
import type { ViewSpec } from '../../views/view.js';

/** Every record in file order. */
export const eventsView: ViewSpec<AppContext> = { id: 'events', title: 'Events', commands: LIST_COMMANDS };
