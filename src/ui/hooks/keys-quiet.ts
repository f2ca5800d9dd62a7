/*
 * Work the app does unasked (cost per tool, preparing search's error texts, the Usage
 * pane's numbers ahead of time) runs between keys, a slice at a time. A key that comes
 * while a slice runs waits for it, and so does the frame it causes: on a 1 GiB trace,
 * right after its index, `G`, `g` and PgDn took up to 28 ms where a frame alone takes
 * 10-14. So that work waits until no key has come for a moment: a person reading, not
 * one moving through the trace. Keys are noted by the one input handler (use-commands.ts).
 */

/** Keys quiet this long: the person has stopped moving. */
export const KEYS_QUIET_MS = 150;

let lastKeyAt = Number.NEGATIVE_INFINITY;

/** A key came now. */
export function keyArrived(now = performance.now()): void {
  lastKeyAt = now;
}

/** How long until keys will have been quiet KEYS_QUIET_MS (0: they have). */
export function untilKeysQuiet(now = performance.now()): number {
  return Math.max(0, lastKeyAt + KEYS_QUIET_MS - now);
}

/**
 * Runs `run` after at least `afterMs`, once keys are quiet (checked again when the
 * time comes: a key meanwhile puts it off). Returns how to cancel it.
 */
export function whenKeysQuiet(run: () => void, afterMs = 0): () => void {
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    const wait = untilKeysQuiet();
    if (wait > 0) timer = setTimeout(tick, wait);
    else run();
  };
  timer = setTimeout(tick, afterMs);
  return () => clearTimeout(timer);
}

/** A pause for a step of unasked work: until keys are quiet (at least one turn of the event loop). */
export const keysQuiet = (): Promise<void> => new Promise((resolve) => whenKeysQuiet(resolve));
