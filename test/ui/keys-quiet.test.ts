import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KEYS_QUIET_MS,
  keyArrived,
  MAX_PUT_OFF_MS,
  untilKeysQuiet,
  whenKeysQuiet,
} from '../../src/ui/hooks/keys-quiet.js';

describe('work the app does unasked waits for keys to be quiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when no key came lately, after the quiet time when one did', () => {
    keyArrived(performance.now() - 10 * KEYS_QUIET_MS);
    expect(untilKeysQuiet()).toBe(0);
    const run = vi.fn();
    whenKeysQuiet(run);
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);

    keyArrived();
    expect(untilKeysQuiet()).toBe(KEYS_QUIET_MS);
    const later = vi.fn();
    whenKeysQuiet(later);
    vi.advanceTimersByTime(KEYS_QUIET_MS - 1);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('is put off by every key that comes meanwhile; a job MAX_PUT_OFF_MS overdue goes on at a trickle', () => {
    const holdKeys = (ms: number) => {
      for (let t = 0; t < ms; t += 50) {
        keyArrived();
        vi.advanceTimersByTime(50);
      }
    };
    // No due time: put off however long keys keep coming (a key every 50 ms: j held).
    const patient = vi.fn();
    whenKeysQuiet(patient, 400);
    // A step of a job first due in 400 ms.
    const due = performance.now() + 400;
    const step = vi.fn();
    whenKeysQuiet(step, 400, due);
    holdKeys(400 + MAX_PUT_OFF_MS - 100);
    expect(step).not.toHaveBeenCalled();
    holdKeys(200);
    expect(step).toHaveBeenCalledTimes(1);
    // Its next steps: one per KEYS_QUIET_MS while the keys go on.
    let steps = 0;
    const next = () => {
      steps += 1;
      whenKeysQuiet(next, 0, due);
    };
    whenKeysQuiet(next, 0, due);
    holdKeys(10 * KEYS_QUIET_MS);
    expect(steps).toBeGreaterThanOrEqual(9);
    expect(steps).toBeLessThanOrEqual(10);
    expect(patient).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KEYS_QUIET_MS);
    expect(patient).toHaveBeenCalledTimes(1);
  });

  it('waits at least the time asked, and can be cancelled', () => {
    keyArrived(performance.now() - 10 * KEYS_QUIET_MS);
    const run = vi.fn();
    whenKeysQuiet(run, 400);
    vi.advanceTimersByTime(399);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    const cancel = whenKeysQuiet(cancelled, 100);
    keyArrived();
    vi.advanceTimersByTime(120);
    cancel();
    vi.advanceTimersByTime(10 * KEYS_QUIET_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
