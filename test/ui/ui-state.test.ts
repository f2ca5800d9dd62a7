import { describe, expect, it } from 'vitest';
import { clampWindow, initialState, reduce, type UiState } from '../../src/ui/state/ui-state.js';

const b = (count: number, height = 10) => ({ count, height });

describe('clampWindow', () => {
  it.each([
    [0, 0, 10, 100, 0],
    [0, 9, 10, 100, 0],
    [0, 10, 10, 100, 1],
    [50, 49, 10, 100, 49],
    [95, 99, 10, 100, 90],
    [0, 3, 10, 5, 0],
    [7, 0, 10, 0, 0],
  ])('start %i, selected %i, height %i, total %i → %i', (start, selected, height, total, expected) => {
    expect(clampWindow(start, selected, height, total)).toBe(expected);
  });
});

describe('reduce', () => {
  const s0 = initialState();

  it('remembers where l came from until another l, or until the rows are read again', () => {
    const linked = reduce(s0, {
      type: 'jump',
      pane: 'turns',
      index: 3,
      bounds: b(10),
      linkedFrom: { row: 7, back: 2 },
    });
    expect([linked.pane, linked.linkedFrom]).toEqual(['turns', { row: 7, back: 2 }]);
    // A jump of another kind (n, a problem) keeps it; a reset forgets it: row numbers name other records.
    expect(reduce(linked, { type: 'jump', pane: 'turns', index: 1, bounds: b(10) }).linkedFrom).toEqual({
      row: 7,
      back: 2,
    });
    const counts = { calls: 10, turns: 10, usage: 0, events: 10, timeline: 0 };
    expect(reduce(linked, { type: 'reset', counts, height: 5 }).linkedFrom).toBeNull();
  });

  it('moves the selection within bounds and the window only at the edges', () => {
    let s = reduce(s0, { type: 'move', delta: 12, bounds: b(100) });
    expect(s.lists.calls).toEqual({ selected: 12, windowStart: 3 });
    s = reduce(s, { type: 'move', delta: -1, bounds: b(100) });
    expect(s.lists.calls).toEqual({ selected: 11, windowStart: 3 });
    s = reduce(s, { type: 'move', delta: -500, bounds: b(100) });
    expect(s.lists.calls).toEqual({ selected: 0, windowStart: 0 });
  });

  it.each([
    [true, 1, 5],
    [false, 1, 10],
    [true, -1, 0],
  ] as const)('pages (half %s, direction %i)', (half, direction, expected) => {
    expect(reduce(s0, { type: 'page', direction, half, bounds: b(100) }).lists.calls.selected).toBe(expected);
  });

  it('goes to the bottom and sticks there as rows grow, until the user scrolls up', () => {
    let s = reduce(s0, { type: 'bottom', bounds: b(20) });
    expect(s.lists.calls.selected).toBe(19);
    expect(s.stickToBottom).toBe(true);
    s = reduce(s, { type: 'grown', counts: { calls: 30, turns: 0, events: 0, usage: 0, timeline: 0 }, height: 10 });
    expect(s.lists.calls).toEqual({ selected: 29, windowStart: 20 });
    s = reduce(s, { type: 'move', delta: -1, bounds: b(30) });
    expect(s.stickToBottom).toBe(false);
    const grown = reduce(s, {
      type: 'grown',
      counts: { calls: 40, turns: 0, events: 0, usage: 0, timeline: 0 },
      height: 10,
    });
    expect(grown.lists.calls.selected).toBe(28);
  });

  it('starts at the bottom with --follow', () => {
    const s = reduce(initialState({ follow: true }), {
      type: 'grown',
      counts: { calls: 5, turns: 3, events: 9, usage: 0, timeline: 0 },
      height: 10,
    });
    expect([s.lists.calls.selected, s.lists.turns.selected, s.lists.events.selected]).toEqual([4, 2, 8]);
  });

  it('following, a new tall turn with Turns shown is selected at its top and pauses; a short one or another pane follows on', () => {
    const counts = (turns: number) => ({ calls: 5, turns, events: 9, usage: 0, timeline: 0 });
    const following: UiState = { ...initialState({ follow: true }), pane: 'turns' };
    const at2 = reduce(following, { type: 'grown', counts: counts(3), height: 10, tall: { from: 0, of: () => false } });
    const asked: number[] = [];
    const of = (i: number) => {
      asked.push(i);
      return i === 3;
    };
    const s = reduce(at2, { type: 'grown', counts: counts(4), height: 10, tall: { from: 3, of } });
    expect(asked).toEqual([3]);
    expect([s.lists.turns.selected, s.stickToBottom, s.pausedAt]).toEqual([3, false, 4]);
    // Held: the turns after it wait.
    expect(
      reduce(s, { type: 'grown', counts: counts(6), height: 10, tall: { from: 4, of } }).lists.turns.selected,
    ).toBe(3);
    // A short new turn, or the Calls pane shown: followed.
    const short = { from: 3, of: () => false };
    expect(reduce(at2, { type: 'grown', counts: counts(4), height: 10, tall: short }).stickToBottom).toBe(true);
    const inCalls = reduce(
      { ...at2, pane: 'calls' },
      { type: 'grown', counts: counts(4), height: 10, tall: { from: 3, of } },
    );
    expect([inCalls.lists.turns.selected, inCalls.stickToBottom]).toEqual([3, true]);
  });

  it('following, only the turns from `from` on are new: those before it are history, never asked about', () => {
    const counts = (turns: number) => ({ calls: 0, turns, events: 9, usage: 0, timeline: 0 });
    const following: UiState = { ...initialState({ follow: true }), pane: 'turns' };
    const asked: number[] = [];
    const of = (i: number) => {
      asked.push(i);
      return i === 1 || i === 5;
    };
    // Six turns at the first look, turn 1 tall: all history, the end selected.
    const first = reduce(following, { type: 'grown', counts: counts(6), height: 10 });
    expect([first.lists.turns.selected, first.stickToBottom]).toEqual([5, true]);
    // Two more: only they are asked about.
    const s = reduce(first, { type: 'grown', counts: counts(8), height: 10, tall: { from: 6, of } });
    expect(asked).toEqual([6, 7]);
    expect([s.lists.turns.selected, s.stickToBottom]).toEqual([7, true]);
  });

  it('following, a batch of new turns longer than a slice is asked a slice a look, up to a tall one however far in', () => {
    const counts = (turns: number) => ({ calls: 0, turns, events: 0, usage: 0, timeline: 0 });
    const following: UiState = { ...initialState({ follow: true }), pane: 'turns' };
    const first = reduce(following, { type: 'grown', counts: counts(1), height: 10 });
    let asked: number[] = [];
    const of = (i: number) => {
      asked.push(i);
      return i === 100;
    };
    // 150 new turns, the 100th (index 100) tall: each look asks at most 64 of them.
    let s = reduce(first, { type: 'grown', counts: counts(151), height: 10, tall: { from: 1, of } });
    const looks: number[][] = [asked];
    while (s.stickToBottom && s.followUnasked !== null && looks.length < 10) {
      asked = [];
      s = reduce(s, { type: 'grown', counts: counts(151), height: 10, tall: { from: s.followUnasked, of } });
      looks.push(asked);
    }
    expect(looks.map((l) => l.length)).toEqual([64, 36]);
    expect(looks.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect([s.lists.turns.selected, s.stickToBottom, s.pausedAt, s.followUnasked]).toEqual([100, false, 101, null]);
    // Between looks the list waits at the last turn asked, never past one not asked yet,
    // and turns that come meanwhile are asked after those still to ask.
    const part = reduce(first, { type: 'grown', counts: counts(151), height: 10, tall: { from: 1, of } });
    expect([part.lists.turns.selected, part.stickToBottom, part.followUnasked]).toEqual([64, true, 65]);
    asked = [];
    const grownMore = reduce(part, { type: 'grown', counts: counts(160), height: 10, tall: { from: 151, of } });
    expect([asked[0], grownMore.lists.turns.selected]).toEqual([65, 100]);
    // None tall: the last slice reaches the end, and the batch is done.
    const none = () => false;
    let t = reduce(first, { type: 'grown', counts: counts(151), height: 10, tall: { from: 1, of: none } });
    while (t.followUnasked !== null)
      t = reduce(t, { type: 'grown', counts: counts(151), height: 10, tall: { from: t.followUnasked, of: none } });
    expect([t.lists.turns.selected, t.stickToBottom]).toEqual([150, true]);
  });

  it('following, switching panes keeps it paused (only G resumes), counting what is new in the pane shown from then', () => {
    const counts = { calls: 50, turns: 7, events: 90, usage: 0, timeline: 120 };
    const paused: UiState = { ...initialState({ follow: true }), pane: 'turns', stickToBottom: false, pausedAt: 5 };
    const s = reduce(paused, { type: 'pane', pane: 'calls', counts });
    expect([s.pane, s.stickToBottom, s.pausedAt]).toEqual(['calls', false, 50]);
    const cycled = reduce(s, { type: 'cycle', direction: -1, counts });
    expect([cycled.pane, cycled.stickToBottom, cycled.pausedAt]).toEqual(['timeline', false, 120]);
    const live = reduce({ ...paused, stickToBottom: true, pausedAt: null }, { type: 'pane', pane: 'calls', counts });
    expect([live.stickToBottom, live.pausedAt]).toEqual([true, null]);
  });

  it('keeps each pane its own selection', () => {
    let s = reduce(s0, { type: 'move', delta: 3, bounds: b(10) });
    s = reduce(s, { type: 'pane', pane: 'events' });
    s = reduce(s, { type: 'move', delta: 1, bounds: b(10) });
    expect([s.lists.calls.selected, s.lists.events.selected]).toEqual([3, 1]);
    s = reduce(s, { type: 'cycle', direction: 1 });
    expect(s.pane).toBe('timeline');
    s = reduce(s, { type: 'cycle', direction: 1 });
    expect(s.pane).toBe('calls');
    s = reduce(s, { type: 'cycle', direction: -1 });
    expect(s.pane).toBe('timeline');
  });

  it('scrolls an open overlay instead of the list, and closes it', () => {
    let s: UiState = reduce(s0, { type: 'open', list: { length: 10, at: (i) => i + 7 } });
    s = reduce(s, { type: 'move', delta: 5, bounds: b(30) });
    expect(s.overlay).toEqual({ type: 'detail', pane: 'calls', row: 7, scroll: 5, found: -1 });
    s = reduce(s, { type: 'bottom', bounds: b(30) });
    expect(s.overlay).toMatchObject({ scroll: 20 });
    expect(s.lists.calls.selected).toBe(0);
    expect(reduce(s, { type: 'close' }).overlay).toBeNull();
  });

  it('moves a cursor over the Usage rows; o sorts by the next column, from the first row', () => {
    let s = reduce(s0, { type: 'pane', pane: 'usage' });
    s = reduce(s, { type: 'move', delta: 4, bounds: b(12) });
    expect(s.lists.usage.selected).toBe(4);
    s = reduce(s, { type: 'move', delta: 40, bounds: b(12) });
    expect(s.lists.usage.selected).toBe(11);
    const sorts: string[] = [];
    for (let i = 0; i < 4; i++) {
      s = reduce(s, { type: 'usage.sort' });
      sorts.push(s.usageSort);
      expect(s.lists.usage.selected).toBe(0);
    }
    expect(sorts).toEqual(['cost', 'errors', 'p95', 'calls']);
  });

  it('n / N go to the next / previous match after the selection, wrapping around', () => {
    let s: UiState = reduce(reduce(s0, { type: 'input.open', kind: 'search', text: 'x' }), {
      type: 'move',
      delta: 5,
      bounds: b(50),
    });
    const step = (direction: 1 | -1) =>
      (s = reduce(s, { type: 'search.step', direction, positions: [2, 9, 30], bounds: b(50) }));
    expect(step(1).lists.calls.selected).toBe(9);
    expect(step(1).lists.calls.selected).toBe(30);
    expect(step(1).lists.calls.selected).toBe(2);
    expect(step(-1).lists.calls.selected).toBe(30);
    expect(reduce(s0, { type: 'search.step', direction: 1, positions: [], bounds: b(50) })).toBe(s0);
  });

  it('in an overlay, n / N step through matching lines from the current one, scrolling only to bring it into view', () => {
    const open = reduce(s0, { type: 'open', list: { length: 10, at: (i) => i } });
    let s: UiState = reduce(open, { type: 'input.open', kind: 'search', text: 'x' });
    const step = (direction: 1 | -1) =>
      (s = reduce(s, { type: 'search.step', direction, positions: [3, 40, 90], bounds: b(100) }));
    // None current yet: n takes the first match at or below the top line (3 is in view).
    expect(step(1).overlay).toMatchObject({ found: 3, scroll: 0 });
    // 40 is out of view: it comes in with two lines of context above it.
    expect(step(1).overlay).toMatchObject({ found: 40, scroll: 38 });
    expect(step(1).overlay).toMatchObject({ found: 90, scroll: 88 });
    // After the last, the first again.
    expect(step(1).overlay).toMatchObject({ found: 3, scroll: 1 });
    expect(step(-1).overlay).toMatchObject({ found: 90 });
    // Scrolling the current match out of view: n goes on from the view.
    s = reduce(s, { type: 'top', bounds: b(100) });
    expect(s.overlay).toMatchObject({ found: -1, scroll: 0 });
    expect(step(1).overlay).toMatchObject({ found: 3 });
  });

  it('a search begun in an overlay ends with it; one begun in a list outlives the overlays opened from it', () => {
    const inDetail = reduce(reduce(s0, { type: 'open', list: { length: 10, at: (i) => i } }), {
      type: 'input.open',
      kind: 'search',
      text: 'abc',
    });
    expect(inDetail.search).toEqual({ query: 'abc', inOverlay: true });
    expect(reduce(reduce(inDetail, { type: 'input.submit' }), { type: 'close' }).search).toBeNull();
    expect(reduce(inDetail, { type: 'pane', pane: 'turns' }).search).toBeNull();
    const inList = reduce(reduce(s0, { type: 'input.open', kind: 'search', text: 'abc' }), { type: 'input.submit' });
    const opened = reduce(inList, { type: 'open', list: { length: 10, at: (i) => i } });
    expect(opened.search).toEqual({ query: 'abc', inOverlay: false });
    expect(reduce(opened, { type: 'close' }).search).toEqual({ query: 'abc', inOverlay: false });
  });

  it('changes the call order keeping the selected call selected, and stops sticking to the bottom', () => {
    const following = initialState({ follow: true });
    const s = reduce(following, { type: 'calls.order', order: 'latency', index: 40, bounds: b(100) });
    expect(s.callOrder).toBe('latency');
    expect(s.lists.calls).toEqual({ selected: 40, windowStart: 31 });
    expect(s.stickToBottom).toBe(false);
    // New rows no longer move the selection.
    expect(
      reduce(s, { type: 'grown', counts: { calls: 120, turns: 0, events: 0, usage: 0, timeline: 0 }, height: 10 }).lists
        .calls.selected,
    ).toBe(40);
  });

  describe('filter.set', () => {
    const kept = (calls: number, turns: number, events: number, counts = [100, 100, 100]) => ({
      lists: {
        calls: { index: calls, count: counts[0]! },
        turns: { index: turns, count: counts[1]! },
        events: { index: events, count: counts[2]! },
        timeline: { index: 0, count: 0 },
      },
      height: 10,
    });
    const moved: UiState = {
      ...s0,
      lists: {
        calls: { selected: 50, windowStart: 45 },
        turns: { selected: 7, windowStart: 5 },
        usage: { selected: 4, windowStart: 0 },
        events: { selected: 80, windowStart: 75 },
        timeline: { selected: 0, windowStart: 0 },
      },
      marks: new Set([3, 9]),
      turnScroll: { row: 12, line: 4 },
      search: { query: 'x', inOverlay: false },
      input: { kind: 'filter', text: 'tool:a' },
    };

    it('puts each list at the place given, on screen, the window moved only as far as needed', () => {
      const s = reduce(moved, { type: 'filter.set', filter: 'tool:a', kept: kept(48, 2, 90) });
      // 48 is on screen from 45: the window stays; 2 is above 5: it comes to the top; 90 is below 75-84.
      expect(s.lists).toEqual({
        calls: { selected: 48, windowStart: 45 },
        turns: { selected: 2, windowStart: 2 },
        usage: { selected: 0, windowStart: 0 },
        events: { selected: 90, windowStart: 81 },
        timeline: { selected: 0, windowStart: 0 },
      });
      expect(s).toMatchObject({ filter: 'tool:a', input: null, notice: null, search: null });
      // Marks are untouched; the turn scroll holds for its row, so it stays.
      expect(s.marks).toBe(moved.marks);
      expect(s.turnScroll).toEqual({ row: 12, line: 4 });
    });

    it('a short new list: the window ends with it; an empty one: row 0', () => {
      const s = reduce(moved, { type: 'filter.set', filter: 'x', kept: kept(4, 0, 0, [5, 0, 3]) });
      expect(s.lists.calls).toEqual({ selected: 4, windowStart: 0 });
      expect(s.lists.turns).toEqual({ selected: 0, windowStart: 0 });
    });

    it('following at the bottom, each list goes to its new bottom', () => {
      const following: UiState = { ...moved, follow: true, stickToBottom: true };
      const s = reduce(following, { type: 'filter.set', filter: 'x', kept: kept(3, 1, 2, [40, 6, 50]) });
      expect([s.lists.calls.selected, s.lists.turns.selected, s.lists.events.selected]).toEqual([39, 5, 49]);
      // Paused, the rows that are new are counted from the new list's length.
      const paused: UiState = { ...moved, follow: true, stickToBottom: false, pausedAt: 100 };
      expect(reduce(paused, { type: 'filter.set', filter: 'x', kept: kept(3, 1, 2, [40, 6, 50]) }).pausedAt).toBe(40);
    });

    it('without places to go (no store to look in), every list starts over', () => {
      const s = reduce(moved, { type: 'filter.set', filter: null });
      expect(s.lists.calls).toEqual({ selected: 0, windowStart: 0 });
      expect(s.turnScroll).toBeNull();
    });
  });

  it('toggles help (noting the view it is over), thinking and echoed turns (at the place given)', () => {
    expect(reduce(s0, { type: 'help' }).overlay).toEqual({ type: 'help', over: 'calls', scroll: 0, found: -1 });
    const detail = reduce(s0, { type: 'open', list: { length: 3, at: (i) => i } });
    expect(reduce(detail, { type: 'help' }).overlay).toMatchObject({ type: 'help', over: 'detail' });
    // Closed by ? or Esc, help over the detail view gives it back, as it was.
    expect(reduce(reduce(detail, { type: 'help' }), { type: 'help' }).overlay).toEqual(detail.overlay);
    expect(reduce(reduce(detail, { type: 'help' }), { type: 'close' }).overlay).toEqual(detail.overlay);
    expect(reduce(reduce(s0, { type: 'help' }), { type: 'help' }).overlay).toBeNull();
    expect(reduce(s0, { type: 'toggle-thinking' }).expandThinking).toBe(true);
    const moved = reduce(reduce(s0, { type: 'pane', pane: 'turns' }), { type: 'move', delta: 2, bounds: b(5) });
    expect(reduce(moved, { type: 'toggle-echoed', index: 3, bounds: b(6) })).toMatchObject({
      showEchoed: true,
      lists: { turns: { selected: 3 } },
    });
  });
});

describe('sorting the Sessions list', () => {
  it('keeps the run selected, in a window from the top whenever it fits there', () => {
    const s0 = initialState();
    const scrolled: UiState = { ...s0, lists: { ...s0.lists, calls: { selected: 25, windowStart: 10 } } };
    const bounds = { count: 60, height: 21 };
    // The selected run is 6th in the new order: the head of the order shows above it.
    const near = reduce(scrolled, { type: 'sessions.sort', sort: 'errors', index: 5, bounds });
    expect(near.lists.calls).toMatchObject({ selected: 5, windowStart: 0 });
    // 41st: the window ends at it.
    const far = reduce(scrolled, { type: 'sessions.sort', sort: 'errors', index: 40, bounds });
    expect(far.lists.calls).toMatchObject({ selected: 40, windowStart: 20 });
  });
});
