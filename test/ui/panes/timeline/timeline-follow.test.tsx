import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../../../src/ui/theme.js';
import { renderApp, waitForFrame } from '../../../helpers/ink.js';
import { appendTo, storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const apps: Awaited<ReturnType<typeof renderApp>>[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.unmount();
});

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
const call = (id: number, s: number, d = 1) => [
  JSON.stringify({
    t: at(s),
    dir: 'in',
    raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `t${id}` } },
  }),
  JSON.stringify({ t: at(s + d), dir: 'out', raw: { jsonrpc: '2.0', id, result: {} } }),
];

describe('the Timeline while following a growing trace', () => {
  it('grows its axis as calls arrive, staying fitted to the whole run', async () => {
    const first = [...call(1, 0, 3), ...call(2, 2, 4)];
    const store = storeOf(first);
    const app = await renderApp({ store, columns: 80, rows: 12, follow: true });
    apps.push(app);
    await app.press('pane.timeline');
    const axis = () => app.frame().split('\n')[1] ?? '';
    expect(axis()).toContain('+4.00s');
    expect(axis()).not.toContain('idle');
    expect(axis()).not.toContain('+1m');
    // A call of two minutes arrives: the same 38 columns now hold them.
    const more = [...call(3, 5, 120), ...call(4, 6)];
    appendTo(store, first, more);
    const f = await waitForFrame(app.frame, (x) => x.includes('t4'));
    expect(f.split('\n')[1]).toMatch(/\+1m00s/);
    expect(f.split('\n')[1]).not.toContain('+4.00s');
    expect(f.split('\n').at(-1)).toMatch(/fitted · \d of 4$/);
  });
});
