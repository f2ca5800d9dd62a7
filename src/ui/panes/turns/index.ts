import type { PaneParts } from '../pane.js';
import { turnsScreen } from './turns-screen.js';
import { turnsView } from './turns-view.js';

/** The Turns pane: its view and its screen. */
export const turnsPane: PaneParts = { view: turnsView, screen: turnsScreen };
