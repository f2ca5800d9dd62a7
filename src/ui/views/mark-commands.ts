/** m, u and U: marking records, and going from mark to mark across the panes. */

import { counted } from '../../kit/units.js';
import { keyOf } from '../keymap.js';
import { isRecordPane, RECORD_PANES, type RecordPaneId } from '../panes/list.js';
import { type AppContext, indexOf, needsRows, selectedRow } from './app-context.js';
import { act, type CommandSpec, type Effect, outcome, say } from './view.js';

/** `m`: the selected row marked, or unmarked; the footer says how many there are and what to do with them. */
export const mark: CommandSpec<AppContext> = {
  command: 'marks.toggle',
  disabled: needsRows,
  run: (ctx) => {
    const row = selectedRow(ctx);
    const { state } = act(ctx, { type: 'marks.toggle', row });
    const n = state.marks.size;
    const notice = state.marks.has(row)
      ? `marked: ${counted(n, 'mark')} (${keyOf('marks.next')}/${keyOf('marks.prev')} go through them, ${keyOf('record.write')} writes them)`
      : `unmarked: ${counted(n, 'mark')} left`;
    return outcome({ ...state, notice: { kind: 'info', text: notice } });
  },
};

/** Where `row` is listed: in the pane shown when it lists it, else the first pane of records (Calls, Turns, Events) that does. */
function placeOf(ctx: AppContext, row: number): { pane: RecordPaneId; index: number } | null {
  const shown = isRecordPane(ctx.state.pane) ? [ctx.state.pane] : [];
  for (const pane of new Set([...shown, ...RECORD_PANES])) {
    const index = indexOf(ctx.views[pane], row);
    if (index >= 0) return { pane, index };
  }
  return null;
}

/**
 * `u` / `U`: the next (previous) marked record after the selected one, in row order,
 * going round; shown in the pane that lists it, switching pane when this one does not.
 * A mark the filter hides is passed over.
 */
function step(command: 'marks.next' | 'marks.prev', direction: 1 | -1): CommandSpec<AppContext> {
  return {
    command,
    disabled: (ctx) =>
      ctx.state.marks.size === 0 ? `no marks (${keyOf('marks.toggle')} marks the selected row)` : null,
    run: (ctx) => {
      const marks = [...ctx.state.marks].sort((a, b) => a - b);
      const from = selectedRow(ctx);
      const n = marks.length;
      let first = direction > 0 ? marks.findIndex((r) => r > from) : marks.findLastIndex((r) => r < from);
      if (first < 0) first = direction > 0 ? 0 : n - 1;
      for (let k = 0; k < n; k++) {
        const i = (first + direction * k + n) % n;
        const place = placeOf(ctx, marks[i]!);
        if (!place) continue;
        const list = ctx.views[place.pane];
        const effects: Effect[] = place.pane === ctx.state.pane ? [] : [{ type: 'chose-pane' }];
        const moved = act(ctx, { ...place, type: 'jump', bounds: { count: list.length, height: ctx.height } });
        return outcome({ ...moved.state, notice: { kind: 'info', text: `mark ${i + 1} of ${n}` } }, ...effects);
      }
      return say(ctx, `the filter hides every marked record (${keyOf('filter.clear')} clears it)`, 'error');
    },
  };
}

export const marks = [mark, step('marks.next', 1), step('marks.prev', -1)];
