import type { ScreenLine } from './segments.js';

/**
 * Variable-height windowing for the Turns pane: keeps the previous top turn when
 * the selected one is fully visible, else scrolls just enough to show it (or to
 * put it on top when it is taller than the pane). Only turns near the window are
 * laid out, so the cost is the visible rows, not the trace: every turn takes at least
 * one line, so no turn more than `height` above the selected one can be on screen with
 * it, and the turns between a far previous top and the selection are never laid out
 * (`G` on 100,000 turns lays out a pane's worth, not the conversation).
 * `linesOf` must give each turn one line or more. `turns`: the turn each line is of
 * (a click on a line selects its turn).
 */
export function layoutTurns(
  count: number,
  selected: number,
  previousStart: number,
  height: number,
  linesOf: (index: number) => ScreenLine[],
): { start: number; lines: ScreenLine[]; turns: number[] } {
  if (count === 0 || height <= 0) return { start: 0, lines: [], turns: [] };
  const sel = Math.max(0, Math.min(selected, count - 1));
  let start = Math.max(0, Math.min(previousStart, sel), sel - height + 1);
  // Heights from start to sel; if sel does not end inside the pane, move start forward.
  const heights = new Map<number, number>();
  const h = (i: number) => {
    let v = heights.get(i);
    if (v === undefined) heights.set(i, (v = linesOf(i).length));
    return v;
  };
  let used = 0;
  for (let i = start; i <= sel; i++) used += h(i);
  while (used > height && start < sel) {
    used -= h(start);
    start += 1;
  }
  const lines: ScreenLine[] = [];
  const turns: number[] = [];
  for (let i = start; i < count && lines.length < height; i++) {
    const own = linesOf(i);
    lines.push(...own);
    for (let k = 0; k < own.length; k++) turns.push(i);
  }
  return { start, lines: lines.slice(0, height), turns: turns.slice(0, height) };
}
