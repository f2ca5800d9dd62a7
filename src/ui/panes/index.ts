/**
 * Each pane's parts, by id: what `list.ts` names, with its code. The compiler asks for
 * an entry here for every pane in the list (and for none other).
 */
import { callsPane } from './calls/index.js';
import { eventsPane } from './events/index.js';
import { PANES, type PaneId } from './list.js';
import type { PaneParts } from './pane.js';
import { timelinePane } from './timeline/index.js';
import { turnsPane } from './turns/index.js';
import { usagePane } from './usage/index.js';

export const PANE_PARTS: Readonly<Record<PaneId, PaneParts>> = {
  calls: callsPane,
  turns: turnsPane,
  usage: usagePane,
  events: eventsPane,
  timeline: timelinePane,
};

/** The panes' views, in tab order. */
export const PANE_VIEWS = PANES.map((pane) => PANE_PARTS[pane].view);
