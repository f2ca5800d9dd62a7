import type { PaneParts } from '../pane.js';
import { usageScreen } from './usage-screen.js';
import { usageView } from './usage-view.js';

/** The Usage pane: its view and its screen. */
export const usagePane: PaneParts = { view: usageView, screen: usageScreen };
