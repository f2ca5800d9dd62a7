import { availableParallelism } from 'node:os';
import { BlockReader } from '../sources/block-reader.js';
import type { LineRef, WholeFile } from '../sources/types.js';
import type { TraceStore } from '../store/trace-store.js';
import { TapeReader } from '../trace/facts-tape.js';
import type { LineFacts } from '../trace/line-facts.js';
import { type BlockDone, type BlockJob, rangeTape } from './range-facts.js';
import { factsAppender } from './row-writer.js';
import { INDEX_WORKER, WorkerPool, workerCount } from './worker-pool.js';

/*
 * Indexing a whole local file on every core: worker threads (index-worker.ts) read
 * byte ranges and turn their lines into facts, this thread appends the facts to the
 * store in file order (pairing and aggregates need that order). The first range is
 * read here, so the first screen never waits for a worker to start.
 */

export interface ParallelPlan {
  workers: number;
  blockBytes: number;
  /** The worker script; tests running from src/ pass the built one. */
  workerUrl: URL;
  /** The workers' nice value (0: as this thread's). */
  nice?: number;
}

/**
 * Bytes per range. A worker holds a range's bytes and writes its tape in buffers of its
 * own, ~1.5 MiB at this size against ~6 at 4 MiB, and smaller tapes wait here: at 1 GiB
 * `summary` peaked at 223-227 MiB with 1 MiB ranges and 245-252 with 4 MiB, in as long
 * (3.5-3.6 s). As many bytes stay ahead either way (AHEAD_BYTES, HELD_BYTES).
 */
export const BLOCK_BYTES = 1 << 20;
/** The first range, read on this thread: enough for the first screen, small enough to show it at once. */
const FIRST_BYTES = 256 << 10;
/**
 * Below this a file is read on one thread. This thread appends every record itself
 * either way, so workers only take the reading and scanning off it, and each costs
 * ~40 MB (an isolate, its heap, a range buffer, tapes waiting here). Measured on
 * 2 cores: `summary` on 200 MiB took 1.0–1.15 s on one thread and 1.35–1.55 s with
 * workers, and peaked 80 MB higher; on 1 GiB workers win (3.9 s against 5.1 s).
 */
export const PARALLEL_MIN_BYTES = 256 << 20;
/** Appending in slices of this many lines, for about this long per turn of the event loop. */
const SLICE_LINES = 512;
const SLICE_MS = 6;
/**
 * Bytes in flight per worker, asked for or back and waiting here: enough to cover this
 * thread's pauses (a frame, a key), few enough to bound the tapes held.
 */
const AHEAD_BYTES = 12 << 20;
/** Bytes a worker holds to read next: enough that it never waits for this thread to send more. */
const HELD_BYTES = 8 << 20;

/**
 * The nice value of the app's index workers: a person's keys and frames come first.
 * On 2 cores one worker at this thread's priority took the core whenever it had work
 * (keys mid-index 25–27 ms at p50, an earlier round); nicer, it takes what they leave.
 */
const APP_WORKER_NICE = 10;

/**
 * How a file of `size` bytes is indexed: in parallel (a plan) or on this thread (null).
 * MCP_REPLAY_TUI_WORKERS sets the number of workers (0: none); by default, one per core
 * (one fewer in the app), and none on a single core. The app's workers run at a lower
 * priority than its thread.
 */
export function parallelPlan(
  size: number,
  env: NodeJS.ProcessEnv = process.env,
  script: URL | null = INDEX_WORKER,
  interactive = false,
  cores = availableParallelism(),
): ParallelPlan | null {
  if (script === null) return null;
  // On 2 cores the app has one worker, at a lower priority: on its own thread it took
  // 1.3-1.4x as long as `summary` on 1 GiB; a worker costs it ~20 MiB, 0.24x of the file
  // at its peak against 0.22x (docs/performance.md).
  const workers = workerCount(env, interactive, cores);
  if (workers < 1 || size < PARALLEL_MIN_BYTES) return null;
  return {
    workers,
    blockBytes: BLOCK_BYTES,
    workerUrl: script,
    nice: interactive ? APP_WORKER_NICE : 0,
  };
}

/** Appends a whole file's records to the store, in file order, reading ranges in worker threads. */
export async function ingestParallel(
  store: TraceStore,
  file: number,
  whole: WholeFile,
  plan: ParallelPlan,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const { path, size } = whole;
  const B = plan.blockBytes;
  // Range 0 is [0, first); range k ≥ 1 is [first + (k - 1)·B, first + k·B).
  const first = Math.min(FIRST_BYTES, B);
  const rangeStart = (k: number): number => (k === 0 ? 0 : first + (k - 1) * B);
  const blocks = size <= first ? 1 : 1 + Math.ceil((size - first) / B);
  const ref: LineRef = { lineNo: 0, offset: 0, length: 0 };
  let lineBase = 0;
  const appendTo = factsAppender(store);
  const jobOf = (k: number): BlockJob => ({ path, size, block: k, start: rangeStart(k), end: rangeStart(k + 1) });
  const append = (index: number, offset: number, length: number, facts: LineFacts): void => {
    ref.lineNo = lineBase + index + 1;
    ref.offset = offset;
    ref.length = length;
    appendTo(file, ref, facts);
  };
  // This thread's reader: the first range, and every range a failed worker leaves.
  const local = new BlockReader(path, size);
  try {
    // Progress counts a range before its rows arrive (the header shows what is being read).
    onProgress(Math.min(first, size));
    const d = rangeTape(local, jobOf(0));
    new TapeReader(d).read(append, Infinity);
    lineBase += d.count;
    store.version += 1;
    // The first rows are drawn at once (notices while a file loads go out every 200 ms).
    store.notifier.flush();
    if (blocks > 1) await appendRanges();
  } finally {
    local.close();
  }

  function appendRanges(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // A worker holds a few ranges, so none waits on this thread; it reads one at a time,
      // so a small young generation is plenty.
      const held = Math.max(2, Math.round(HELD_BYTES / B));
      const ahead = plan.workers * Math.max(3, Math.round(AHEAD_BYTES / B));
      const pool = new WorkerPool<BlockJob, BlockDone>(plan.workerUrl, Math.min(plan.workers, blocks - 1), held, {
        youngGenerationMb: 8,
        workerData: { nice: plan.nice ?? 0 },
      });
      const done = new Map<number, BlockDone>();
      let next = 1;
      let expected = 1;
      let draining = false;
      let finished = false;
      /** A worker failed: the ranges not yet back are read on this thread (nothing is lost). */
      let alone = false;

      const finish = (error?: Error): void => {
        if (finished) return;
        finished = true;
        pool.close();
        if (error) reject(error);
        else resolve();
      };
      const fallBack = (): void => {
        if (alone || finished) return;
        alone = true;
        pool.close();
        kick();
      };
      const kick = (): void => {
        if (!draining) {
          draining = true;
          drain();
        }
      };
      const dispatch = (): void => {
        while (!alone && next < blocks && next - expected < ahead && !whole.stopped()) {
          pool.run(jobOf(next++)).then((d) => {
            if (alone) return;
            done.set(d.block, d);
            kick();
          }, fallBack);
        }
      };
      // A few milliseconds of appending per turn of the event loop, so keys and redraws
      // get their turn even while a range is being appended.
      let current: { reader: TapeReader; count: number } | null = null;
      const drain = (): void => {
        if (finished) return;
        if (whole.stopped()) return finish();
        const deadline = performance.now() + SLICE_MS;
        const before = store.count;
        while (performance.now() < deadline) {
          if (!current) {
            const d = done.get(expected) ?? (alone ? rangeTape(local, jobOf(expected)) : undefined);
            if (!d) break;
            done.delete(expected);
            onProgress(Math.min(rangeStart(expected + 1), size));
            current = { reader: new TapeReader(d), count: d.count };
          }
          if (current.reader.read(append, SLICE_LINES)) continue;
          lineBase += current.count;
          current = null;
          if (++expected === blocks) break;
          dispatch();
        }
        if (store.count !== before) {
          store.version += 1;
          store.notifier.changed();
        }
        if (expected === blocks) finish();
        else if (current || done.has(expected) || alone) setImmediate(drain);
        else draining = false;
      };
      dispatch();
    });
  }
}
