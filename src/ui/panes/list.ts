/**
 * THE list of panes, in tab order: the tabs, the number keys (`1` is the first), their
 * help and docs text, and which panes list records are all derived from it. What each
 * pane does (its view, its screen) is in its folder, found by its id in `index.ts`.
 * This file imports nothing, so the state, the keymap and the header can read it.
 */

/** What the rest of the app knows of a pane without loading its code. */
export interface PaneAbout {
  /** The pane's folder, its view's id, `pane.<id>` in the keymap. */
  id: string;
  /** Its tab's name. */
  title: string;
  /** What its number key's help says after the title: `Calls: every RPC call, both directions`. */
  about: string;
  /**
   * True when the pane is a list of store rows (records): its selection is kept across a
   * filter, follows new rows, and `:`, marks, links and problems move to rows in it. False
   * when it lists something of its own (Usage: table rows), its count given by its screen.
   */
  records: boolean;
}

export const PANE_LIST = [
  { id: 'calls', title: 'Calls', about: 'every RPC call, both directions', records: true },
  { id: 'turns', title: 'Turns', about: 'the LLM conversation', records: true },
  { id: 'usage', title: 'Usage', about: 'tokens, cost and latency per model, tool and method', records: false },
  { id: 'events', title: 'Events', about: 'every record in file order, skipped lines included', records: true },
] as const satisfies readonly PaneAbout[];

type Listed = (typeof PANE_LIST)[number];
export type PaneId = Listed['id'];
/** A pane that lists records (store rows). */
export type RecordPaneId = Extract<Listed, { records: true }>['id'];

export const PANES: readonly PaneId[] = PANE_LIST.map((p) => p.id);
export const RECORD_PANES: readonly RecordPaneId[] = PANE_LIST.flatMap((p) =>
  p.records ? [p.id as RecordPaneId] : [],
);

export const isRecordPane = (pane: PaneId): pane is RecordPaneId => RECORD_PANES.includes(pane as RecordPaneId);

export const paneAbout = (pane: PaneId): PaneAbout => PANE_LIST.find((p) => p.id === pane)!;

/** One value per pane, in tab order. */
export const perPane = <T>(value: (pane: PaneId) => T): Record<PaneId, T> =>
  Object.fromEntries(PANES.map((p) => [p, value(p)])) as Record<PaneId, T>;
