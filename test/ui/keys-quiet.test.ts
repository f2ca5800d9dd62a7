import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS_QUIET_MS, keyArrived, untilKeysQuiet, whenKeysQuiet } from '../../src/ui/hooks/keys-quiet.js';

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

  it('is put off by every key that comes meanwhile, however long they keep coming', () => {
    const run = vi.fn();
    whenKeysQuiet(run, 400);
    // A key every 50 ms for 3 s: someone holding j.
    for (let t = 0; t < 3000; t += 50) {
      keyArrived();
      vi.advanceTimersByTime(50);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KEYS_QUIET_MS);
    expect(run).toHaveBeenCalledTimes(1);
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
