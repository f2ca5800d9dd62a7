import chalk from 'chalk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_PAYLOADS } from '../helpers/hostile-payloads.js';
import { frameProblems, hostilePrices, hostileStore, tag, themeSgr } from '../helpers/hostile-suite.js';
import { typeable, walkApp } from '../helpers/hostile-walk.js';

/**
 * The app at a wide size with colour forced on, following: the only escapes a frame may
 * hold are the SGR styles the theme writes (a content SGR, `38;5;196`, is not one).
 */
const level = chalk.level;
beforeAll(() => void (chalk.level = 3));
afterAll(() => void (chalk.level = level));
afterEach(() => vi.restoreAllMocks());

const COLUMNS = 200;
const ROWS = 60;

describe(`the app at ${COLUMNS}x${ROWS}, FORCE_COLOR, following, with a hostile payload in every field`, () => {
  it.each(RENDER_PAYLOADS.map((p) => [p.name, p] as const))('%s', async (_, payload) => {
    const errors = vi.spyOn(console, 'error');
    // Priced by a file and config named with the payload: the Usage pane names both.
    const store = hostileStore(payload, undefined, hostilePrices(payload));
    // The follow status of a live file, with a hostile reason.
    const live = store.files.at(-1)!;
    live.state = 'live';
    live.end = null;
    live.stateText = `${tag(999)}${payload.text}`;
    const sgr = themeSgr();
    const frames = await walkApp(store, {
      columns: COLUMNS,
      rows: ROWS,
      typed: typeable(payload.text),
      follow: true,
      short: true,
    });
    expect(frames.length).toBeGreaterThan(15);
    expect(frames.some((f) => /\x1b\[[0-9;]*m/.test(f))).toBe(true);
    expect([...new Set(frames.flatMap((f) => frameProblems(f, COLUMNS, ROWS, sgr)))]).toEqual([]);
    expect(frames.some((f) => f.includes('«999»'))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});
