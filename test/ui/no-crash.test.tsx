import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { EPOCH_OVERFLOW, FAR_TIMES, HUGE_COUNTS, WIDE_NAMES } from '../helpers/hostile-traces.js';
import { renderApp } from '../helpers/ink.js';
import { storeOf } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => app?.unmount());

const lines = (frame: string) => frame.split('\n');

/** Every pane and its detail view, each frame checked to fit the terminal. */
async function everyFrame(trace: object[], columns = 100, rows = 30): Promise<string[]> {
  app = await renderApp({ store: storeOf(trace), columns, rows });
  const frames = [app.frame(), ...(await app.framesOfEveryPane())];
  for (const f of frames) {
    expect(lines(f).length).toBeLessThanOrEqual(rows);
    for (const l of lines(f)) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
  }
  return frames;
}

describe('the app with a trace that once crashed it', () => {
  it('starts with tool names of 2,000 zero-width spaces or combining marks (once: Maximum call stack size exceeded)', async () => {
    const frames = await everyFrame(WIDE_NAMES);
    expect(frames[0]).toContain('[1 Calls]');
    expect(frames[0]).toContain('日本語');
    // Enter on such a tool in Usage: no filter can hold its name (once the app drew nothing more).
    expect(frames[5]).toContain('[3 Usage]');
    expect(frames[6]).toMatch(/no filter for this tool: a filter is at most 2,000 characters \(this one has 2,\d{3}\)/);
  });

  it('opens the Usage pane with responses in 9999 and +275760 (once: a V8 fatal error sizing per-minute buckets)', async () => {
    const frames = await everyFrame(FAR_TIMES);
    const usage = frames[5]!;
    expect(usage).toContain('[3 Usage]');
    // The turns in 9999 and +275760 are left out of the strip and counted; the untimed one is placed.
    expect(usage).toContain('2 records outside the time axis');
    expect(usage).toContain('per minute, 1 minute from the start');
    expect(usage).toMatch(/2 answered calls with a time out of range or over 100 years/);
  });

  it.each([80, 60])('says the records outside the time axis whole at %i columns', async (columns) => {
    const frames = await everyFrame(FAR_TIMES, columns, 40);
    const usage = frames[5]!;
    expect(usage).toContain('per minute, 1 minute from the start');
    expect(usage).toContain('2 records outside the time axis');
  });

  it('opens every pane with epoch seconds no Date can hold', async () => {
    const frames = await everyFrame(EPOCH_OVERFLOW);
    // The response's time is past any Date: that call has no latency (counted), the other one has.
    expect(frames[5]).toContain('1 answered call with a time out of range');
    expect(frames[5]).toMatch(/tools\/call\s+2\s+0\s+0\s+1\.00s/);
  });

  it('shows token counts above 2^53 as overflow, out of the totals, in bounded columns', async () => {
    const frames = await everyFrame(HUGE_COUNTS);
    const turns = frames[3]!;
    expect(turns).toContain('in overflow · out overflow');
    const usage = frames[5]!;
    expect(usage).toContain('2 turns with overflowing or invalid counts left out of the totals');
    expect(usage).toMatch(/TOTAL\s+3\s+1,000\s+200/);
    expect(usage).not.toMatch(/Infinity|e\+\d/);
  });
});
