import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('string-width', async (actual) => (await import('../helpers/width-spy.js')).measuring(await actual()));

import { applyColorEnv } from '../../src/ui/theme.js';
import { frameProblems } from '../helpers/hostile-suite.js';
import { renderApp } from '../helpers/ink.js';
import { at, storeOf } from '../helpers/store.js';
import { MEASURE_LIMIT, measured, resetMeasured } from '../helpers/width-spy.js';

/**
 * Issue 15 review, finding 1: one tool_use named by 100,000 zero-width spaces (or CJK
 * characters) kept the app at `loading 100%` for over 30 s, and `G` in Turns never
 * answered: each turn line measured the whole name (string-width grows faster than the
 * text). The test counts the work instead of timing it: no text longer than a line can
 * show is ever measured (test/helpers/width-spy.ts). test/slow/long-payloads.slow.test.tsx
 * puts such runs into every field and sweeps every surface.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

const meta = { v: 1, type: 'meta', startedAt: at(0), label: 'long names', command: ['x'] };
const turn = (i: number, name: string) => ({
  t: at(1000 * i),
  type: 'turn',
  role: 'assistant',
  model: 'm',
  blocks: [
    { type: 'text', text: `turn ${i}` },
    { type: 'tool_use', id: `t${i}`, name, input: { path: '/x' } },
  ],
  usage: { input_tokens: 10, output_tokens: 5 },
});
const call = (i: number, name: string) => ({
  t: at(1000 * i + 500),
  dir: 'in',
  raw: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: {} } },
});

const LONG = [
  ['100,000 zero-width spaces then X', `${'\u200b'.repeat(100_000)}X`],
  ['100,000 CJK characters', '中'.repeat(100_000)],
  ['a and 100,000 combining marks', `a${'\u0301'.repeat(100_000)}`],
] as const;

describe('names of 100,000 characters: only what a line shows is measured', () => {
  it.each(LONG)('%s: every pane, Turns to its end and back, the detail view', async (_, name) => {
    const errors = vi.spyOn(console, 'error');
    const store = storeOf([meta, turn(1, name), call(1, name), turn(2, 'short')]);
    resetMeasured();
    const app = await renderApp({ store, columns: 80, rows: 24 });
    try {
      for (const pane of ['pane.turns', 'pane.calls', 'pane.usage', 'pane.events'] as const) {
        await app.press(pane);
        await app.press('list.bottom');
        await app.press('list.top');
        await app.press('list.open');
        await app.press('detail.close');
      }
      await app.press('pane.turns');
      expect(app.frame()).toContain('→ tool_use');
      expect([...new Set(app.frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    } finally {
      app.unmount();
    }
    expect(measured.longest, measured.where).toBeLessThanOrEqual(MEASURE_LIMIT);
    expect(errors).not.toHaveBeenCalled();
  });

  it('30 turns, each with a 20,000-character CJK name: each key in Turns measures no more than a line', async () => {
    const store = storeOf([meta, ...Array.from({ length: 30 }, (_, i) => turn(i + 1, `${i}${'中'.repeat(20_000)}`))]);
    resetMeasured();
    const app = await renderApp({ store, columns: 100, rows: 30 });
    try {
      await app.press('pane.turns');
      await app.press('list.bottom');
      await app.press('list.pageUp', 2);
      await app.press('list.down', 3);
      expect(app.frame()).toContain('中中中');
    } finally {
      app.unmount();
    }
    expect(measured.longest, measured.where).toBeLessThanOrEqual(MEASURE_LIMIT);
  });
});
