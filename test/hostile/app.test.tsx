import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems, hostilePrices, hostileStore, tag } from '../helpers/hostile-suite.js';
import { typeable, walkApp } from '../helpers/hostile-walk.js';

/**
 * The app at 80x24 with NO_COLOR: no frame may hold an escape at all, nor any other
 * control, C1, bidi mark or line separator; every frame is exactly 24 lines of at
 * most 80 cells; nothing throws (React reports a render error on console.error).
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

describe('the app at 80x24, NO_COLOR, with a hostile payload in every field', () => {
  it.each(RENDER_PAYLOADS.map((p) => [p.name, p] as const))('%s', async (_, payload) => {
    const errors = vi.spyOn(console, 'error');
    // Priced by a file and config named with the payload: the Usage pane names both.
    const store = hostileStore(payload, undefined, hostilePrices(payload));
    // A read that failed with a hostile reason (a server's status text), shown in the header.
    store.files[0]!.state = 'error';
    store.files[0]!.stateText = `${tag(999)}${payload.text}`;
    const frames = await walkApp(store, { columns: 80, rows: 24, typed: typeable(payload.text) });
    expect(frames.length).toBeGreaterThan(40);
    expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    // The hostile reason reached a frame: a frame that never shows the payload proves nothing.
    expect(frames.some((f) => f.includes('«999»'))).toBe(true);
    // The Usage pane's prices line, which names the file (a long one on the lines below, past the frame).
    expect(frames.some((f) => /^.prices:/m.test(f))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});
