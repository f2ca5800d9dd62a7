import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { deepStore, walkEveryRow } from '../helpers/deep-walk.js';
import { frameProblems } from '../helpers/hostile-suite.js';

/**
 * The app on JSON nested 5,000 and 100,000 deep in every field and payload (the
 * 100,000 trace is 40 MB): every pane, each row's detail view, Usage, help.
 * test/hostile/deep-app.test.tsx is the fast part.
 */
beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));
afterEach(() => vi.restoreAllMocks());

describe.each([5000, 100_000])('the app on JSON %i deep in every field', (depth) => {
  it('every pane, the detail view of every row: no error, every frame whole', async () => {
    const errors = vi.spyOn(console, 'error');
    const { frames, reached, totals } = await walkEveryRow(deepStore(depth), 80, 24);
    expect(
      totals.every((n) => n >= 10),
      `${totals}`,
    ).toBe(true);
    expect(reached).toEqual(totals);
    expect([...new Set(frames.flatMap((f) => frameProblems(f, 80, 24)))]).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  }, 300_000);
});
