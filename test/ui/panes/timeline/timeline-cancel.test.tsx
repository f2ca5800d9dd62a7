import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv, setAscii } from '../../../../src/ui/theme.js';
import { renderApp } from '../../../helpers/ink.js';
import { storeOf } from '../../../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

const apps: Awaited<ReturnType<typeof renderApp>>[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.unmount();
  setAscii(false);
});

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
/** A call cancelled by its client a second in, beside one answered. */
const cancelled = () =>
  storeOf([
    { t: at(0), dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow_search' } } },
    { t: at(0.5), dir: 'in', raw: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'quick' } } },
    { t: at(0.8), dir: 'out', raw: { jsonrpc: '2.0', id: 2, result: {} } },
    { t: at(1), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } } },
  ]);

const rowOf = (frame: string, label: string) => frame.split('\n').find((l) => l.includes(label)) ?? '';

describe('a cancelled call in the Timeline', () => {
  it.each([
    ['glyphs', false, /^›⊘ tools\/call slow_search .* ⊘ cancel$/],
    ['--ascii', true, /^>\/ tools\/call slow_search .* \/ cancel$/],
  ])('says so by glyph and word (%s)', async (_, ascii, shape) => {
    setAscii(ascii);
    const app = await renderApp({ store: cancelled(), columns: 80, rows: 24 });
    apps.push(app);
    await app.press('pane.timeline');
    const f = app.frame();
    expect(rowOf(f, 'slow_search')).toMatch(shape);
    expect(rowOf(f, 'slow_search')).toHaveLength(80);
    // The answered call says neither.
    expect(rowOf(f, 'quick')).not.toMatch(/cancel|⊘/);
  });
});
