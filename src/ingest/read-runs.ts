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
 * Reads many runs on worker threads, two in flight per worker, each sent back as its
 * figures alone (no store leaves a worker); `onResult` gets each with its index in
 * `jobs`, in the order they finish. A run whose worker failed is read again on this
 * thread; with no workers (one core, MCP_REPLAY_TUI_WORKERS=0) all are, one by one.
 */
export function readRuns(
  jobs: readonly RunJob[],
  options: ReadRunsOptions,
  onResult: (index: number, result: RunResult) => void,
): Reading {
  let closed = false;
  const script = options.script === undefined ? INDEX_WORKER : options.script;
  // At least one worker in the app: unlike a big file's ranges, a run's reading leaves
  // this thread nothing to do but take its figures.
  const wanted = Math.max(options.interactive ? 1 : 0, workerCount(options.env, options.interactive));
  const small = (options.bytes ?? Infinity) < WORKERS_MIN_BYTES;
  const size = script === null || small ? 0 : Math.min(wanted, jobs.length);
  if (size === 0) {
    let next = 0;
    // A few at once: one file's opening and reading waits on the disk while another's is indexed.
    const lane = async () => {
      while (next < jobs.length && !closed) {
        const i = next++;
        const result = await readRun(jobs[i]!, options.prices);
        if (!closed) onResult(i, result);
        // A turn of the event loop between runs: with a person waiting, keys and frames get theirs.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    const done = Promise.all(Array.from({ length: LANES }, lane)).then(() => undefined);
    return { done, close: () => (closed = true) };
  }
  const pool = new WorkerPool<RunJob, RunResult>(script!, size, LANES, {
    workerData: { prices: options.pricesSpec },
    maxWeight: LANE_BYTES,
  });
  // Runs handed back by failed workers are read here one at a time (all at once would open every file at once).
  let local: Promise<unknown> = Promise.resolve();
  const readHere = (job: RunJob): Promise<RunResult> => {
    const result = local.then(() => readRun(job, options.prices));
    local = result.catch(() => undefined);
    return result;
  };
  const done = Promise.all(
    jobs.map((job, i) =>
      pool
        .run(job, job.bytes ?? LANE_BYTES)
        .catch((error: unknown) => {
          if (!(error instanceof WorkerLost) || closed) throw error;
          return readHere(job);
        })
        .then(
          (result) => {
            if (!closed) onResult(i, result);
          },
          (error: unknown) => {
            if (!closed) throw error;
          },
        ),
    ),
  ).then(
    () => pool.close(),
    (error: unknown) => {
      pool.close();
      throw error;
    },
  );
  return {
    done,
    close: () => {
      closed = true;
      pool.close();
    },
  };
}
