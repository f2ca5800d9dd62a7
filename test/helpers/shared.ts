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
