import type { PaneParts } from '../pane.js';
import { timelineScreen } from './timeline-screen.js';
import { timelineView } from './timeline-view.js';

/** The Timeline pane: its view and its screen. */
export const timelinePane: PaneParts = { view: timelineView, screen: timelineScreen };
