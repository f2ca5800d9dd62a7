import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A trace's bulk lives in typed arrays off the V8 heap; what is on it is small and
 * mostly short-lived. V8's default growth lets garbage pile up to several times the
 * live heap between collections: on a 1 GiB trace the app peaked at 403 MB with it and
 * at ~342 MB growing by half. Since the index tapes are moved between threads, growing
 * by a quarter costs little: in four interleaved pairs on 1 GiB the app's index peaked
 * at 232–239 MiB against 241–252, in 3–5% more time (`summary`: 216–219 MiB against
 * 223–228, 2% more).
 * The young generation starts at 1 MiB per semi-space and, by default, doubles up to
 * 16 MiB on a long read: 2 × 16 MiB of nursery for objects that die at once. Its
 * maximum can only be set on node's command line, but the growth factor is read at
 * each resize, so a factor of 1 keeps it at its start. `summary` on 200 MiB peaked at
 * 128 MB without it and 102 MB with it, for about the same time.
 */
const TIGHT = [
  // Never grow the young generation past its first size.
  '--semi-space-growth-factor=1',
];
/** Grow the old generation by a quarter over what survived the last collection (0: V8's own factor). */
let oldGrowthPercent = 25;

let tightened = false;

/** Process-wide, so the index workers follow it too. Safe to call twice. */
export function tightenHeap(): void {
  tightened = true;
  for (const flag of TIGHT) setFlagsFromString(flag);
  setFlagsFromString(`--heap-growing-percent=${oldGrowthPercent}`);
}

/**
 * The old generation grown by V8's own factor again: for `report` over many files,
 * whose stores (one per file) each live a moment. Grown by a quarter, its small heap
 * (~12 MB) was collected whole every few files: 59 times over 1 GiB of Claude Code
 * transcripts against 21, for a sixth of the command's CPU time; its peak is well under
 * what it would be reading one big file.
 */
export function relaxOldGeneration(): void {
  oldGrowthPercent = 0;
  if (tightened) tightenHeap();
}

/**
 * Starts a worker thread, the heap kept as `tightenHeap` set it. V8 raises the growth
 * factor, a flag of the whole process, back to 2 whenever it sets up an isolate's heap
 * (`Heap::ConfigureHeap`): each worker, as it starts. Set again before the worker is
 * online, it is lost; after, it holds. Unnoticed, the keys thread let the app's young
 * generation grow to 2 × 16 MiB on a 1 GiB index. So every thread is started here,
 * and the flags are set again once it runs.
 */
export function startThread(script: string | URL, options: WorkerOptions): Worker {
  const worker = new Worker(script, options);
  if (tightened) worker.once('online', tightenHeap);
  return worker;
}
