/*
 * Reading a turn taller than the Turns pane, as a pager reads a page: the move keys
 * scroll through its lines while it stays selected, and move to another turn only once
 * its edge is on screen. Pure: the turn's height comes in, no layout is done here.
 */
import type { Command } from '../../keymap.js';

/** The first line shown of a turn `lines` tall in a pane `height` tall: from 0 to the line that shows its end. */
export const clampTurnLine = (line: number, lines: number, height: number): number =>
  Math.max(0, Math.min(line, endLine(lines, height)));

/** The line that shows the end of a turn `lines` tall (where `k` and `G` enter it from below); 0 when it fits. */
export const endLine = (lines: number, height: number): number => Math.max(0, lines - height);

/** The keys that scroll a tall turn, and by how much: a line, half a pane, a pane. */
const STEPS: Partial<Record<Command, { down: boolean; lines: 'one' | 'half' | 'page' }>> = {
  'list.down': { down: true, lines: 'one' },
  'list.up': { down: false, lines: 'one' },
  'list.halfDown': { down: true, lines: 'half' },
  'list.halfUp': { down: false, lines: 'half' },
  'list.pageDown': { down: true, lines: 'page' },
  'list.pageUp': { down: false, lines: 'page' },
};

/** Whether `command` may scroll through a tall turn (g and G always go to a turn: no need to lay one out). */
export const scrollsWithin = (command: Command): boolean => STEPS[command] !== undefined;

/**
 * Where a move key takes the selected turn, `lines` tall and shown from `line` in a pane
 * `height` tall: the line it scrolls to, or null when the key moves to another turn
 * instead (the turn fits the pane, its edge in that direction is shown, or the key is
 * `g` / `G`, which go to the first / last turn).
 */
export function scrollWithin(command: Command, line: number, lines: number, height: number): number | null {
  const step = STEPS[command];
  if (step === undefined || lines <= height) return null;
  const at = clampTurnLine(line, lines, height);
  const by = stepOf(command, height);
  if (step.down) return at < endLine(lines, height) ? Math.min(endLine(lines, height), at + by) : null;
  return at > 0 ? Math.max(0, at - by) : null;
}

/** How far `command` moves in a pane `height` tall: a line (or a turn), half a pane, a pane. */
export function stepOf(command: Command, height: number): number {
  const lines = STEPS[command]?.lines ?? 'one';
  return lines === 'half' ? Math.max(1, Math.floor(height / 2)) : lines === 'page' ? Math.max(1, height) : 1;
}

/** Whether `command` is a page key (half or whole): one that moves over several turns. */
export const pages = (command: Command): boolean => STEPS[command] !== undefined && STEPS[command].lines !== 'one';

/** Whether `command` moves down (j, Ctrl-d, PgDn); the other scrolling keys move up. */
export const movesDown = (command: Command): boolean => STEPS[command]?.down === true;

/**
 * The turn a page key (`step` turns, down or up) goes to from turn `from` of `count`
 * when it does not scroll within it. As a pager, it never skips a turn not yet read:
 * from a tall turn (`tall(from)`, its edge shown) it goes one turn on, and from a short
 * one it stops at the first tall turn on its way. Asks `tall` of `step` turns at most.
 */
export function pageTarget(from: number, down: boolean, step: number, count: number, tall: (i: number) => boolean) {
  const dir = down ? 1 : -1;
  const last = Math.max(0, Math.min(count - 1, from + dir * (tall(from) ? 1 : step)));
  for (let i = from + dir; down ? i < last : i > last; i += dir) if (tall(i)) return i;
  return last;
}

/**
 * The selected turn's first line on screen after a move key took the selection from
 * turn `from` to turn `to` (null: the line it had is kept). A move up (`k`, `Ctrl-u`,
 * `PgUp`) and `G` enter from below, at the end (`endAt` gives it: a turn is laid out
 * only then); any other move to another turn, and `g`, show it from its top.
 */
export function lineAfterMove(command: Command, from: number, to: number, endAt: () => number): number | null {
  if (command === 'list.bottom') return endAt();
  if (command === 'list.top') return 0;
  if (from === to) return null;
  return scrollsWithin(command) && !movesDown(command) ? endAt() : 0;
}

/** Lines kept above a search match a tall turn is scrolled to (context, as a pager keeps). */
const MATCH_CONTEXT = 2;

/**
 * The first line shown of a turn `lines` tall that a search went to, in a pane `height`
 * tall, when its line `match` is the first to hold the query (-1: none of its lines as
 * laid out does, say the model or a folded text matched): its top while that line is
 * on its first page, else that line with a little context above it, as a pager shows.
 */
export const lineShowingMatch = (match: number, lines: number, height: number): number =>
  match < height ? 0 : clampTurnLine(match - Math.min(MATCH_CONTEXT, Math.floor(height / 4)), lines, height);
