import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { renderApp } from '../../../helpers/ink.js';
import { storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const apps: Awaited<ReturnType<typeof renderApp>>[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.unmount();
});

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const call = (id: number, s: number, d: number) => [
  { t: at(s), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `t${id}` } } },
  { t: at(s + d), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } },
];

/** Busy for 20 s, idle for 4m12s, busy for 20 s: the fold sits among the ticks. */
const gapped = () => storeOf([...call(1, 0, 10), ...call(2, 10, 10), ...call(3, 272, 10), ...call(4, 282, 10)]);

/** The axis line's bar area at 80 columns (the label column is 26 wide, the durations 16). */
const axisOf = (frame: string) => (frame.split('\n')[1] ?? '').slice(26, 64);

describe('the Timeline axis at 80x24', () => {
  it('keeps the fold label and every tick label whole, none drawn over another', async () => {
    const app = await renderApp({ store: gapped(), columns: 80, rows: 24 });
    apps.push(app);
    await app.press('pane.timeline');
    const axis = axisOf(app.frame());
    expect(axis).toContain(' ⋯ 4m12s idle ⋯ ');
    // Every tick is its mark and a whole time, a blank on each side.
    const ticks = axis.replace('⋯ 4m12s idle ⋯', '').match(/\S+/g) ?? [];
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t).toMatch(/^▏\+\d+(\.\d+)?(ms|s)$|^▏\+\d+m\d\ds$/);
    // Zoomed in, the fold and the ticks around it still share the line.
    await app.press('timeline.zoomIn');
    const zoomed = axisOf(app.frame());
    for (const t of zoomed.replace('⋯ 4m12s idle ⋯', '').match(/\S+/g) ?? [])
      expect(t).toMatch(/^▏\+\d+(\.\d+)?(ms|s)$|^▏\+\d+m\d\ds$/);
  });

  it('labels ticks with UTC times under T, with dates when the run is longer than a day', async () => {
    // Three days, each a call a day long: nothing idle.
    const app = await renderApp({
      store: storeOf([...call(1, 0, 86_400), ...call(2, 86_400, 86_400), ...call(3, 2 * 86_400, 86_400)]),
      columns: 80,
      rows: 24,
    });
    apps.push(app);
    await app.press('pane.timeline');
    expect(axisOf(app.frame())).toMatch(/▏\+0ms +▏\+\d+h00m/);
    await app.press('view.clock');
    const ticks = axisOf(app.frame())
      .match(/▏[^▏]+/g)!
      .map((t) => t.trim());
    expect(ticks[0]).toBe('▏01-01 00:00');
    // Each tick says another time.
    expect(ticks.length).toBeGreaterThan(1);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(app.frame().split('\n').at(-1)).toMatch(/UTC · fitted · 1 of 3$/);
  });
});
