import { workerData } from 'node:worker_threads';
import { BlockReader } from '../sources/block-reader.js';
import { lowerThisThread } from '../sources/thread-priority.js';
import { type BlockJob, rangeTape } from './range-facts.js';
import type { RunJob } from './read-run.js';
import { serveJobs } from './worker-pool.js';

/*
 * A worker thread of ingest/ (worker-pool.ts). For the parallel index of one big file
 * (parallel-ingest.ts) it reads the byte ranges it is sent, cuts their lines and reads
 * each line's facts, and sends them back as a tape; it holds nothing between ranges but
 * its open file. For `report` and the Sessions list it reads whole runs, each into
 * stores of its own, and sends back only the run's figures (read-run.ts, loaded with
 * the first run: a range worker never pays for it).
 */

let reader: BlockReader | null = null;

const { nice } = (workerData ?? {}) as { nice?: number };
if (nice) lowerThisThread(nice);

serveJobs(async (job: BlockJob | RunJob) => {
  if ('run' in job) return (await import('./read-run.js')).readRun(job);
  if (!reader || reader.path !== job.path || reader.size !== job.size) {
    reader?.close();
    reader = new BlockReader(job.path, job.size);
  }
  // Copied, not transferred: each transferred buffer left this thread allocating a
  // fresh one for the next range (a 1 GiB file read on one worker took 3.4-3.6 s with
  // transfers and 2.6-2.9 s with copies).
  return rangeTape(reader, job);
});
