import type { BlockReader } from '../sources/block-reader.js';
import { lineFacts } from '../trace/facts.js';
import { TapeWriter } from '../trace/facts-tape.js';
import { scanLineTo } from '../trace/scan-line.js';

/** One byte range of a file to index. */
export interface BlockJob {
  path: string;
  size: number;
  block: number;
  start: number;
  end: number;
}

/** A range's lines as facts. */
export interface BlockDone {
  block: number;
  /** Lines that start in the range, blank ones included: the next range's first line number follows. */
  count: number;
  nums: Float64Array;
  strs: string[];
}

/** Reads a range and turns its lines into a facts tape: a worker's job, or this thread's when a worker fails. */
export function rangeTape(reader: BlockReader, job: BlockJob, tape = new TapeWriter()): BlockDone {
  const lines = reader.read(job.start, job.end);
  tape.reset();
  for (let i = 0; i < lines.count; i++) {
    const start = lines.starts[i]!;
    const stop = lines.stops[i]!;
    const long = lines.long?.get(i);
    if (long !== undefined) tape.line(i, lines.base + start, long.length, { kind: 'skip', reason: long.reason });
    // The scanner writes the lines it knows; JSON.parse reads the rest.
    else if (!scanLineTo(tape, i, lines.base + start, lines.buf, start, stop))
      tape.line(i, lines.base + start, stop - start, lineFacts(lines.buf.toString('utf8', start, stop)));
  }
  return { block: job.block, count: lines.count, ...tape.finish() };
}
