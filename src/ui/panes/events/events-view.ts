import type { AppContext } from '../../views/app-context.js';
import { LIST_COMMANDS } from '../../views/lists.js';
import type { ViewSpec } from '../../views/view.js';
import { eventsAbout } from './about.js';

/** Every record in file order. */
export const eventsView: ViewSpec<AppContext> = {
  id: eventsAbout.id,
  title: eventsAbout.title,
  commands: LIST_COMMANDS,
};
