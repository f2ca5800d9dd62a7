import { parentPort } from 'node:worker_threads';
import { BlockReader } from '../sources/block-reader.js';
import { rangeTape, type BlockJob } from './range-facts.js';

/*
 * A worker thread of the parallel index (parallel-ingest.ts): it reads the byte
 * ranges it is sent, cuts their lines and reads each line's facts, and sends them
 * back as a tape. It holds nothing between ranges but its open file.
 */

let reader: BlockReader | null = null;

parentPort?.on('message', (job: BlockJob) => {
  if (!reader || reader.path !== job.path || reader.size !== job.size) {
    reader?.close();
    reader = new BlockReader(job.path, job.size);
  }
  const done = rangeTape(reader, job);
  // The writer is done with its buffer: transferred, not copied.
  parentPort!.postMessage(done, [done.nums.buffer as ArrayBuffer]);
});
