import { workerData } from 'node:worker_threads';
import { ZoneClock } from '../kit/zone-time.js';
import { NotTraceError } from '../sources/document-source.js';
import { OpenError } from '../sources/open-source.js';
import { redactText, redactUrl } from '../sources/redact.js';
import type { Source } from '../sources/types.js';
import { notTraceText } from '../store/not-trace.js';
import { type Dim, type RunFigures, runFigures } from '../store/run-figures.js';
import { TraceStore } from '../store/trace-store.js';
import { bundledPrices, type PriceTable, withOverrides } from '../trace/prices.js';
import { ingest } from './ingest.js';
import { openTrace } from './open-trace.js';

/** A run to read: its files, and how its figures are keyed. Plain data: it crosses to a worker. */
export interface RunJob {
  /** The run's name (sources/recordings.ts `Run.id`). */
  run: string;
  files: string[];
  by: Dim[];
  /** IANA zone of the day, week and month keys. */
  zone: string;
  since: number | null;
  until: number | null;
  timeoutS?: number;
  /** Its files' size all told, when known: how many runs a worker reads at once. */
  bytes?: number;
  /** Read on the calling thread, where it can say that it waits (a FIFO, for its writer). */
  here?: boolean;
}

/** How long a source may wait (a FIFO for its writer) before `readRun` says so: a writer already there opens within a tick. */
const SAY_WAITING_MS = 200;

/** What reading a run gives: its figures, and what went wrong with which file. */
export interface RunResult extends RunFigures {
  /** One line per file that could not be read whole: it names the file and why. */
  problems: string[];
  /**
   * The files of `problems` that are JSON documents but no recording (`why`: `not a trace: …`),
   * for a caller to pass over (`report`, given a directory) or name (the Sessions list).
   */
  notTraces: { file: string; why: string }[];
  /** Malformed lines skipped (they change no exit code), per file that had any. */
  skipped: { file: string; lines: number }[];
}

/** `--prices` as a worker receives it: the file's name and rows, applied over the bundled table. */
export interface PricesSpec {
  file: string;
  rows: Record<string, unknown>;
  /** The config that named the file (null: `--prices` did). */
  config: string | null;
}

/** The problem of a file that is no recording: `report` passes over those it found in a directory. */
export const notTraceProblem = (file: string, why: string): string => `cannot read ${file}: ${why}`;

/**
 * A run's problems apart from its files of no known format found in a directory or by
 * a glob (`listed`), which are passed over, not "could not be read": `report`'s rule, and
 * the Sessions list's.
 */
export function passOver(
  result: Pick<RunResult, 'problems' | 'notTraces'>,
  listed: (file: string) => boolean,
): { passed: RunResult['notTraces']; problems: string[] } {
  const passed = result.notTraces.filter((n) => listed(n.file));
  const passedText = new Set(passed.map((n) => notTraceProblem(n.file, n.why)));
  return { passed, problems: result.problems.filter((p) => !passedText.has(p)) };
}

const clocks = new Map<string, ZoneClock>();
const clockOf = (zone: string) => {
  let c = clocks.get(zone);
  if (!c) clocks.set(zone, (c = new ZoneClock(zone)));
  return c;
};

let workerPrices: PriceTable | null = null;
/** A worker's price table, from the `--prices` rows the pool was started with. */
function pricesOfWorker(): PriceTable {
  if (workerPrices) return workerPrices;
  const spec = (workerData as { prices?: PricesSpec | null } | null)?.prices ?? null;
  workerPrices = spec ? withOverrides(bundledPrices(), spec.file, spec.rows, spec.config) : bundledPrices();
  return workerPrices;
}

/**
 * Reads each file of a run into a store of its own (as `summary` does), then reduces
 * them to the run's figures; the stores are dropped when this returns. A file that
 * cannot be opened or read is named in `problems`, with why; what was read of it counts.
 */
export async function readRun(
  job: RunJob,
  prices: PriceTable = pricesOfWorker(),
  onWaiting?: (message: string) => void,
): Promise<RunResult> {
  const stores: TraceStore[] = [];
  const sources: Source[] = [];
  const problems: string[] = [];
  const notTraces: RunResult['notTraces'] = [];
  const skipped: RunResult['skipped'] = [];
  try {
    for (const file of job.files) {
      // As the file may be printed: a URL's secrets as `***`.
      const shown = redactUrl(file);
      const store = new TraceStore(prices);
      try {
        const source = await openTrace(file, { timeoutS: job.timeoutS });
        sources.push(source);
        const waiting = source.waiting?.() && onWaiting;
        const saying = waiting
          ? setTimeout(() => {
              const why = source.waiting?.();
              if (why) waiting(`${shown}: ${why}`);
            }, SAY_WAITING_MS)
          : undefined;
        // One thread: a run is already one worker's job.
        await ingest(store, source, undefined, { parallel: false }).finally(() => clearTimeout(saying));
      } catch (error) {
        // As in `summary`: a file that cannot be opened or read counts for nothing.
        problems.push(
          error instanceof OpenError
            ? error.message
            : error instanceof NotTraceError
              ? notTraceProblem(shown, error.message)
              : `cannot read ${shown}: ${redactText((error as Error).message)}`,
        );
        if (error instanceof NotTraceError) notTraces.push({ file, why: error.message });
        continue;
      }
      // Read whole, JSON objects but none a record it knows: no trace, passed over as a JSON
      // document is. (A file of lines that are not JSON is said as its skipped lines.)
      const notTrace = store.files[0]!.counts.other > 0 ? notTraceText(store, 0) : null;
      if (notTrace !== null) {
        problems.push(notTraceProblem(shown, notTrace));
        notTraces.push({ file, why: notTrace });
        continue;
      }
      const f = store.files[0]!;
      // Cut mid-stream: what arrived counts, and the read is said to have failed.
      if (f.state === 'error') problems.push(`cannot read ${shown} to its end: ${f.stateText ?? 'the read failed'}`);
      if (f.skipped) skipped.push({ file: shown, lines: f.skipped });
      stores.push(store);
    }
    // The sources stay open meanwhile: cost per tool reads a few turns back (their arguments' size).
    const figures = runFigures(job.run, stores, {
      by: job.by,
      clock: clockOf(job.zone),
      since: job.since,
      until: job.until,
    });
    return { ...figures, problems, notTraces, skipped };
  } finally {
    for (const s of sources) s.close();
  }
}
