import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appendLines } from '../../../../src/ingest/row-writer.js';
import { App } from '../../../../src/ui/app.js';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { renderApp, tick, waitForFrame } from '../../../helpers/ink.js';
import { fakeMouse, wheel } from '../../../helpers/mouse.js';
import { at, storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');
const footer = (frame: string) => lines(frame).at(-1) ?? '';
/** `line 001` … `line NNN`: one wrapped line each at 80 columns. */
const numbered = (n: number) =>
  Array.from({ length: n }, (_, i) => `line ${String(i + 1).padStart(3, '0')}`).join('\n');

const turn = (ms: number, role: string, text: string) => ({
  t: at(ms),
  type: 'turn',
  role,
  blocks: [{ type: 'text', text }],
});

/** Three short turns, then one whose text is 300 lines (the last, as in a real session's answer). */
const tallLastTurn = () =>
  storeOf([
    turn(0, 'user', 'first question'),
    turn(1000, 'assistant', 'a short answer'),
    turn(2000, 'user', 'second question'),
    turn(3000, 'assistant', numbered(300)),
  ]);

/** The body's lines: every one drawn, none blank (the screen is never left empty). */
const body = (frame: string) => lines(frame).slice(1, -1);

describe('Turns: a turn taller than the pane scrolls line by line', () => {
  it('the last turn opened with Space can be read to its last line at 80x24', async () => {
    app = await renderApp({ store: tallLastTurn(), columns: 80, rows: 24 });
    await waitForFrame(app.frame, (f) => lines(f)[0]!.includes('[2 Turns]') && f.includes('first question'));
    await app.press('list.bottom');
    await app.press('turns.open');
    let f = await waitForFrame(app.frame, (s) => s.includes('line 001'));
    expect(f).not.toContain('more lines (Space opens)');
    // The turn fills the pane from its header; the footer says which of its lines are shown.
    expect(footer(f)).toMatch(/lines 1–22 of 301 · 4 of 4$/);
    await app.press('list.down');
    f = app.frame();
    expect(f).not.toMatch(/assistant/);
    expect(lines(f)[1]).toMatch(/^›\s+line 001$/);
    expect(footer(f)).toMatch(/lines 2–23 of 301 · 4 of 4$/);
    await app.press('list.pageDown');
    expect(lines(app.frame())[1]).toMatch(/^›\s+line 023$/);
    await app.press('list.halfDown');
    expect(lines(app.frame())[1]).toMatch(/^›\s+line 034$/);
    // G: the end of the last turn.
    await app.press('list.bottom');
    f = app.frame();
    expect(lines(f).at(-2)).toMatch(/^›\s+line 300$/);
    expect(footer(f)).toMatch(/lines 280–301 of 301 · 4 of 4$/);
    // At its end j stays there (no turn below it).
    await app.press('list.down');
    expect(lines(app.frame()).at(-2)).toMatch(/^›\s+line 300$/);
    expect(lines(app.frame())).toHaveLength(24);
    for (const l of lines(app.frame())) expect(stringWidth(l)).toBeLessThanOrEqual(80);
  });

  it('a tall turn between others: read to its end, then the next turn; k comes back into it at its end', async () => {
    const store = storeOf([
      turn(0, 'user', 'first question'),
      turn(1000, 'assistant', numbered(40)),
      turn(2000, 'user', 'second question'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24 });
    await waitForFrame(app.frame, (f) => f.includes('first question'));
    await app.press('list.down');
    // Folded after 20 lines it fits (22 lines: header, 20, `… more`); opened, 41 do not.
    expect(footer(app.frame())).toMatch(/ 2 of 3$/);
    await app.press('turns.open');
    expect(footer(app.frame())).toMatch(/lines 1–22 of 41 · 2 of 3$/);
    await app.press('list.pageDown');
    let f = app.frame();
    expect(lines(f).at(-2)).toMatch(/^›\s+line 040$/);
    expect(footer(f)).toMatch(/lines 20–41 of 41 · 2 of 3$/);
    await app.press('list.down');
    f = app.frame();
    expect(footer(f)).toMatch(/ 3 of 3$/);
    expect(footer(f)).not.toContain('lines');
    expect(lines(f).find((l) => l.startsWith('›'))).toMatch(/user/);
    await app.press('list.up');
    f = app.frame();
    expect(lines(f).at(-2)).toMatch(/^›\s+line 040$/);
    expect(footer(f)).toMatch(/lines 20–41 of 41 · 2 of 3$/);
    await app.press('list.top');
    expect(footer(app.frame())).toMatch(/ 1 of 3$/);
    expect(lines(app.frame())[1]).toMatch(/^›.*user/);
  });

  it('a page stops at a tall turn on its way, and goes on from its end one turn (4 turns at 80x12)', async () => {
    const store = storeOf([
      turn(0, 'user', 'first question'),
      turn(1000, 'assistant', numbered(40)),
      turn(2000, 'user', 'second question'),
      turn(3000, 'assistant', 'a short answer'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 12 });
    await waitForFrame(app.frame, (f) => f.includes('first question'));
    await app.press('list.top');
    // Folded, the tall turn is 22 lines in a pane of 10.
    await app.press('list.pageDown');
    expect(footer(app.frame())).toMatch(/lines 1–10 of 22 · 2 of 4$/);
    await app.press('list.pageDown');
    await app.press('list.pageDown');
    expect(footer(app.frame())).toMatch(/lines 13–22 of 22 · 2 of 4$/);
    await app.press('list.pageDown');
    expect(footer(app.frame())).toMatch(/ 3 of 4$/);
    await app.press('list.pageUp');
    expect(footer(app.frame())).toMatch(/lines 13–22 of 22 · 2 of 4$/);
    await app.press('list.halfUp');
    await app.press('list.halfUp');
    await app.press('list.halfUp');
    expect(footer(app.frame())).toMatch(/lines 1–10 of 22 · 2 of 4$/);
    await app.press('list.halfUp');
    expect(footer(app.frame())).toMatch(/ 1 of 4$/);
  });

  it('following: the last turn opened with Space after G holds new turns back until its end is shown', async () => {
    const store = storeOf([turn(0, 'user', 'first question'), turn(1000, 'assistant', numbered(40))]);
    app = await renderApp({ store, columns: 80, rows: 24, follow: true });
    await waitForFrame(app.frame, (f) => f.includes('assistant'));
    await app.press('list.bottom');
    await app.press('turns.open');
    let f = app.frame();
    expect(footer(f)).toMatch(/lines 1–22 of 41 · 2 of 2$/);
    expect(lines(f)[0]).toContain('paused · G follows');
    const text = JSON.stringify(turn(2000, 'user', 'a new question'));
    appendLines(store, 0, [{ text, lineNo: 3, offset: 10_000, length: text.length }]);
    f = await waitForFrame(app.frame, (x) => lines(x)[0]!.includes('paused · 1 new'));
    expect(footer(f)).toMatch(/lines 1–22 of 41 · 2 of 3$/);
    // Its end shown (G goes on to the new turn, the last now).
    await app.press('list.down');
    await app.press('list.pageDown');
    expect(footer(app.frame())).toMatch(/lines 20–41 of 41 · 2 of 3$/);
  });

  it('keeps a sane screen as the terminal is resized mid-turn', async () => {
    const store = tallLastTurn();
    const size = (columns: number, rows: number) => <App store={store} size={{ columns, rows }} />;
    app = await renderApp({ store, columns: 80, rows: 24 });
    await waitForFrame(app.frame, (f) => f.includes('first question'));
    await app.press('list.bottom');
    await app.press('turns.open');
    await app.press('list.bottom');
    expect(lines(app.frame()).at(-2)).toMatch(/^›\s+line 300$/);
    for (const [columns, rows, last] of [
      // Taller: the first line kept would run past the end; the end is shown instead.
      [80, 40, /lines 264–301 of 301/],
      // Shorter again: the first line kept (the turn's line 280, as G left it at 80x24).
      [80, 12, /lines 280–289 of 301/],
      [30, 8, /lines 280–285 of 301/],
      [120, 30, /lines 274–301 of 301/],
    ] as const) {
      app.rerender(size(columns, rows));
      const f = await waitForFrame(app.frame, (s) => lines(s).length === rows && last.test(footer(s)));
      for (const l of body(f)) expect(l).toMatch(/^›\s*\S/);
      for (const l of lines(f)) expect(stringWidth(l)).toBeLessThanOrEqual(columns);
    }
    // Back at 80x24, G still reaches the last line.
    app.rerender(size(80, 24));
    await app.press('list.bottom');
    expect(lines(app.frame()).at(-2)).toMatch(/^›\s+line 300$/);
  });

  it('the wheel scrolls a tall turn three lines a notch, and moves one turn past its edge', async () => {
    const { source: mouse, send } = fakeMouse();
    app = await renderApp({ store: tallLastTurn(), columns: 80, rows: 24, mouse });
    await waitForFrame(app.frame, (f) => f.includes('first question'));
    await app.press('list.bottom');
    await app.press('turns.open');
    send(wheel(1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('lines 4–25 of 301 · 4 of 4'));
    send(wheel(-1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith('lines 1–22 of 301 · 4 of 4'));
    // At its top a notch up is one turn up, not three.
    send(wheel(-1));
    await waitForFrame(app.frame, (f) => footer(f).endsWith(' 3 of 4'));
    await tick();
    expect(footer(app.frame())).toMatch(/ 3 of 4$/);
  });

  it("a notch stops at a tall turn's end and top with fewer than three lines left; the next moves on", async () => {
    const { source: mouse, send } = fakeMouse();
    // The middle turn opened is 32 lines (header and 31): its end is shown from line 11, 10 past its top.
    const store = storeOf([
      turn(0, 'user', 'question'),
      turn(1000, 'assistant', numbered(31)),
      turn(2000, 'user', 'thanks'),
    ]);
    app = await renderApp({ store, columns: 80, rows: 24, mouse });
    await waitForFrame(app.frame, (f) => f.includes('question'));
    await app.press('list.down');
    await app.press('turns.open');
    expect(footer(app.frame())).toMatch(/lines 1–22 of 32 · 2 of 3$/);
    const notch = async (delta: 1 | -1, end: string) => {
      send(wheel(delta));
      await waitForFrame(app!.frame, (f) => footer(f).endsWith(end));
      await tick();
      expect(footer(app!.frame())).toMatch(new RegExp(`${end}$`));
    };
    for (const first of [4, 7, 10]) await notch(1, `lines ${first}–${first + 21} of 32 · 2 of 3`);
    // One line was left: the notch shows it, and stays in the turn.
    await notch(1, 'lines 11–32 of 32 · 2 of 3');
    expect(lines(app.frame()).at(-2)).toMatch(/line 031$/);
    await notch(1, ' 3 of 3');
    // Up: back into it at its end, then three lines a notch, then its first line, then the turn above.
    await notch(-1, 'lines 11–32 of 32 · 2 of 3');
    for (const first of [8, 5, 2]) await notch(-1, `lines ${first}–${first + 21} of 32 · 2 of 3`);
    await notch(-1, 'lines 1–22 of 32 · 2 of 3');
    await notch(-1, ' 1 of 3');
  });
});
