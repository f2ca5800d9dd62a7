import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real data for the tests: the subset kept in test/fixtures, or the whole set of
 * ../shared/data when it is beside the clone. Every test runs on either; a test that needs
 * a particular run names one the subset holds.
 */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}/`, import.meta.url));
const shared = (name: string) => fileURLToPath(new URL(`../../../shared/data/${name}/`, import.meta.url));
const eitherOf = (name: string) => (existsSync(shared(name)) ? shared(name) : fixture(name));

/** mcp-replay v1 traces of real agent runs, each run as `<run>.mcp.jsonl` and `<run>.agent.jsonl`. */
export const REAL_TRACES = eitherOf('real-traces');
export const realTraceFiles = readdirSync(REAL_TRACES)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .map((f) => join(REAL_TRACES, f));
/** The runs: each trace file's path without `.mcp.jsonl` or `.agent.jsonl`. */
export const realRuns = [...new Set(realTraceFiles.map((f) => f.replace(/\.(agent|mcp)\.jsonl$/, '')))];

/** Recordings made by real recorders, each beside its `*.ops.json` (what the client sent). */
export const REAL_PRODUCERS = eitherOf('real-producers');
/** Each example: its recording and its ops (`X.ops.json` beside `X.jsonl` or `X.json`). */
export const realProducerFiles = readdirSync(REAL_PRODUCERS)
  .filter((f) => f.endsWith('.ops.json'))
  .sort()
  .map((ops) => {
    const stem = ops.slice(0, -'.ops.json'.length);
    const recording = readdirSync(REAL_PRODUCERS).find((f) => f === `${stem}.jsonl` || f === `${stem}.json`);
    return { ops: join(REAL_PRODUCERS, ops), recording: join(REAL_PRODUCERS, recording ?? `${stem}.jsonl`) };
  });
