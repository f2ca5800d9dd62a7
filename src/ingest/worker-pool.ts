import { availableParallelism } from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import { startThread } from '../sources/heap.js';

/*
 * The worker threads of ingest/: a few workers running index-worker.ts, each sent at
 * most `perWorker` jobs at a time, the rest queued here. Used by the parallel index
 * of one big file (byte ranges) and by `report` and the Sessions list (whole runs).
 * Hand-rolled, not a pool package (piscina and the like): the callers need what
 * those hide: a job that fails because its worker died is handed back to be done on
 * this thread, and a young generation sized for the job.
 */

/** The built worker script; none when running from the TypeScript sources (tests). */
export const INDEX_WORKER = import.meta.url.endsWith('.ts') ? null : new URL('./index-worker.js', import.meta.url);

/** What travels to a worker, and back. */
interface Envelope<J> {
  id: number;
  job: J;
}
type Reply<R> = { id: number; result: R } | { id: number; error: string };

interface Pending<J, R> {
  id: number;
  job: J;
  weight: number;
  resolve(result: R): void;
  reject(error: Error): void;
}

/** Thrown for a job whose worker failed or was ended: the caller may do the job on this thread. */
export class WorkerLost extends Error {}

/**
 * How many workers: MCP_REPLAY_TUI_WORKERS when set (0: none, at most 16), else one per
 * core up to 8, or one fewer where a person waits on this thread for frames; none on
 * one core.
 */
export function workerCount(
  env: NodeJS.ProcessEnv = process.env,
  interactive = false,
  cores = availableParallelism(),
): number {
  const asked = env.MCP_REPLAY_TUI_WORKERS;
  if (asked !== undefined && /^\d+$/.test(asked)) return Math.min(Number(asked), 16);
  return cores < 2 ? 0 : Math.min(interactive ? cores - 1 : cores, 8);
}

export class WorkerPool<J, R> {
  private readonly workers = new Map<Worker, Map<number, Pending<J, R>>>();
  private readonly queue: Pending<J, R>[] = [];
  private nextId = 0;
  private closed = false;
  private readonly maxWeight: number;

  /**
   * `perWorker`: jobs a worker holds at most; `maxWeight`: and no more weight than this
   * (a job's, `run`'s second argument) once it holds one. Many small runs in flight hide
   * the latency of opening and reading each file; a big run is read alone.
   */
  constructor(
    script: URL,
    size: number,
    private readonly perWorker: number,
    options: { youngGenerationMb?: number; workerData?: unknown; maxWeight?: number } = {},
  ) {
    this.maxWeight = options.maxWeight ?? Infinity;
    for (let n = 0; n < size; n++) {
      const w = startThread(script, {
        workerData: options.workerData,
        ...(options.youngGenerationMb
          ? { resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb } }
          : {}),
      });
      this.workers.set(w, new Map());
      w.on('message', (reply: Reply<R>) => {
        const jobs = this.workers.get(w);
        const p = jobs?.get(reply.id);
        if (!jobs || !p) return;
        jobs.delete(reply.id);
        if ('error' in reply) p.reject(new Error(reply.error));
        else p.resolve(reply.result);
        this.pump();
      });
      // A worker that fails (or stops) hands back every job it held.
      w.on('error', () => this.lose(w));
      w.on('exit', () => this.lose(w));
    }
  }

  /** Workers still running. */
  get size(): number {
    return this.workers.size;
  }

  /** Does `job` on a worker; rejects with WorkerLost when no worker can. */
  run(job: J, weight = 0): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.closed || this.workers.size === 0) return reject(new WorkerLost('no worker left'));
      this.queue.push({ id: this.nextId++, job, weight, resolve, reject });
      this.pump();
    });
  }

  /** Ends every worker; jobs not done reject with WorkerLost. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of [...this.workers.keys()]) {
      this.lose(w);
      void w.terminate();
    }
  }

  private pump(): void {
    for (const [w, jobs] of this.workers) {
      let weight = 0;
      for (const p of jobs.values()) weight += p.weight;
      while (
        jobs.size < this.perWorker &&
        this.queue.length > 0 &&
        (jobs.size === 0 || weight + this.queue[0]!.weight <= this.maxWeight)
      ) {
        const p = this.queue.shift()!;
        weight += p.weight;
        jobs.set(p.id, p);
        w.postMessage({ id: p.id, job: p.job } satisfies Envelope<J>);
      }
    }
  }

  private lose(w: Worker): void {
    const jobs = this.workers.get(w);
    if (!jobs) return;
    this.workers.delete(w);
    for (const p of jobs.values()) p.reject(new WorkerLost('a worker thread failed'));
    if (this.workers.size === 0) for (const p of this.queue.splice(0)) p.reject(new WorkerLost('no worker left'));
    else this.pump();
  }
}

/** A worker's side: each job in, its result (or why it failed) back. */
export function serveJobs<J, R>(
  handle: (job: J) => R | Promise<R>,
  /** What of a result moves to the pool's thread rather than being copied (a buffer this thread will not touch again). */
  moved: (result: R) => ArrayBuffer[] = () => [],
): void {
  parentPort?.on('message', async ({ id, job }: Envelope<J>) => {
    let reply: Reply<R>;
    let transfer: ArrayBuffer[] = [];
    try {
      const result = await handle(job);
      reply = { id, result };
      transfer = moved(result);
    } catch (error) {
      reply = { id, error: (error as Error).message };
    }
    parentPort!.postMessage(reply, transfer);
  });
}
