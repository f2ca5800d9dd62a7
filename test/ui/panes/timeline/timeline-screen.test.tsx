import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv, setAscii } from '../../../../src/ui/theme.js';
import { demoStore } from '../../../helpers/demo.js';
import { renderApp, waitForFrame } from '../../../helpers/ink.js';
import { storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const apps: Awaited<ReturnType<typeof renderApp>>[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.unmount();
  setAscii(false);
});

/** The app on `store` at `columns`x`rows`, the Timeline in front. */
async function timeline(store = demoStore(), columns = 80, rows = 24) {
  const app = await renderApp({ store, columns, rows });
  apps.push(app);
  await app.press('pane.timeline');
  return app;
}

const lines = (frame: string) => frame.split('\n');
const rowOf = (frame: string, label: string) => lines(frame).find((l) => l.includes(label)) ?? '';
/** Where a row's bar begins and ends (cells), the bar area being columns 26 to 63 at 80. */
const barOf = (line: string) => {
  const bar = line.slice(26, 64);
  const m = /[^ ]/.exec(bar);
  return m ? { from: m.index, to: bar.trimEnd().length } : null;
};

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const request = (id: number, s: number, name: string) => ({
  t: at(s),
  dir: 'in',
  raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name } },
});
const response = (id: number, s: number, error = false) => ({
  t: at(s),
  dir: 'out',
  raw: error ? { jsonrpc: '2.0', id, error: { code: -32000, message: 'no' } } : { jsonrpc: '2.0', id, result: {} },
});

/** Two busy seconds, 252 s of nothing, two busy seconds, and a call never answered. */
const gapped = () =>
  storeOf([
    request(1, 0, 'first'),
    response(1, 1),
    request(2, 1, 'second'),
    response(2, 2),
    request(3, 254, 'after\u001b[31mthe\u0007gap'),
    response(3, 255, true),
    request(4, 255.5, 'waiting'),
    { t: at(256), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/progress', params: {} } },
  ]);

describe('the Timeline pane', () => {
  it('opens fitted to the whole run: one row per turn and call, bars on one axis, durations on the right', async () => {
    const app = await timeline();
    const f = app.frame();
    expect(lines(f)[0]).toContain('[5 Timeline]');
    expect(lines(f).at(-1)).toMatch(/fitted · 1 of 22$/);
    // The axis, then the rows: an assistant turn by its model, a call by method and tool.
    expect(lines(f)[1]).toMatch(/▏\+5\.00s +▏\+10\.0s/);
    expect(rowOf(f, 'claude-sonnet-4-5')).toMatch(/▐█+[▏▎▍▌▋▊▉] +2\.48s/);
    // The calls a turn asked for are indented under it.
    expect(rowOf(f, 'search_fil')).toMatch(/^ {3}tools\/call search_fil/);
    expect(rowOf(f, 'tools/list')).toMatch(/^ tools\/list/);
    // The bars are at least 30 columns, on one axis: the first call starts left of the last.
    expect(barOf(rowOf(f, 'initialize'))!.from).toBeLessThan(barOf(rowOf(f, 'resources/read'))!.from);
  });

  it('marks errors with a glyph and a word, and draws an unanswered call open to the end', async () => {
    const app = await timeline();
    const f = app.frame();
    expect(rowOf(f, 'write_fi')).toMatch(/^ {3}✗ tools\/call write_fi.*160ms ✗ error$/);
    const open = rowOf(f, 'resources/read');
    expect(open).toMatch(/░ +open/);
    // Open to the end of the run: its bar reaches the last column of the bar area.
    expect(barOf(open)!.to).toBe(38);
  });

  it('zooms in around the selected row, out again, and fits with 0', async () => {
    const app = await timeline();
    await app.press('list.down', 4);
    const fitted = app.frame();
    const before = barOf(rowOf(fitted, '›'))!;
    await app.press('timeline.zoomIn', 2);
    const zoomed = app.frame();
    const after = barOf(rowOf(zoomed, '›'))!;
    // The selected turn's bar keeps its start and is about four times as long.
    expect(after.from).toBe(before.from);
    expect(after.to - after.from).toBeGreaterThan(3 * (before.to - before.from));
    expect(lines(zoomed).at(-1)).toMatch(/\d+ms\/col · 5 of 22$/);
    expect(lines(zoomed)[1]).not.toBe(lines(fitted)[1]);
    await app.press('timeline.zoomOut', 2);
    expect(barOf(rowOf(app.frame(), '›'))).toEqual(before);
    await app.press('timeline.zoomIn', 3);
    await app.press('timeline.fit');
    expect(app.frame()).toBe(fitted);
    // Out no further than the whole run: fitted it stays.
    await app.press('timeline.zoomOut', 5);
    expect(app.frame()).toBe(fitted);
  });

  it('pans left and right, never past the run', async () => {
    const app = await timeline();
    await app.press('timeline.zoomIn');
    await app.press('timeline.panRight');
    expect(barOf(rowOf(app.frame(), 'initialize'))).toBeNull();
    await app.press('timeline.panLeft', 2);
    // Stopped at the run's start: its first bar at the bar area's left edge, and no tick before it.
    const first = barOf(rowOf(app.frame(), 'initialize'))!.from;
    expect(first).toBe(0);
    await app.press('timeline.panLeft');
    expect(barOf(rowOf(app.frame(), 'initialize'))!.from).toBe(first);
    expect(app.frame()).not.toContain('+-');
    await app.type('L');
    expect(barOf(rowOf(app.frame(), 'initialize'))).toBeNull();
  });

  it('folds a long idle gap out of the axis and says how long it was', async () => {
    const app = await timeline(gapped(), 80, 12);
    const f = app.frame();
    expect(lines(f)[1]).toContain('⋯ 4m12s idle ⋯');
    // Unfolded, the first two calls would share a column or two; folded they take a third of the bars.
    expect(barOf(rowOf(f, 'first'))!.to).toBeGreaterThan(8);
    // The name from the trace is drawn inert: no escape or bell reaches the terminal.
    expect(f).not.toMatch(/[\u001b\u0007]/);
    expect(rowOf(f, 'after')).toMatch(/✗ tools\/call after.*✗ error$/);
    expect(rowOf(f, 'waiting')).toMatch(/░ +open/);
  });

  it('draws bars with # and = under --ascii', async () => {
    setAscii(true);
    const app = await timeline();
    const f = app.frame();
    expect(f).toMatch(/^[\x20-\x7e\n]+$/);
    expect(rowOf(f, 'claude-sonnet-4-5')).toMatch(/=#+= +2\.48s/);
    expect(rowOf(f, 'resources/read')).toMatch(/- +open/);
  });

  it('keeps the selection on screen under the axis, and opens its detail with Enter', async () => {
    const app = await timeline(demoStore(), 80, 12);
    await app.press('list.bottom');
    const f = app.frame();
    expect(rowOf(f, '›')).toContain('notifications/message');
    expect(lines(f).at(-1)).toMatch(/22 of 22$/);
    expect(lines(f)[1]).toContain('▏+');
    await app.press('list.open');
    await waitForFrame(app.frame, (x) => x.includes('"method": "notifications/message"') && x.includes('Esc back'));
  });

  it('jumps between problems with ] and [', async () => {
    const app = await timeline();
    await app.press('list.nextProblem');
    expect(rowOf(app.frame(), '›')).toMatch(/✗ tools\/call write_fi/);
    await app.press('list.nextProblem');
    expect(rowOf(app.frame(), '›')).toMatch(/✗ user/);
  });

  it('lists its own keys in the footer where there is room, and in help', async () => {
    const app = await timeline(demoStore(), 160, 30);
    expect(lines(app.frame()).at(-1)).toMatch(/\+ zoom .*0 fit .*→ pan/);
    await app.press('app.help');
    const help = app.frame();
    expect(help).toContain('Keys in Timeline');
    expect(help).toContain('Zoom in around the selected row');
  });
});
