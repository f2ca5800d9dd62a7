import { findPattern, firstLineHolding } from '../../format/find-lines.js';
import type { ScreenLine } from '../../format/segments.js';
import type { UiState } from '../../state/ui-state.js';
import { clampTurnLine, lineShowingMatch } from './turn-scroll.js';

/**
 * The first line to show of the selected turn (`row`, at `index` in the list) in a pane
 * `height` tall: where a key left it (`turnScroll`, within the turn as laid out now); else,
 * when a search went to it, where its first line holding the query is on screen (smart
 * case, as search finds); else its top. `lines` lays the turn out as the pane does, asked
 * only in the first two cases. The pane and the
 * keys ask this alike, so a key goes on from what is shown.
 */
export function selectedTurnLine(
  state: Pick<UiState, 'turnScroll' | 'turnFound' | 'search'>,
  row: number,
  index: number,
  height: number,
  lines: () => readonly ScreenLine[],
): number {
  // Clamped to the turn as laid out now: folded since it was scrolled, it shows a line
  // nearer its top, and Space opens it again from that line.
  if (state.turnScroll?.row === row) return clampTurnLine(state.turnScroll.line, lines().length, height);
  const found = state.turnFound;
  if (found?.index !== index) return 0;
  const search = state.search && !state.search.inOverlay ? state.search.query : found.query;
  const pattern = findPattern(search);
  const laid = lines();
  if (pattern === null || laid.length <= height) return 0;
  // Past the gutter (`›`, `•`): the turn's own text.
  const match = firstLineHolding(laid, pattern, 1);
  return lineShowingMatch(match, laid.length, height);
}

/** Which lines of a selected turn taller than the pane are on screen: from `first` (0-based), of `total`. */
export interface TurnWithin {
  first: number;
  total: number;
}

/** What the footer says of a tall selected turn, so it is plain there is more of it: `lines 41–62 of 312`. */
export function withinText(w: TurnWithin, height: number): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `lines ${n(w.first + 1)}–${n(Math.min(w.total, w.first + height))} of ${n(w.total)}`;
}

/**
 * Variable-height windowing for the Turns pane: keeps the previous top turn when
 * the selected one is fully visible, else scrolls just enough to show it (or to
 * put it on top when it is taller than the pane, shown from its line `selectedLine`:
 * the move keys scroll through it, panes/turns/turn-scroll.ts). Only turns near the window are
 * laid out, so the cost is the visible rows, not the trace: every turn takes at least
 * one line, so no turn more than `height` above the selected one can be on screen with
 * it, and the turns between a far previous top and the selection are never laid out
 * (`G` on 100,000 turns lays out a pane's worth, not the conversation).
 * `linesOf` must give each turn one line or more. `turns`: the turn each line is of
 * (a click on a line selects its turn). `within`: the lines of a tall selected turn shown.
 */
export function layoutTurns(
  count: number,
  selected: number,
  previousStart: number,
  height: number,
  linesOf: (index: number) => ScreenLine[],
  selectedLine = 0,
): { start: number; lines: ScreenLine[]; turns: number[]; within: TurnWithin | null } {
  if (count === 0 || height <= 0) return { start: 0, lines: [], turns: [], within: null };
  const sel = Math.max(0, Math.min(selected, count - 1));
  const own = linesOf(sel);
  if (own.length > height) {
    // Taller than the pane: it alone, from the line asked for (kept within it: the pane may have grown).
    const first = clampTurnLine(selectedLine, own.length, height);
    const lines = own.slice(first, first + height);
    return { start: sel, lines, turns: lines.map(() => sel), within: { first, total: own.length } };
  }
  let start = Math.max(0, Math.min(previousStart, sel), sel - height + 1);
  // Heights from start to sel; if sel does not end inside the pane, move start forward.
  const heights = new Map<number, number>([[sel, own.length]]);
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
    const of = linesOf(i);
    lines.push(...of);
    for (let k = 0; k < of.length; k++) turns.push(i);
  }
  return { start, lines: lines.slice(0, height), turns: turns.slice(0, height), within: null };
}
