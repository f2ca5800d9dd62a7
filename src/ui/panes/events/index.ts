import type { PaneParts } from '../pane.js';
import { eventsScreen } from './events-screen.js';
import { eventsView } from './events-view.js';

/** The Events pane: its view and its screen. */
export const eventsPane: PaneParts = { view: eventsView, screen: eventsScreen };
