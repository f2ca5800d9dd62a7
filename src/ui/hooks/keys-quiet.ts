/*
 * Work the app does unasked (cost per tool, the Usage pane's numbers ahead of time) runs
 * between keys, a slice at a time. A key that comes while a slice runs waits for it, and
 * so does the frame it causes: on a 1 GiB trace, right after its index, `G`, `g` and PgDn
 * took up to 28 ms where a frame alone takes 10-14. So that work waits until no key has
 * come for a moment: a person reading, not one moving through the trace. Keys are noted
 * by the one input handler (use-commands.ts). Search's preparing does not wait (see
 * use-search.ts): a first search letter after a stream of keys would do it all at once.
 * Nor does indexing pairs for links (use-links-ahead.ts), in 2 ms steps: the first Enter
 * on a call after a stream of keys would do it all at once.
 */

/** Keys quiet this long: the person has stopped moving. */
export const KEYS_QUIET_MS = 150;
/**
 * A job whose steps keys have held off this long goes on anyway, at a trickle: a step
 * per KEYS_QUIET_MS while keys keep coming. Keys that never stop (j held, a bench's keys)
 * must not starve it; a step per 150 ms is rarely in a key's way.
 */
export const MAX_PUT_OFF_MS = 2000;

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
 * time comes: a key meanwhile puts it off). A step of a job first due at `due` (none:
 * it waits for quiet keys however long) runs anyway KEYS_QUIET_MS after it was asked
 * for, once the job is MAX_PUT_OFF_MS overdue. Returns how to cancel it.
 */
export function whenKeysQuiet(run: () => void, afterMs = 0, due?: number): () => void {
  const asked = performance.now() + afterMs;
  /** When this step runs whatever the keys do (Infinity: never). */
  const anyway = due === undefined ? Number.POSITIVE_INFINITY : Math.max(due + MAX_PUT_OFF_MS, asked + KEYS_QUIET_MS);
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    const now = performance.now();
    const wait = Math.min(untilKeysQuiet(now), anyway - now);
    if (wait > 0) timer = setTimeout(tick, wait);
    else run();
  };
  timer = setTimeout(tick, afterMs);
  return () => clearTimeout(timer);
}
