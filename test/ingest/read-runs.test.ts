import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type RunJob, type RunResult, readRun } from '../../src/ingest/read-run.js';
import { readRuns } from '../../src/ingest/read-runs.js';
import { pairRuns } from '../../src/sources/recordings.js';
import { bundledPrices, withOverrides } from '../../src/trace/prices.js';
import { realRuns, realTraceFiles } from '../helpers/shared.js';

const WORKER = new URL('../../dist/ingest/index-worker.js', import.meta.url);
const built = existsSync(WORKER);
if (!built)
  console.warn('skipping worker tests of read-runs: dist/ingest/index-worker.js is missing (run npm run build)');

const jobs: RunJob[] = pairRuns(realTraceFiles.map((path) => ({ path, mtimeMs: 0, bytes: 0 }))).map((r) => ({
  run: r.id,
  files: r.files,
  by: ['day', 'model', 'tool'],
  zone: 'America/New_York',
  since: null,
  until: null,
}));

/** Every run's result, by index, as `readRuns` hands them over. */
async function readAll(options: Parameters<typeof readRuns>[1]): Promise<RunResult[]> {
  const out: RunResult[] = [];
  await readRuns(jobs, options, (i, r) => {
    expect(out[i], `run ${i} twice`).toBeUndefined();
    out[i] = r;
  }).done;
  return out;
}

describe.skipIf(!built)('reading many runs on worker threads', { timeout: 60_000 }, () => {
  it('gives each real run the figures it has read on this thread', async () => {
    const prices = bundledPrices();
    const here = await Promise.all(jobs.map((j) => readRun(j, prices)));
    const env = { MCP_REPLAY_TUI_WORKERS: '2' };
    const there = await readAll({ prices, pricesSpec: null, script: WORKER, env });
    expect(there).toHaveLength(realRuns.length);
    expect(there).toEqual(here);
  });

  it('prices with --prices in the workers too', async () => {
    const spec = {
      file: 'p.json',
      rows: { 'claude-sonnet-5': { input_cost_per_token: 1, output_cost_per_token: 1 } },
      config: null,
    };
    const prices = withOverrides(bundledPrices(), spec.file, spec.rows);
    const env = { MCP_REPLAY_TUI_WORKERS: '2' };
    const there = await readAll({ prices, pricesSpec: spec, script: WORKER, env });
    const cost = there.flatMap((r) => r.rows).reduce((s, r) => s + (r.figures.costNano ?? 0), 0);
    const tokens = there
      .flatMap((r) => r.rows)
      .reduce((s, r) => s + (r.figures.inputTokens ?? 0) + (r.figures.outputTokens ?? 0), 0);
    // A dollar a token, counted in nano-dollars.
    expect(cost).toBe(tokens * 1e9);
  });

  it('reads on this thread the runs of workers that fail', async () => {
    const prices = bundledPrices();
    const broken = new URL('data:text/javascript,throw new Error("a worker that dies at once")');
    const env = { MCP_REPLAY_TUI_WORKERS: '2' };
    const there = await readAll({ prices, pricesSpec: null, script: broken, env });
    expect(there).toEqual(await Promise.all(jobs.map((j) => readRun(j, prices))));
  });
});
