/** Commands every kind of view shares: moving, help, closing, quitting. */
import type { Command } from '../keymap.js';
import { moveAction } from '../state/ui-state.js';
import { act, type BaseContext, type CommandSpec, outcome } from './view.js';

/** The move commands of every list and scrolled view. */
export const MOVES = [
  'list.down',
  'list.up',
  'list.halfDown',
  'list.halfUp',
  'list.pageDown',
  'list.pageUp',
  'list.top',
  'list.bottom',
] as const satisfies readonly Command[];

/**
 * j/k, pages, top and bottom: a selection in a list (`empty`: what it says with no
 * rows), else the top line of a view that scrolls, which says so when all of it is
 * shown. `footer: false` keeps them out of the footer (the detail view and help never
 * showed them there). `follows`: a list that new rows join, which the last row sticks to.
 */
export function moves(options: { empty?: string; footer?: boolean; follows?: boolean } = {}): CommandSpec[] {
  const { empty } = options;
  const disabled = empty
    ? (ctx: BaseContext) => (ctx.bounds.count === 0 ? empty : null)
    : (ctx: BaseContext) => (ctx.bounds.count <= ctx.bounds.height ? 'all of it is shown' : null);
  return MOVES.map((command) => ({
    command,
    run: (ctx) => act(ctx, moveAction(command, ctx.bounds)!),
    disabled,
    ...(options.footer === false ? { hint: null } : {}),
    ...(options.follows && command === 'list.bottom'
      ? { description: 'Last row, and follow new rows as they come' }
      : {}),
  }));
}

export const help: CommandSpec = { command: 'app.help', run: (ctx) => act(ctx, { type: 'help' }) };

export const quit: CommandSpec = { command: 'app.quit', run: (ctx) => outcome(ctx.state, { type: 'quit' }) };

export const close: CommandSpec = { command: 'detail.close', run: (ctx) => act(ctx, { type: 'close' }) };
