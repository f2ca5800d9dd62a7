/**
 * THE list of panes, in tab order: the tabs, the number keys (`1` is the first), their
 * help and docs text, and which panes list records are all derived from it. What each
 * pane does (its view, its screen) is in its folder, found by its id in `index.ts`.
 * It imports only the panes' `about.ts` (plain data), so the state, the keymap and the
 * header can read it.
 */

import type { Binding } from '../binding.js';
import { callsAbout } from './calls/about.js';
import { eventsAbout } from './events/about.js';
import type { PaneAbout } from './pane-about.js';
import { timelineAbout } from './timeline/about.js';
import { turnsAbout } from './turns/about.js';
import { usageAbout } from './usage/about.js';

export type { PaneAbout } from './pane-about.js';

export const PANE_LIST = [callsAbout, turnsAbout, usageAbout, eventsAbout, timelineAbout] as const;

type Listed = (typeof PANE_LIST)[number];
/** The commands of the panes' own keys (`keys` in a pane's about). */
export type PaneOwnCommand = OwnCommand<Listed>;
type OwnCommand<P> = P extends { keys: infer K } ? keyof K & string : never;
export type PaneId = Listed['id'];
/** A pane that lists records (store rows). */
export type RecordPaneId = Extract<Listed, { records: true }>['id'];

export const PANES: readonly PaneId[] = PANE_LIST.map((p) => p.id);
export const RECORD_PANES: readonly RecordPaneId[] = PANE_LIST.flatMap((p) =>
  p.records ? [p.id as RecordPaneId] : [],
);

export const isRecordPane = (pane: PaneId): pane is RecordPaneId => RECORD_PANES.includes(pane as RecordPaneId);

export const paneAbout = (pane: PaneId): PaneAbout => PANE_LIST.find((p) => p.id === pane)!;

/** Every pane's own key bindings, by command, in tab order. */
export const PANE_OWN_KEYS = Object.assign({}, ...PANE_LIST.map((p: PaneAbout) => p.keys ?? {})) as Readonly<
  Record<PaneOwnCommand, Binding>
>;

/** One value per pane, in tab order. */
export const perPane = <T>(value: (pane: PaneId) => T): Record<PaneId, T> =>
  Object.fromEntries(PANES.map((p) => [p, value(p)])) as Record<PaneId, T>;
