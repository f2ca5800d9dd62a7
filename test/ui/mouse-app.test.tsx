import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tabAt } from '../../src/ui/format/chrome.js';
import type { MouseEvent } from '../../src/ui/mouse.js';
import { initialState, type UiState } from '../../src/ui/state/ui-state.js';
import { applyColorEnv } from '../../src/ui/theme.js';
import { mouseAct, type ScreenMap } from '../../src/ui/views/mouse-acts.js';
import { demoStore } from '../helpers/demo.js';
import { renderApp, tick, waitForFrame } from '../helpers/ink.js';
import { fakeMouse } from '../helpers/mouse.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const click = (x: number, y: number): MouseEvent => ({ kind: 'press', button: 0, delta: 0, x, y });
const wheel = (delta: 1 | -1, x = 10, y = 5): MouseEvent => ({ kind: 'wheel', button: 64, delta, x, y });

describe('a mouse event as the command it stands for', () => {
  const map: ScreenMap = {
    height: 22,
    rowAt: (line) => (line < 13 ? 10 + line : null),
    tabAt: (x) => (x < 9 ? 'calls' : null),
  };
  const calls = initialState();

  it.each([
    ['a click on a row selects it', click(5, 3), calls, { type: 'select', index: 12 }],
    [
      'a click on the selected row opens it',
      click(5, 1),
      { ...calls, lists: { ...calls.lists, calls: { selected: 10, windowStart: 10 } } },
      { type: 'command', command: 'list.open', times: 1 },
    ],
    ['a click below the last row: nothing', click(5, 20), calls, null],
    ['a click on the footer: nothing', click(5, 23), calls, null],
    ['a click on a tab shows its pane', click(3, 0), { ...calls, pane: 'turns' }, { type: 'pane', pane: 'calls' }],
    ['a click on the header past the tabs: nothing', click(40, 0), calls, null],
    ['a right click: nothing', { ...click(5, 3), button: 2 }, calls, null],
    ['a release: nothing', { ...click(5, 3), kind: 'release' }, calls, null],
    ['the wheel down scrolls three rows', wheel(1), calls, { type: 'command', command: 'list.down', times: 3 }],
    ['the wheel up', wheel(-1), calls, { type: 'command', command: 'list.up', times: 3 }],
    [
      'the wheel in Turns: three lines of a turn taller than the pane, no further than the next turn',
      wheel(1),
      { ...calls, pane: 'turns' },
      { type: 'command', command: 'list.down', times: 3, oneRow: true },
    ],
    ['the wheel over the header: nothing', wheel(1, 10, 0), calls, null],
    [
      'the wheel over the detail view scrolls it',
      wheel(1),
      { ...calls, overlay: { type: 'detail', pane: 'calls', row: 1, scroll: 0, found: -1 } },
      { type: 'command', command: 'list.down', times: 3 },
    ],
    [
      'a click on a row under the detail view: nothing',
      click(5, 3),
      { ...calls, overlay: { type: 'detail', pane: 'calls', row: 1, scroll: 0, found: -1 } },
      null,
    ],
    [
      'a click on a tab from the detail view shows the pane',
      click(3, 0),
      { ...calls, overlay: { type: 'help', over: 'calls', scroll: 0, found: -1 } },
      { type: 'pane', pane: 'calls' },
    ],
    [
      'anything while a bar takes the keys: nothing',
      wheel(1),
      { ...calls, input: { kind: 'filter', text: 'x' } },
      null,
    ],
  ] as [string, MouseEvent, UiState, unknown][])('%s', (_, event, state, expected) => {
    expect(mouseAct(event, state, map)).toEqual(expected);
  });

  it('knows where each tab is, narrow and wide', () => {
    // `[1 Calls] 2  3  4  5 ` at 80 columns.
    expect([0, 8, 9, 11, 12, 15, 17, 18, 20, 21].map((x) => tabAt('calls', 80, x))).toEqual([
      'calls',
      'calls',
      'turns',
      'turns',
      'usage',
      'events',
      'events',
      'timeline',
      'timeline',
      null,
    ]);
    // ` 1 Calls  2 Turns [3 Usage] 4 Events  5 Timeline ` at 125: 9, 9, 9, 10 and 12 cells.
    expect([0, 8, 9, 17, 18, 26, 27, 36, 37, 48, 49].map((x) => tabAt('usage', 125, x))).toEqual([
      'calls',
      'calls',
      'turns',
      'turns',
      'usage',
      'usage',
      'events',
      'events',
      'timeline',
      'timeline',
      null,
    ]);
  });
});

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const selected = (frame: string) => lines(frame).find((l) => l.startsWith('›')) ?? '';
const footer = (frame: string) => lines(frame).at(-1) ?? '';

describe('the mouse in the app (the rows and panes as drawn)', () => {
  it('Calls: a click selects the row under it, again opens it; the wheel moves three rows', async () => {
    const mouse = fakeMouse();
    app = await renderApp({ store: demoStore(), columns: 80, mouse: mouse.source });
    mouse.send(click(30, 4));
    await waitForFrame(app.frame, (f) => selected(f).includes('tools/call search_files'));
    expect(footer(app.frame())).toMatch(/4 of 13$/);
    mouse.send(wheel(1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('7 of 13'));
    mouse.send(wheel(-1));
    mouse.send(wheel(-1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('1 of 13'));
    mouse.send(click(30, 1));
    await tick();
    mouse.send(click(30, 1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('top') && f.includes(' request {'));
    // The wheel over the detail view's tree moves its cursor three nodes, as in a list:
    // the request part, its "t", its "dir".
    mouse.send(wheel(1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('key 2 of 3') && selected(f).includes('"dir"'));
    mouse.send(wheel(-1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('top'));
  });

  it('a click on a tab shows its pane; Turns and Usage rows are selected by the line clicked', async () => {
    const mouse = fakeMouse();
    app = await renderApp({ store: demoStore(), columns: 80, mouse: mouse.source });
    mouse.send(click(10, 0));
    await waitForFrame(app.frame, (f) => lines(f)[0]!.includes('[2 Turns]'));
    // Turns are several lines each: a click on the second line of the second turn selects that turn.
    const turns = lines(app.frame());
    const second = turns.findIndex((l, i) => i > 1 && /^ +\+\d/.test(l));
    expect(second).toBeGreaterThan(1);
    mouse.send(click(20, second + 1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('2 of 9'));
    // Usage: the line of the tool read_file.
    mouse.send(click(12, 0));
    await waitForFrame(app.frame, (f) => lines(f)[0]!.includes('[3 Usage]'));
    const usage = lines(app.frame());
    const readFile = usage.findIndex((l) => l.includes('read_file'));
    mouse.send(click(10, readFile));
    await waitForFrame(app.frame, (f) => lines(f)[readFile]!.startsWith('›'));
    expect(lines(app.frame())[readFile]).toContain('read_file');
  });

  it('with a bar open the mouse does nothing; without a source the app runs as before', async () => {
    const mouse = fakeMouse();
    app = await renderApp({ store: demoStore(), columns: 80, mouse: mouse.source });
    await app.press('filter.open');
    mouse.send(click(30, 4));
    mouse.send(wheel(1));
    await tick();
    await tick();
    expect(footer(app.frame())).toMatch(/^filter: /);
    await app.press('input.cancel');
    expect(footer(app.frame())).toMatch(/1 of 13$/);
  });
});
