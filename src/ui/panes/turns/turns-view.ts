import { type RowList, viewsOf } from '../../data/views.js';
import type { ScreenLine } from '../../format/segments.js';
import { opensText } from '../../format/text-block.js';
import type { Command } from '../../keymap.js';
import { moveAction, reduce, type UiState } from '../../state/ui-state.js';
import { type AppContext, activeList, indexOf, needsRows } from '../../views/app-context.js';
import { MOVES } from '../../views/common.js';
import { LIST_COMMANDS } from '../../views/lists.js';
import { act, type CommandSpec, outcome, type ViewSpec } from '../../views/view.js';
import { turnsAbout } from './about.js';
import { turnView } from './turn-data.js';
import { selectedTurnLine } from './turn-layout.js';
import { turnLines } from './turn-lines.js';
import {
  endLine,
  lineAfterMove,
  movesDown,
  pages,
  pageTarget,
  scrollsWithin,
  scrollWithin,
  stepOf,
} from './turn-scroll.js';

/**
 * Where the selected row of `list` is in `next`, which holds fewer or more of the same
 * rows in the same order: the same row, or when it is gone the first after it that stayed.
 */
function sameOrNext(list: RowList, selected: number, next: RowList): number {
  if (selected >= list.length) return 0;
  const same = indexOf(next, list.at(selected));
  if (same >= 0) return same;
  let j = 0;
  for (let i = 0; i < list.length && j < next.length; i++) {
    if (list.at(i) !== next.at(j)) continue;
    if (i > selected) return j;
    j++;
  }
  return Math.max(0, next.length - 1);
}

const thinking: CommandSpec<AppContext> = {
  command: 'turns.thinking',
  disabled: (ctx) => (ctx.store.aggregates.turns === 0 ? 'no turns in this trace' : null),
  run: (ctx) => act(ctx, { type: 'toggle-thinking' }),
};

/** Echoed resends shown or hidden: the selected turn stays selected (or the next one, when it is hidden). */
const echoed: CommandSpec<AppContext> = {
  command: 'turns.echoed',
  disabled: (ctx) => (ctx.store.aggregates.echoedTurns === 0 ? 'no echoed resends in this trace' : null),
  run: (ctx) => {
    const { state, store, filtered } = ctx;
    const next = viewsOf(store, !state.showEchoed, filtered, state.callOrder).turns;
    const index = sameOrNext(ctx.views.turns, state.lists.turns.selected, next);
    return act(ctx, { type: 'toggle-echoed', index, bounds: { count: next.length, height: ctx.height } });
  },
};

/** The selected turn's row, or -1. */
function selectedTurn(ctx: AppContext): number {
  const list = activeList(ctx);
  const at = ctx.state.lists.turns.selected;
  return list && at < list.length ? list.at(at) : -1;
}

/**
 * Following a growing trace: the last turn's end is the bottom new turns move on from.
 * While it is selected and shown above its end (opened by Space, entered at its top,
 * scrolled up), they wait (`paused · N new`); at its end, they are followed again.
 * Lays out the last turn only when it is selected, and only when following.
 */
function heldAtLastTurn(ctx: AppContext, next: UiState): UiState {
  const turns = ctx.views.turns;
  if (!next.follow || turns.length === 0 || next.lists.turns.selected !== turns.length - 1) return next;
  const row = turns.at(turns.length - 1);
  const lines = linesOfTurn(ctx, row, next.openTurns.includes(row));
  const atEnd = shownLine(ctx, next, row, lines) >= endLine(lines.length, ctx.height);
  return { ...next, stickToBottom: atEnd, pausedAt: atEnd ? null : (next.pausedAt ?? turns.length) };
}

/** What laying a turn out as the pane does needs. */
type Laying = Pick<AppContext, 'store' | 'views' | 'width' | 'height' | 'state'>;

/** A turn's lines as the pane lays them out (folded unless `open`); one turn, whatever the trace's size. */
const linesOfTurn = (ctx: Laying, row: number, open: boolean) =>
  turnLines(turnView(ctx.store, row), {
    width: ctx.width,
    selected: false,
    expandThinking: ctx.state.expandThinking,
    open,
    clock: ctx.state.clock,
    marked: ctx.state.marks.has(row),
  });

/** Whether the turn at `index` of the Turns list is taller than the pane as laid out now (following asks it of a new turn). */
export function tallTurnAt(ctx: Laying, index: number): boolean {
  const row = ctx.views.turns.at(index);
  return linesOfTurn(ctx, row, ctx.state.openTurns.includes(row)).length > ctx.height;
}

/** The first line shown of the selected turn at `row` in `state` (`lines`: it laid out, when known). */
const shownLine = (ctx: AppContext, state: UiState, row: number, lines?: readonly ScreenLine[]) =>
  selectedTurnLine(
    state,
    row,
    state.lists.turns.selected,
    ctx.height,
    () => lines ?? linesOfTurn(ctx, row, state.openTurns.includes(row)),
  );

/** Whether the selected turn shows a folded text (`… N more lines (Space opens)`). */
function folds(ctx: AppContext, row: number): boolean {
  return linesOfTurn(ctx, row, false).some((l) =>
    l.some((s) => s.style === 'dim' && s.text.endsWith(opensText('turns.open'))),
  );
}

/**
 * Whether Space reads on from the selected turn: it is taller than the pane, its last
 * line is shown, nothing in it is left folded (else `… N more lines (Space opens)` may be
 * that last line, and Space opens it) and a turn follows (a pager's Space at a page's end).
 */
function readsOn(ctx: AppContext): boolean {
  const { state } = ctx;
  const at = state.lists.turns.selected;
  if (at >= ctx.views.turns.length - 1) return false;
  const row = ctx.views.turns.at(at);
  const open = state.openTurns.includes(row);
  const lines = linesOfTurn(ctx, row, open);
  if (lines.length <= ctx.height || shownLine(ctx, state, row, lines) < endLine(lines.length, ctx.height)) return false;
  return open || !folds(ctx, row);
}

/**
 * Space: the selected turn's long text whole, or folded after 20 lines again, from the
 * line shown (never back to its top: the text above it stays as it was). At a tall
 * turn's end it reads on to the next turn, as PgDn does: a reader's Space there means
 * more, and folding would take them back up the turn they have just read.
 */
const open: CommandSpec<AppContext> = {
  command: 'turns.open',
  disabled: (ctx) => {
    const none = needsRows(ctx);
    if (none) return none;
    const row = selectedTurn(ctx);
    return ctx.state.openTurns.includes(row) || folds(ctx, row) || readsOn(ctx)
      ? null
      : 'nothing is folded in this turn';
  },
  run: (ctx, key) => {
    if (readsOn(ctx)) return pageDown.run(ctx, key);
    const row = selectedTurn(ctx);
    const kept = reduce(ctx.state, { type: 'turn.scroll', row, line: shownLine(ctx, ctx.state, row) });
    return outcome(heldAtLastTurn(ctx, reduce(kept, { type: 'toggle-turn', row })));
  },
};

/** How many lines the turn at `row` takes in the pane now. */
const heightOf = (ctx: AppContext, row: number) => linesOfTurn(ctx, row, ctx.state.openTurns.includes(row)).length;

/**
 * What help says the move keys do in Turns, where a turn taller than the pane is scrolled
 * through first (the keymap's words, then what Turns adds).
 */
const TURN_MOVES: Partial<Record<Command, string>> = {
  'list.down': 'Next row; in a turn taller than the pane, its next line, until its end is shown',
  'list.up': 'Previous row (a turn taller than the pane: from its end); in one, its line above, until its top',
  'list.halfDown': 'Half a page down, stopping at a turn taller than the pane; in one, its lines, until its end',
  'list.halfUp':
    'Half a page up, stopping at a turn taller than the pane (at its end); in one, its lines, until its top',
  'list.pageDown': 'A page down, stopping at a turn taller than the pane; in one, its lines, until its end',
  'list.pageUp': 'A page up, stopping at a turn taller than the pane (at its end); in one, its lines, until its top',
  'list.bottom': 'Last row, and follow new rows as they come; a turn taller than the pane: its end',
};

/**
 * A move key in Turns: through the lines of a selected turn taller than the pane while
 * it has more that way (panes/turns/turn-scroll.ts), else the list's move, entering the turn
 * reached at its top, or (a move up, `G`) at its end; a page stops at a tall turn on its
 * way. Lays out the selected turn and the one reached, and a page the turns it passes
 * (a pane's worth at most): never more.
 */
function turnMove(list: CommandSpec<AppContext>): CommandSpec<AppContext> {
  const { command } = list;
  return {
    ...list,
    description: TURN_MOVES[command] ?? list.description,
    run: (ctx, key) => {
      const { state } = ctx;
      const turns = ctx.views.turns;
      const from = state.lists.turns.selected;
      if (from >= turns.length) return list.run(ctx, key);
      const row = turns.at(from);
      const shown = shownLine(ctx, state, row);
      const height = scrollsWithin(command) ? heightOf(ctx, row) : 0;
      const to = scrollWithin(command, shown, height, ctx.height);
      if (to !== null) return outcome(heldAtLastTurn(ctx, reduce(state, { type: 'turn.scroll', row, line: to })));
      // A page stops at a tall turn on its way, and from a tall turn's edge goes one turn on.
      const step = stepOf(command, ctx.height);
      const tall = (i: number) => (i === from ? height : heightOf(ctx, turns.at(i))) > ctx.height;
      const moved = pages(command)
        ? reduce(state, {
            type: 'move',
            delta: pageTarget(from, movesDown(command), step, turns.length, tall) - from,
            bounds: ctx.bounds,
          })
        : reduce(state, moveAction(command, ctx.bounds)!);
      const at = moved.lists.turns.selected;
      const reached = turns.at(at);
      const line = lineAfterMove(command, from, at, () => endLine(heightOf(ctx, reached), ctx.height));
      return outcome(
        heldAtLastTurn(ctx, line === null ? moved : reduce(moved, { type: 'turn.scroll', row: reached, line })),
      );
    },
  };
}

const MOVE_COMMANDS: ReadonlySet<Command> = new Set(MOVES);
const TURN_MOVES_OF = LIST_COMMANDS.map((c) => (MOVE_COMMANDS.has(c.command) ? turnMove(c) : c));
/** PgDn in Turns, which Space does at a tall turn's end. */
const pageDown = TURN_MOVES_OF.find((c) => c.command === 'list.pageDown')!;

/** The LLM conversation: a list whose thinking blocks, echoed resends and long texts can be shown. */
export const turnsView: ViewSpec<AppContext> = {
  id: turnsAbout.id,
  title: turnsAbout.title,
  commands: [...TURN_MOVES_OF, thinking, echoed, open],
};
