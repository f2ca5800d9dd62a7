import { describe, expect, it } from 'vitest';
import { detailRows } from '../../src/ui/data/detail.js';
import { initialState, type Notice, type UiState } from '../../src/ui/state/ui-state.js';
import { appView } from '../../src/ui/views/index.js';
import { pressKey } from '../../src/ui/views/view.js';
import { appContext } from '../helpers/contexts.js';
import { demoStore } from '../helpers/demo.js';
import { at as iso, storeOf } from '../helpers/store.js';

/** Commands are functions of (state, store): each case is a state, a key, and what comes out. */
const store = demoStore();
const press = (state: UiState, key: string) => pressKey(appView(state), key, appContext(store, state, 10));
const error = (text: string): Notice => ({ kind: 'error', text });
const at = (state: UiState, selected: number): UiState => ({
  ...state,
  lists: { ...state.lists, [state.pane]: { selected, windowStart: 0 } },
});

/** What the line bar says of what is no line nor time: what it takes. */
const notLine = (typed: string) =>
  error(`not a line number or a time: ${typed} (a line: 33 or L33; a time: +6m10s, 01:30, ISO)`);

describe('commands, without Ink', () => {
  it('t and e say why when there is nothing to show or hide: no turns, no echoed resends', () => {
    const turns: UiState = { ...initialState(), pane: 'turns' };
    const inTurns = (s: ReturnType<typeof storeOf>, key: string) =>
      pressKey(appView(turns), key, appContext(s, turns, 10)).state.notice;
    const noTurns = storeOf([{ t: iso(0), dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'ping' } }]);
    // A key that cannot act says why, as an error.
    expect(inTurns(noTurns, 't')).toEqual(error('t: no turns in this trace'));
    expect(inTurns(noTurns, 'e')).toEqual(error('e: no echoed resends in this trace'));
    const oneTurn = storeOf([
      { t: iso(0), type: 'turn', role: 'assistant', model: 'm', blocks: [{ type: 'thinking', thinking: 'hm' }] },
    ]);
    expect(inTurns(oneTurn, 't')).toBeNull();
    expect(inTurns(oneTurn, 'e')).toEqual(error('e: no echoed resends in this trace'));
    // The demo has echoed resends: e acts.
    expect(press(turns, 'e').state.showEchoed).toBe(!turns.showEchoed);
  });

  it("the ':' key is quoted where a message names it before a colon", () => {
    expect(
      press({ ...initialState(), overlay: { type: 'help', over: 'calls', scroll: 0, found: -1 } }, ':').state.notice,
    ).toEqual(error("':': not in help (? for keys)"));
  });

  it('the line bar goes to the record at a line, or says why not', () => {
    const bar = (text: string): UiState => ({ ...initialState(), input: { kind: 'goto', text } });
    // Line 19 is the response of the read_file call (the 6th call, made at line 16).
    expect(press(bar('19'), 'enter').state).toMatchObject({ input: null, lists: { calls: { selected: 5 } } });
    // As the rows show lines: `L19`, and `l19` as typed in a hurry.
    for (const typed of ['L19', 'l19'])
      expect(press(bar(typed), 'enter').state, typed).toMatchObject({ input: null, lists: { calls: { selected: 5 } } });
    expect(press(bar('L'), 'enter').state.notice).toEqual(notLine('L'));
    expect(press(bar('x1'), 'enter').state).toMatchObject({
      input: null,
      notice: notLine('x1'),
    });
    // What Number() takes for a whole number, but no one types as a line: 1e308 was line 10^308.
    for (const typed of ['1e308', '1e1', '0x13', '19.0', '+19', '0'])
      expect(press(bar(typed), 'enter').state.notice, typed).toEqual(notLine(typed));
    expect(press(bar('999'), 'enter').state.notice).toEqual(error('nothing at or after line 999 in this pane'));
    // Past 2^53 the number as typed, not as a double prints it (1e+23).
    expect(press(bar(' 99999999999999999999999 '), 'enter').state.notice).toEqual(
      error('nothing at or after line 99999999999999999999999 in this pane'),
    );
  });

  it('the line bar goes to a time too: the first record at or after it, as the pane prints offsets', () => {
    const bar = (text: string): UiState => ({ ...initialState(), input: { kind: 'goto', text } });
    const lineThere = (text: string) => {
      const state = press(bar(text), 'enter').state;
      expect(state.notice, text).toBeNull();
      return store.lineOf(appContext(store, state, 10).views.calls.at(state.lists.calls.selected));
    };
    // The read_file call at line 16 is shown at +5.920s (at 14:00:05.920, the trace started at 14:00:00).
    for (const typed of ['+5.920s', '5.92s', '5.9s', '5s', '00:05', '2026-11-20T14:00:05.920Z', '2026-11-20T14:00:05Z'])
      expect(lineThere(typed), typed).toBe(16);
    // Past it: the sampling request the server sent at +5.980s.
    expect(lineThere('+5.921s')).toBe(17);
    // An offset stands for what the pane prints as it: the read_file call at 10.1 s shows as
    // +10.1s, and so would one at 10.06 s: +10.1s finds it, +10.2s the next call.
    expect(lineThere('+10.1s')).toBe(27);
    expect(lineThere('10s')).toBe(27);
    expect(lineThere('+10.2s')).toBe(30);
    expect(press(bar('+1h'), 'enter').state.notice).toEqual(error('nothing at or after +1h in this pane'));
    expect(press(bar('soon'), 'enter').state.notice).toEqual(notLine('soon'));
    // Typed like a time of day while the pane shows offsets: it says how it was read and that T
    // makes it one; with T on, the same text is a time of day (found: the trace is at 14:00).
    for (const [typed, read] of [
      ['17:30:00', '+17h30m'],
      ['17:30', '+17m30s'],
      ['9:05:00.250', '+9h05m'],
    ] as const)
      expect(press(bar(typed), 'enter').state.notice, typed).toEqual(
        error(`nothing at or after ${typed} (read as ${read}): for a time of day, T first`),
      );
    expect(press({ ...bar('14:00:05'), clock: true }, 'enter').state.notice).toBeNull();
    expect(press({ ...bar('15:00'), clock: true }, 'enter').state.notice).toEqual(
      error('nothing at or after 15:00 in this pane'),
    );
  });

  it('] goes to the next problem, and says when there is none below', () => {
    const first = press(initialState(), ']').state;
    expect(first.lists.calls.selected).toBeGreaterThan(0);
    // A jump (], l, :) leaves the notice about the old place behind.
    expect(press({ ...initialState(), notice: error('no problem below this row') }, ']').state.notice).toBeNull();
    const last = at(initialState(), 12);
    expect(press(last, ']').state).toEqual({ ...last, notice: error('no problem below this row') });
  });

  it('w asks for the filtered records, y for the selected call, in the detail view for the open one', () => {
    const filtered: UiState = { ...initialState(), filter: 'status:error' };
    const ctx = appContext(store, filtered, 10);
    expect(press(filtered, 'w').effects).toEqual([{ type: 'write', rows: ctx.filtered!.rows }]);
    const row = ctx.views.calls.at(1);
    expect(press(at(filtered, 1), 'y').effects).toEqual([{ type: 'copy', rows: detailRows(store, row) }]);
    const open = press(at(filtered, 1), 'enter').state;
    expect(open.overlay).toMatchObject({ type: 'detail', row });
    expect(press(open, 'w').effects).toEqual([{ type: 'write', rows: detailRows(store, row) }]);
  });

  it('l says why there is no link (one plane open); q asks to quit; 2 switches and marks the pane chosen', () => {
    expect(press(initialState(), 'l').state.notice).toMatchObject({ kind: 'error', text: /^no linked call: / });
    expect(press(initialState(), 'q').effects).toEqual([{ type: 'quit' }]);
    const two = press(initialState(), '2');
    expect(two.state.pane).toBe('turns');
    expect(two.effects).toEqual([{ type: 'chose-pane' }]);
  });

  it.each([0, 5, 12])('s from call %i selects the slowest, shown; s again keeps the call selected', (from) => {
    const sorted = press(at(initialState(), from), 's').state;
    expect(sorted.callOrder).toBe('latency');
    expect(sorted.lists.calls).toEqual({ selected: 0, windowStart: 0 });
    const slowest = appContext(store, sorted, 10).views.calls;
    const latency = (i: number) => store.callLatency(slowest.at(i)) ?? -1;
    for (let i = 1; i < slowest.length; i++) expect(latency(0)).toBeGreaterThanOrEqual(latency(i));
    const moved = at(sorted, 3);
    const back = press(moved, 's').state;
    expect(back.callOrder).toBe('time');
    const times = appContext(store, back, 10).views.calls;
    expect(times.at(back.lists.calls.selected)).toBe(slowest.at(3));
    expect(back.lists.calls.selected - back.lists.calls.windowStart).toBeLessThan(10);
  });

  it('Enter on a tool in Usage filters by it and shows Calls on the call selected there, or the next one of that tool', () => {
    const onTool = (calls: number): UiState => {
      const usage: UiState = { ...at(initialState(), calls), pane: 'usage' };
      const targets = appContext(store, usage, 10).usage;
      const i = targets.findIndex((t) => t.kind === 'tool' && t.name === 'read_file');
      return { ...usage, lists: { ...usage.lists, usage: { selected: i, windowStart: 0 } } };
    };
    const callAt = (state: UiState) => {
      const ctx = appContext(store, state, 10);
      return ctx.views.calls.at(state.lists.calls.selected);
    };
    const all = appContext(store, initialState(), 10).views.calls;
    // Call 6 is a read_file call: it stays selected. Call 4 (search_files) is not: the next read_file call is call 6.
    for (const [from, to] of [
      [5, 5],
      [3, 5],
    ]) {
      const out = press(onTool(from!), 'enter').state;
      expect(out).toMatchObject({ pane: 'calls', filter: 'tool:read_file' });
      expect(callAt(out)).toBe(all.at(to!));
    }
  });

  it('F with no filter says so instead of starting every list over', () => {
    const moved = at(initialState(), 4);
    expect(press(moved, 'F')).toEqual({
      state: { ...moved, notice: error('F: no filter to clear') },
      effects: [{ type: 'fade' }],
    });
  });
});
