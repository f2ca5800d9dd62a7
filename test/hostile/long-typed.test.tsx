import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('string-width', async (actual) => (await import('../helpers/width-spy.js')).measuring(await actual()));

import { applyColorEnv } from '../../src/ui/theme.js';
import { LONG_TYPED, RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems, hostileStore } from '../helpers/hostile-suite.js';
import { walkApp } from '../helpers/hostile-walk.js';
import { MEASURE_LIMIT, measured, resetMeasured } from '../helpers/width-spy.js';

/**
 * Issue 15 review, finding 2: 60,000 characters pasted after `/` (or `f`) crashed the
 * app (`Regular expression too large`). Pasted into the search bar over each pane, the
 * detail view's and help's search, and the filter bar (where it is refused as too
 * long), on the hostile trace with all its formats: nothing throws, every frame is
 * whole, and no more of it is measured than a line shows.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

describe(`${LONG_TYPED.length.toLocaleString('en-US')} characters typed into the search and filter bars`, () => {
  it('are searched and refused as a filter, in short notices, at 80x24', async () => {
    const errors = vi.spyOn(console, 'error');
    const store = hostileStore(RENDER_PAYLOADS.find((p) => p.name === 'wide CJK')!, ['escaped']);
    resetMeasured();
    const frames = await walkApp(store, { columns: 80, rows: 24, typed: LONG_TYPED });
    expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    expect(frames.some((f) => /a filter is at most 2,000 characters/.test(f))).toBe(true);
    expect(frames.some((f) => /\/xxxxxxxx/.test(f))).toBe(true);
    expect(measured.longest, measured.where).toBeLessThanOrEqual(MEASURE_LIMIT);
    expect(errors).not.toHaveBeenCalled();
  });
});
