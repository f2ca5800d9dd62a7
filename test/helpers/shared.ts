import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared/data/real-traces from the project root, or null where ../shared is absent. */
export const REAL_TRACES = fileURLToPath(new URL('../../../shared/data/real-traces/', import.meta.url));
export const hasRealTraces = existsSync(REAL_TRACES);
export const realTraceFiles = hasRealTraces
  ? readdirSync(REAL_TRACES)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => join(REAL_TRACES, f))
  : [];
if (!hasRealTraces)
  console.warn(
    `skipping real-trace tests: ${REAL_TRACES} is absent (it ships beside the repo in CI, not in a fresh clone)`,
  );

/** ../shared/data/real-producers: recordings made by real recorders, each beside its `*.ops.json` (what the client sent). */
export const REAL_PRODUCERS = fileURLToPath(new URL('../../../shared/data/real-producers/', import.meta.url));
export const hasRealProducers = existsSync(REAL_PRODUCERS);
/** Each example: its recording and its ops (`X.ops.json` beside `X.jsonl` or `X.json`). */
export const realProducerFiles = hasRealProducers
  ? readdirSync(REAL_PRODUCERS)
      .filter((f) => f.endsWith('.ops.json'))
      .sort()
      .map((ops) => {
        const stem = ops.slice(0, -'.ops.json'.length);
        const recording = readdirSync(REAL_PRODUCERS).find((f) => f === `${stem}.jsonl` || f === `${stem}.json`);
        return { ops: join(REAL_PRODUCERS, ops), recording: join(REAL_PRODUCERS, recording ?? `${stem}.jsonl`) };
      })
  : [];
