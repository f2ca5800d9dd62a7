import type { PriceTable } from '../trace/prices.js';
import { type PricesSpec, type RunJob, type RunResult, readRun } from './read-run.js';
import { INDEX_WORKER, WorkerLost, WorkerPool, workerCount } from './worker-pool.js';

/** Runs being read: `done` when every one has been; `close` stops (the app left the list). */
export interface Reading {
  done: Promise<void>;
  close(): void;
}

export interface ReadRunsOptions {
  prices: PriceTable;
  /** `--prices`, for the workers to build the same table. */
  pricesSpec: PricesSpec | null;
  /** A person waits on this thread for frames (the Sessions list): one worker fewer. */
  interactive?: boolean;
  /** The worker script; tests running from src/ pass the built one. */
  script?: URL | null;
  env?: NodeJS.ProcessEnv;
  /** The runs' files, in bytes all told: below WORKERS_MIN_BYTES they are read on this thread. */
  bytes?: number;
  /** What a run read on this thread says while a source of it waits (a FIFO for its writer). */
  onWaiting?: (message: string) => void;
}

/**
 * Below this many bytes (all runs together) the runs are read on this thread: a worker
 * costs ~0.3 s of a core to start (an isolate, and the modules of a store loaded into
 * it), what reading ~10 MiB costs. Measured on 2 busy cores: `report` over the 33 real
 * runs (18 MiB) took 0.74–0.85 s of CPU on one thread and 1.2–1.5 s with two workers.
 */
export const WORKERS_MIN_BYTES = 32 << 20;
/**
 * Runs read at once by a thread: while one waits for its files to open and read (seven
 * trips to the disk each), another is indexed. A worker holds this many while together
 * they are under LANE_BYTES; a bigger run is read alone.
 */
const LANES = 8;
const LANE_BYTES = 32 << 20;

/**
 * Reads many runs on worker threads, each sent back as its figures alone (no store
 * leaves a worker); `onResult` gets each with its index in `jobs`, in the order they
 * finish. Runs are taken from one queue, in order, by the workers and, where no person
 * waits on it (`report`), by this thread too: on 2 cores, one worker and this thread
 * (a worker costs ~0.3 s of a core to start, and this thread would only wait). A run
 * whose worker failed is read again here; with no workers (one core,
 * MCP_REPLAY_TUI_WORKERS=0, or runs under WORKERS_MIN_BYTES) all are.
 */
export function readRuns(
  jobs: readonly RunJob[],
  options: ReadRunsOptions,
  onResult: (index: number, result: RunResult) => void,
): Reading {
  let closed = false;
  const script = options.script === undefined ? INDEX_WORKER : options.script;
  const here = !options.interactive;
  // In the app, at least one worker: the runs' reading must leave this thread to the keys.
  const env = options.env ?? process.env;
  const wanted = options.interactive
    ? Math.max(1, workerCount(env, true))
    : workerCount(env, false) - (env.MCP_REPLAY_TUI_WORKERS === undefined ? 1 : 0);
  const small = (options.bytes ?? Infinity) < WORKERS_MIN_BYTES;
  const size = script === null || small ? 0 : Math.max(0, Math.min(wanted, jobs.length));
  const pool =
    size > 0
      ? new WorkerPool<RunJob, RunResult>(script!, size, LANES, {
          workerData: { prices: options.pricesSpec },
          maxWeight: LANE_BYTES,
        })
      : null;
  let next = 0;
  const take = (): number => (closed || next >= jobs.length ? -1 : next++);
  const give = (i: number, result: RunResult) => {
    if (!closed) onResult(i, result);
  };
  // Runs handed back by failed workers are read here one at a time (all at once would open every file at once).
  let lost: Promise<unknown> = Promise.resolve();
  const readLost = (job: RunJob): Promise<RunResult> => {
    const result = lost.then(() => readRun(job, options.prices, options.onWaiting));
    lost = result.catch(() => undefined);
    return result;
  };
  /** A worker's lane: its next run, on the pool (which keeps a big run alone on its worker). */
  const workerLane = async () => {
    for (let i = take(); i >= 0; i = take()) {
      const job = jobs[i]!;
      const result = job.here
        ? await readRun(job, options.prices, options.onWaiting)
        : await pool!.run(job, job.bytes ?? LANE_BYTES).catch((error: unknown) => {
            if (!(error instanceof WorkerLost) || closed) throw error;
            return readLost(job);
          });
      give(i, result);
    }
  };
  /** A lane of this thread: a few at once, so one file's trips to the disk overlap another's indexing. */
  const localLane = async () => {
    for (let i = take(); i >= 0; i = take()) {
      give(i, await readRun(jobs[i]!, options.prices, options.onWaiting));
      // A turn of the event loop between runs: with a person waiting, keys and frames get theirs.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const lanes = [
    ...Array.from({ length: size * LANES }, workerLane),
    ...(size === 0 || here ? Array.from({ length: LANES }, localLane) : []),
  ];
  const done = Promise.all(lanes).then(
    () => pool?.close(),
    (error: unknown) => {
      pool?.close();
      if (!closed) throw error;
    },
  );
  return {
    done,
    close: () => {
      closed = true;
      pool?.close();
    },
  };
}
