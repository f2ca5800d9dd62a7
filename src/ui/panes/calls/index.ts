import type { PaneParts } from '../pane.js';
import { callsScreen } from './calls-screen.js';
import { callsView } from './calls-view.js';

/** The Calls pane: its view and its screen. */
export const callsPane: PaneParts = { view: callsView, screen: callsScreen };
