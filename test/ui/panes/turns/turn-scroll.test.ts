import { describe, expect, it, vi } from 'vitest';
import { turnView } from '../../../../src/ui/panes/turns/turn-data.js';
import { layoutTurns, withinText } from '../../../../src/ui/panes/turns/turn-layout.js';
import { turnLines } from '../../../../src/ui/panes/turns/turn-lines.js';
import {
  clampTurnLine,
  endLine,
  lineAfterMove,
  lineShowingMatch,
  pageTarget,
  scrollsWithin,
  scrollWithin,
} from '../../../../src/ui/panes/turns/turn-scroll.js';
import { turnsView } from '../../../../src/ui/panes/turns/turns-view.js';
import { initialState, reduce, type UiState } from '../../../../src/ui/state/ui-state.js';
import { pressKey } from '../../../../src/ui/views/view.js';
import { appContext } from '../../../helpers/contexts.js';
import { at, storeOf } from '../../../helpers/store.js';

const lineText = (l: { text: string }[]) => l.map((s) => s.text).join('');

/** Where each key of `keys` leaves Turns, pressed one after another from the first turn. */
function walk<T>(keys: string[], step: (s: UiState, key: string) => UiState, at: (s: UiState) => T): T[] {
  let s: UiState = { ...initialState(), pane: 'turns' };
  return keys.map((key) => at((s = step(s, key))));
}

describe('scrolling through a turn taller than the pane (pure)', () => {
  // A turn of 50 lines in a pane of 10: its end is shown from line 40.
  it('keeps the first line shown within the turn', () => {
    expect(endLine(50, 10)).toBe(40);
    expect(endLine(8, 10)).toBe(0);
    expect([-3, 0, 17, 40, 41, 500].map((l) => clampTurnLine(l, 50, 10))).toEqual([0, 0, 17, 40, 40, 40]);
    // A turn that fits is always shown from its top, whatever line was kept for it.
    expect(clampTurnLine(12, 8, 10)).toBe(0);
  });

  it.each([
    ['j: the next line', 'list.down', 0, 1],
    ['j at the end: to the next turn', 'list.down', 40, null],
    ['j past the end (the pane grew): to the next turn', 'list.down', 45, null],
    ['k: the line above', 'list.up', 40, 39],
    ['k at the top: to the previous turn', 'list.up', 0, null],
    ['C-d: half a pane', 'list.halfDown', 3, 8],
    ['C-u: half a pane up', 'list.halfUp', 3, 0],
    ['PgDn: a pane', 'list.pageDown', 0, 10],
    ['PgDn near the end: to the end, not past it', 'list.pageDown', 35, 40],
    ['PgUp: a pane up', 'list.pageUp', 25, 15],
    ['PgUp near the top: to the top', 'list.pageUp', 4, 0],
    ['g: the first turn, not a line', 'list.top', 20, null],
    ['G: the last turn, not a line', 'list.bottom', 20, null],
    ['another command: nothing to scroll', 'list.open', 20, null],
  ] as const)('%s', (_, command, line, expected) => {
    expect(scrollWithin(command, line, 50, 10)).toBe(expected);
  });

  it('g and G never scroll (no turn is laid out to know), the other moves may', () => {
    expect(scrollsWithin('list.top')).toBe(false);
    expect(scrollsWithin('list.bottom')).toBe(false);
    expect(scrollsWithin('list.open')).toBe(false);
    expect(scrollsWithin('list.halfUp')).toBe(true);
  });

  it('a turn that fits the pane never scrolls: every key moves to another turn', () => {
    for (const command of ['list.down', 'list.up', 'list.pageDown', 'list.halfUp'] as const)
      expect(scrollWithin(command, 0, 10, 10)).toBeNull();
  });

  it('a turn reached by k or G is shown at its end, by any other move from its top', () => {
    const end = vi.fn(() => 40);
    expect(lineAfterMove('list.up', 5, 4, end)).toBe(40);
    expect(lineAfterMove('list.bottom', 2, 9, end)).toBe(40);
    // G on the last turn already: still its end.
    expect(lineAfterMove('list.bottom', 9, 9, end)).toBe(40);
    expect(lineAfterMove('list.top', 0, 0, end)).toBe(0);
    end.mockClear();
    expect(lineAfterMove('list.down', 4, 5, end)).toBe(0);
    expect(lineAfterMove('list.pageDown', 8, 30, end)).toBe(0);
    // No other turn reached (k on the first, j on the last): the line kept.
    expect(lineAfterMove('list.up', 0, 0, end)).toBeNull();
    expect(lineAfterMove('list.down', 9, 9, end)).toBeNull();
    // The turn reached is laid out only to enter it at its end.
    expect(end).not.toHaveBeenCalled();
    // Any move up enters the turn it reaches at its end, as k does (a page up read from below).
    expect(lineAfterMove('list.pageUp', 30, 8, end)).toBe(40);
    expect(lineAfterMove('list.halfUp', 30, 25, end)).toBe(40);
  });
});

describe('a tall turn a search went to (pure)', () => {
  it.each([
    // No line holds the query (the model matched, or a folded text): the top.
    [-1, 100, 22, 0],
    // On the first page: the top, as it is.
    [0, 100, 22, 0],
    [21, 100, 22, 0],
    // Below it: two lines of context above the match.
    [22, 100, 22, 20],
    [50, 100, 22, 48],
    // Near the end: the end, never past it.
    [99, 100, 22, 78],
    // A pane of 4 lines keeps one line of context.
    [10, 30, 4, 9],
  ])('match on line %i of %i in %i lines: shown from %i', (match, lines, height, first) => {
    expect(lineShowingMatch(match, lines, height)).toBe(first);
  });
});

describe('a page in Turns never skips a turn not yet read (pure)', () => {
  // Thirty turns; 5 and 20 are taller than the pane. A page is 10 turns, half a page 5.
  const tallOnes = new Set([5, 20]);
  it.each([
    ['down from a short turn: stops at the tall turn on the way', 0, true, 10, 5],
    ['down past it: a whole page', 6, true, 10, 16],
    ['down onto a tall turn a page on', 10, true, 10, 20],
    ["from a tall turn's end: the next turn", 5, true, 10, 6],
    ["from a tall turn's top: the turn above", 20, false, 10, 19],
    ['up from a short turn: stops at the tall turn on the way', 28, false, 10, 20],
    ['half a page up from a short turn', 28, false, 5, 23],
    ['down near the end: the last turn', 25, true, 10, 29],
    ['up near the top: the first turn', 3, false, 10, 0],
    ['at the last turn: nowhere to go', 29, true, 10, 29],
  ] as const)('%s', (_, from, down, step, expected) => {
    expect(pageTarget(from, down, step, 30, (i) => tallOnes.has(i))).toBe(expected);
  });

  it('lays out no more than a page of turns, however long the conversation', () => {
    const asked: number[] = [];
    const tall = (i: number) => {
      asked.push(i);
      return false;
    };
    expect(pageTarget(50_000, true, 22, 141_000, tall)).toBe(50_022);
    expect(asked.length).toBeLessThanOrEqual(22);
    expect(Math.min(...asked)).toBeGreaterThanOrEqual(50_000);
  });
});

describe('the layout of a tall selected turn', () => {
  const heights = [3, 30, 2];
  const linesOf = (i: number) => Array.from({ length: heights[i]! }, (_, k) => [{ text: `${i}.${k}` }]);

  it('shows the selected tall turn alone, from the line asked for, and says which lines', () => {
    const laid = layoutTurns(3, 1, 0, 10, linesOf, 7);
    expect(laid.start).toBe(1);
    expect(laid.lines.map(lineText)).toEqual(Array.from({ length: 10 }, (_, k) => `1.${7 + k}`));
    expect(laid.turns).toEqual(Array(10).fill(1));
    expect(laid.within).toEqual({ first: 7, total: 30 });
  });

  it('keeps a line past the end within the turn (the pane grew, the turn was folded)', () => {
    const laid = layoutTurns(3, 1, 0, 10, linesOf, 500);
    expect(laid.within).toEqual({ first: 20, total: 30 });
    expect(laid.lines.map(lineText).at(-1)).toBe('1.29');
    // Taller than the turn now: it fits, no line to keep, the turns around it shown as before.
    const tall = layoutTurns(3, 1, 0, 40, linesOf, 500);
    expect(tall.within).toBeNull();
    expect(tall.lines.map(lineText)[0]).toBe('0.0');
  });

  it('says which lines of the turn are shown, counted from 1', () => {
    expect(withinText({ first: 0, total: 30 }, 10)).toBe('lines 1–10 of 30');
    expect(withinText({ first: 1000, total: 2001 }, 22)).toBe('lines 1,001–1,022 of 2,001');
  });

  it('a turn that fits ignores the line and lays out as before', () => {
    expect(layoutTurns(3, 2, 1, 10, linesOf, 9).within).toBeNull();
    expect(layoutTurns(3, 2, 1, 10, linesOf, 9).lines.map(lineText)[0]).toBe('2.0');
  });

  it('lays out the selected turn only, however far the previous top was', () => {
    const asked = new Set<number>();
    const one = (i: number) => {
      asked.add(i);
      return Array.from({ length: i === 99_999 ? 300 : 2 }, () => [{ text: `${i}` }]);
    };
    const laid = layoutTurns(100_000, 99_999, 0, 22, one, 278);
    expect(laid.within).toEqual({ first: 278, total: 300 });
    expect([...asked]).toEqual([99_999]);
  });
});

/** A short turn, one taller than a 10-line pane (22 lines folded: header, 20 lines, `… more`), a short one. */
function threeTurnsLines() {
  const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
  return [
    { t: at(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'question' }] },
    { t: at(1000), type: 'turn', role: 'assistant', blocks: [{ type: 'text', text }] },
    { t: at(2000), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'thanks' }] },
  ];
}
const threeTurns = () => storeOf(threeTurnsLines());

describe('the move keys in Turns, through a tall turn', () => {
  const store = threeTurns();
  const press = (state: UiState, key: string) => pressKey(turnsView, key, appContext(store, state, 10, 80)).state;
  const where = (s: UiState) => {
    const rows = appContext(store, s, 10, 80).views.turns;
    const at = s.lists.turns.selected;
    return { turn: at, line: s.turnScroll?.row === rows.at(at) ? s.turnScroll.line : 0 };
  };

  it('j scrolls the tall turn to its end, then moves on; k comes back into it at its end', () => {
    const seen = walk(['j', 'j', 'j', 'pageDown', 'j', 'k', 'k', 'ctrl-u', 'ctrl-u', 'k', 'k'], press, where);
    expect(seen).toEqual([
      { turn: 1, line: 0 },
      { turn: 1, line: 1 },
      { turn: 1, line: 2 },
      // 22 lines in 10: the end is shown from line 12.
      { turn: 1, line: 12 },
      { turn: 2, line: 0 },
      { turn: 1, line: 12 },
      { turn: 1, line: 11 },
      { turn: 1, line: 6 },
      { turn: 1, line: 1 },
      { turn: 1, line: 0 },
      { turn: 0, line: 0 },
    ]);
  });

  it('g shows the first turn from its top, G the last turn at its end, from anywhere', () => {
    let s: UiState = { ...initialState(), pane: 'turns' };
    s = press(press(s, 'j'), 'pageDown');
    expect(where(s)).toEqual({ turn: 1, line: 10 });
    s = press(s, 'G');
    expect(where(s)).toEqual({ turn: 2, line: 0 });
    // The tall turn first: g goes back to its top even while it is the first.
    const first = reduce(
      { ...initialState(), pane: 'turns' },
      { type: 'jump', pane: 'turns', index: 1, bounds: { count: 3, height: 10 } },
    );
    s = press(press(first, 'j'), 'j');
    expect(where(s)).toEqual({ turn: 1, line: 2 });
    expect(where(press(s, 'g'))).toEqual({ turn: 0, line: 0 });
  });

  it("following a growing trace: reading above the last turn's end waits for new turns; its end sticks again", () => {
    const two = storeOf(threeTurnsLines().slice(0, 2));
    const go = (state: UiState, key: string) => pressKey(turnsView, key, appContext(two, state, 10, 80)).state;
    let s: UiState = { ...initialState({ follow: true }), pane: 'turns' };
    s = go(s, 'G');
    expect(s.turnScroll?.line).toBe(12);
    expect(s.stickToBottom).toBe(true);
    s = go(s, 'k');
    expect(s.turnScroll?.line).toBe(11);
    expect(s.stickToBottom).toBe(false);
    expect(s.pausedAt).toBe(2);
    s = go(s, 'j');
    expect(s.turnScroll?.line).toBe(12);
    expect(s.stickToBottom).toBe(true);
    expect(s.pausedAt).toBeNull();
    // Space opens it from the line shown, above its end now: new turns wait.
    s = go(s, ' ');
    expect(s.turnScroll?.line).toBe(12);
    expect(s.stickToBottom).toBe(false);
    expect(s.pausedAt).toBe(2);
    s = go(s, 'G');
    expect(s.stickToBottom).toBe(true);
    expect(s.pausedAt).toBeNull();
    // Folded again from its end (still taller than the pane): its end is shown, they are followed.
    s = go(s, ' ');
    expect(s.openTurns).toEqual([]);
    expect([s.stickToBottom, s.pausedAt]).toEqual([true, null]);
    // Entered from above at its top (j, a page) the same.
    for (const key of ['j', 'pageDown', 'ctrl-d']) {
      const entered = go(go(s, 'g'), key);
      expect(entered.lists.turns.selected, key).toBe(1);
      expect([entered.stickToBottom, entered.pausedAt], key).toEqual([false, 2]);
    }
    // Not following, scrolling says nothing of a bottom.
    expect(go({ ...s, follow: false, stickToBottom: false }, 'k').stickToBottom).toBe(false);
  });

  it('a page stops at a tall turn and goes on from its edge one turn at a time (4 turns, the 2nd tall)', () => {
    const four = storeOf([
      ...threeTurnsLines(),
      { t: at(3000), type: 'turn', role: 'assistant', blocks: [{ type: 'text', text: 'welcome' }] },
    ]);
    const go = (state: UiState, key: string) => pressKey(turnsView, key, appContext(four, state, 10, 80)).state;
    const at4 = (s: UiState) => {
      const rows = appContext(four, s, 10, 80).views.turns;
      const sel = s.lists.turns.selected;
      return { turn: sel, line: s.turnScroll?.row === rows.at(sel) ? s.turnScroll.line : 0 };
    };
    const keys = ['g', 'pageDown', 'pageDown', 'pageDown', 'pageDown', 'pageUp', 'pageUp', 'pageUp', 'pageUp'];
    const seen = walk(keys, go, at4);
    expect(seen).toEqual([
      { turn: 0, line: 0 },
      // Not turn 3: the tall turn on the way, from its top, then its lines (its end from line 12).
      { turn: 1, line: 0 },
      { turn: 1, line: 10 },
      { turn: 1, line: 12 },
      // Its end shown: the next turn, not a page of turns on.
      { turn: 2, line: 0 },
      // Up from a short turn: the tall one, entered at its end, then its lines, then the turn above.
      { turn: 1, line: 12 },
      { turn: 1, line: 2 },
      { turn: 1, line: 0 },
      { turn: 0, line: 0 },
    ]);
    // Half pages the same way, from the first turn again (where the walk ended).
    let s = go(go({ ...initialState(), pane: 'turns' }, 'ctrl-d'), 'G');
    expect(at4(s)).toEqual({ turn: 3, line: 0 });
    s = go(s, 'ctrl-u');
    expect(at4(s)).toEqual({ turn: 1, line: 12 });
    s = go(go(s, 'ctrl-u'), 'ctrl-u');
    expect(at4(s)).toEqual({ turn: 1, line: 2 });
    s = go(go(s, 'ctrl-u'), 'ctrl-u');
    expect(at4(s)).toEqual({ turn: 0, line: 0 });
    s = go(go(s, 'ctrl-d'), 'ctrl-d');
    expect(at4(s)).toEqual({ turn: 1, line: 5 });
    s = go(go(s, 'ctrl-d'), 'ctrl-d');
    expect(at4(s)).toEqual({ turn: 1, line: 12 });
    expect(at4(go(s, 'ctrl-d'))).toEqual({ turn: 2, line: 0 });
  });

  it('t inside a tall turn keeps a full pane of it, its first line within the turn', () => {
    const thought = storeOf([
      { t: at(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'question' }] },
      {
        t: at(1000),
        type: 'turn',
        role: 'assistant',
        blocks: [
          { type: 'thinking', thinking: 'a\nb\nc\nd' },
          { type: 'text', text: Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') },
        ],
      },
    ]);
    const ctx = (s: UiState) => appContext(thought, s, 10, 80);
    let s: UiState = { ...initialState(), pane: 'turns' };
    for (const key of ['j', 'j', 'j', 'j']) s = pressKey(turnsView, key, ctx(s)).state;
    expect(s.turnScroll?.line).toBe(3);
    const laidOut = (state: UiState) => {
      const c = ctx(state);
      const laid = layoutTurns(
        2,
        1,
        0,
        10,
        (i) =>
          turnLines(turnView(thought, c.views.turns.at(i)), {
            width: 80,
            selected: false,
            expandThinking: state.expandThinking,
          }),
        state.turnScroll?.line ?? 0,
      );
      return { first: lineText(laid.lines[0]!).trim(), lines: laid.lines.length, within: laid.within };
    };
    expect(laidOut(s)).toMatchObject({ first: 'line 2', lines: 10, within: { first: 3 } });
    s = pressKey(turnsView, 't', ctx(s)).state;
    expect(s.expandThinking).toBe(true);
    // The turn grew by its thinking: still a whole pane of it, from a line inside it.
    const after = laidOut(s);
    expect(after.lines).toBe(10);
    expect(after.within!.first).toBeLessThanOrEqual(after.within!.total - 10);
  });

  it('Space folds the turn again from the line shown, not from its top', () => {
    let s: UiState = { ...initialState(), pane: 'turns' };
    s = press(press(press(s, 'j'), 'j'), 'j');
    expect(where(s).line).toBe(2);
    s = press(s, ' ');
    expect(s.openTurns).toHaveLength(1);
    expect(where(s)).toEqual({ turn: 1, line: 2 });
  });

  it('reads no more than the selected turn and the one reached, on a long conversation', () => {
    const many = storeOf(
      Array.from({ length: 3000 }, (_, i) => ({
        t: at(i * 1000),
        type: 'turn',
        role: i % 2 ? 'assistant' : 'user',
        blocks: [{ type: 'text', text: i === 2999 ? Array(60).fill('x').join('\n') : `turn ${i}` }],
      })),
    );
    let s: UiState = { ...initialState(), pane: 'turns' };
    const rows: number[][] = [];
    for (const key of ['G', 'k', 'pageUp', 'pageUp', 'k', 'j', 'g', 'pageDown', 'G', 'pageUp']) {
      const ctx = appContext(many, s, 10, 80);
      const read = vi.spyOn(many, 'rawLine');
      s = pressKey(turnsView, key, ctx).state;
      rows.push([...new Set(read.mock.calls.map((c) => c[0]))]);
      read.mockRestore();
    }
    const keys = ['G', 'k', 'pageUp', 'pageUp', 'k', 'j', 'g', 'pageDown', 'G', 'pageUp'];
    // A page from a short turn looks for a tall turn on its way: a pane's worth at most.
    for (const [i, r] of rows.entries())
      expect(r.length, `key ${i}`).toBeLessThanOrEqual(keys[i]!.startsWith('page') ? 11 : 2);
    expect(rows[7]!.length).toBeGreaterThan(2);
    // G read the last turn (to enter it at its end); k past its top, the one above it.
    const views = appContext(many, s, 10, 80).views.turns;
    expect(rows[0]).toEqual([views.at(2999)]);
    expect(rows[4]).toContain(views.at(2998));
    // The last PgUp scrolled within the last turn (22 lines folded: its end from line 12, less a pane).
    expect(s.lists.turns.selected).toBe(2999);
    expect(s.turnScroll).toEqual({ row: views.at(2999), line: 2 });
  });
});
