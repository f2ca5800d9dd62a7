import { workerData } from 'node:worker_threads';
import { BlockReader } from '../sources/block-reader.js';
import { lowerThisThread } from '../sources/thread-priority.js';
import { TapeWriter } from '../trace/facts-tape.js';
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
/** Every range's tape is written into one buffer, grown to the largest range's. */
const tape = new TapeWriter();

const { nice } = (workerData ?? {}) as { nice?: number };
if (nice) lowerThisThread(nice);

serveJobs(
  async (job: BlockJob | RunJob) => {
    if ('run' in job) return (await import('./read-run.js')).readRun(job);
    if (!reader || reader.path !== job.path || reader.size !== job.size) {
      reader?.close();
      reader = new BlockReader(job.path, job.size);
    }
    return rangeTape(reader, job, tape);
  },
  // A range's tape is a copy of the writer's buffer, cut to its length, made for the
  // message: moved, not copied again. Copied, each waited here for a collection (this
  // thread makes little garbage, so they came seldom): 25-28 MiB of buffers at 1 GiB.
  // Transferring the writer's own buffer, as once, made the next range grow a new one
  // (3.4-3.6 s on one worker against 2.6-2.9 s).
  (done) => ('nums' in done ? [done.nums.buffer as ArrayBuffer] : []),
);
