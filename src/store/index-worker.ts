import { parentPort } from 'node:worker_threads';
import { BlockReader } from '../sources/block-reader.js';
import { bytesFacts } from '../trace/facts.js';
import { TapeWriter } from '../trace/facts-tape.js';

/*
 * A worker thread of the parallel index (parallel-ingest.ts): it reads the byte
 * ranges it is sent, cuts their lines and reads each line's facts, and sends them
 * back as a tape. It holds nothing between ranges but its open file.
 */

export interface BlockJob {
  path: string;
  size: number;
  block: number;
  start: number;
  end: number;
}

export interface BlockDone {
  block: number;
  /** Lines that start in the range, blank ones included: the next range's first line number follows. */
  count: number;
  nums: Float64Array;
  strs: string[];
  lines: number;
}

let reader: BlockReader | null = null;

parentPort?.on('message', (job: BlockJob) => {
  if (!reader || reader.path !== job.path || reader.size !== job.size) {
    reader?.close();
    reader = new BlockReader(job.path, job.size);
  }
  const lines = reader.read(job.start, job.end);
  const tape = new TapeWriter();
  for (let i = 0; i < lines.count; i++) {
    const start = lines.starts[i]!;
    const stop = lines.stops[i]!;
    tape.line(i, lines.base + start, stop - start, bytesFacts(lines.buf, start, stop));
  }
  const { nums, strs, lines: written } = tape.finish();
  // The writer is done with its buffer: transferred, not copied.
  const done: BlockDone = { block: job.block, count: lines.count, nums, strs, lines: written };
  parentPort!.postMessage(done, [nums.buffer as ArrayBuffer]);
});
