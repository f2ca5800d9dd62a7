/** l, w and y: what a command does with the record selected or open. */

import { counted } from '../../kit/units.js';
import { detailRows } from '../data/detail.js';
import { linkEnd, linkTarget, toolUseLink } from '../data/link-target.js';
import { NO_CALL } from '../panes/turns/turn-lines.js';
import { type AppContext, indexOf, selectedRow } from './app-context.js';
import { act, type CommandSpec, outcome, say } from './view.js';

/**
 * Said where one plane alone is open (no row of it could link). Short enough that the
 * footer shows it whole at 80 columns beside the row counter: the cure is what matters.
 */
const OPEN_AGENT = "open the run's agent file too";
const OPEN_MCP = "open the run's mcp file too";
const NOT_A_TOOL = 'no linked call: l joins a tool_use and its tools/call';

/**
 * Why `l` has nowhere to go from `row`, as its end of a link sees it: a call no turn
 * asked for, a tool_use whose call never reached the server (as Turns says beside it),
 * or a row of neither; with the hint when the other plane is not open.
 */
function noLink(ctx: AppContext, row: number): string {
  const { end, otherPlane } = linkEnd(ctx.store, row);
  if (end === 'call') return otherPlane ? 'no turn asked for this call' : `no turn asked for this call: ${OPEN_AGENT}`;
  if (end === 'tool_use') return otherPlane ? NO_CALL : `no call for this tool_use: ${OPEN_MCP}`;
  return NOT_A_TOOL;
}

/** The pane the selected record is in: the list shown, or the one the open record was opened from. */
const paneOf = (ctx: AppContext): string => {
  const o = ctx.state.overlay;
  return o?.type === 'detail' ? o.pane : o ? '' : ctx.state.pane;
};

export const link: CommandSpec<AppContext> = {
  command: 'link.jump',
  // In the footer only when l goes somewhere from the selected record: with one plane, or
  // on a call no turn asked for, it only says why not. The lists' lengths first, then the
  // selected row's own link (its group alone is matched, as Turns matches its tool_uses).
  hint: (ctx) => {
    if (ctx.views.calls.length === 0 || ctx.views.turns.length === 0) return null;
    const row = selectedRow(ctx);
    return row >= 0 && (linkTarget(ctx.store, row) ?? toolUseLink(ctx.store, row, paneOf(ctx))) !== null
      ? 'link'
      : null;
  },
  run: (ctx) => {
    const from = selectedRow(ctx);
    const came = ctx.state.linkedFrom;
    const target =
      from >= 0
        ? (linkTarget(ctx.store, from, came?.row === from ? came.back : undefined) ??
          toolUseLink(ctx.store, from, paneOf(ctx)))
        : null;
    if (!target) return say(ctx, from >= 0 ? noLink(ctx, from) : NOT_A_TOOL, 'error');
    const list = ctx.views[target.pane];
    const index = indexOf(list, target.row);
    if (index < 0) return say(ctx, 'the linked record is hidden by the filter', 'error');
    const bounds = { count: list.length, height: ctx.height };
    return act(
      ctx,
      { type: 'jump', pane: target.pane, index, bounds, linkedFrom: { row: target.row, back: from } },
      { type: 'chose-pane' },
    );
  },
};

/** Each marked record, a call with its response, in row order. */
function markedRows(ctx: AppContext): number[] {
  const rows = new Set<number>();
  for (const row of ctx.state.marks) for (const r of detailRows(ctx.store, row)) rows.add(r);
  return [...rows].sort((a, b) => a - b);
}

/** The open record, else (w) the marked records, else the filtered records, else the selected one. */
function recordsFor(ctx: AppContext, all: boolean): ArrayLike<number> | null {
  if (all && ctx.state.marks.size > 0 && !ctx.state.overlay) return markedRows(ctx);
  if (all && ctx.filtered && ctx.state.overlay?.type !== 'detail') return ctx.filtered.rows;
  const row = selectedRow(ctx);
  return row >= 0 ? detailRows(ctx.store, row) : null;
}

export const write: CommandSpec<AppContext> = {
  command: 'record.write',
  // Not in the footer when there is nothing to write (an empty trace, a filter that keeps none).
  disabled: (ctx) => {
    const rows = recordsFor(ctx, true);
    if (!rows) return 'no record selected';
    // A filter that keeps nothing: no file of a meta and an end line only.
    return rows.length === 0 ? 'no records to write: the filter keeps none' : null;
  },
  run: (ctx) => {
    const rows = recordsFor(ctx, true)!;
    // Marks go before the filter: the message says so, and how many marks.
    const n = ctx.state.marks.size;
    const marked = n > 0 && !ctx.state.overlay;
    const what = marked ? `${counted(n, 'mark')}${ctx.filtered ? ', not the filter' : ''}` : undefined;
    return outcome(ctx.state, { type: 'write', rows, ...(what ? { what } : {}) });
  },
};

export const copy: CommandSpec<AppContext> = {
  command: 'record.copy',
  // Not in the footer with no record selected (an empty trace).
  disabled: (ctx) => (recordsFor(ctx, false) ? null : 'no record selected'),
  run: (ctx) => outcome(ctx.state, { type: 'copy', rows: recordsFor(ctx, false)! }),
};
