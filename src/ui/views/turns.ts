import { turnView } from '../data/turns.js';
import { turnLines } from '../format/turn-lines.js';
import { type AppContext, activeList, needsRows } from './app-context.js';
import { echoed, thinking } from './list-commands.js';
import { LIST_COMMANDS } from './lists.js';
import { act, type CommandSpec, type ViewSpec } from './view.js';

/** The selected turn's row, or -1. */
function selectedTurn(ctx: AppContext): number {
  const list = activeList(ctx);
  const at = ctx.state.lists.turns.selected;
  return list && at < list.length ? list.at(at) : -1;
}

/** Whether the selected turn shows a folded text (`… N more lines (Space opens)`). */
function folds(ctx: AppContext, row: number): boolean {
  const lines = turnLines(turnView(ctx.store, row), {
    width: ctx.width,
    selected: false,
    expandThinking: ctx.state.expandThinking,
  });
  return lines.some((l) => l.some((s) => s.style === 'dim' && s.text.endsWith('(Space opens)')));
}

/** Space: the selected turn's long text whole, or folded after 20 lines again. */
const open: CommandSpec<AppContext> = {
  command: 'turns.open',
  disabled: (ctx) => {
    const none = needsRows(ctx);
    if (none) return none;
    const row = selectedTurn(ctx);
    return ctx.state.openTurns.includes(row) || folds(ctx, row) ? null : 'nothing is folded in this turn';
  },
  run: (ctx) => act(ctx, { type: 'toggle-turn', row: selectedTurn(ctx) }),
};

/** The LLM conversation: a list whose thinking blocks, echoed resends and long texts can be shown. */
export const turnsView: ViewSpec<AppContext> = {
  id: 'turns',
  title: 'Turns',
  commands: [...LIST_COMMANDS, thinking, echoed, open],
};
