/**
 * Runs many command lines of the built CLI (dist/, as bin/mcp-replay-tui.js does) in
 * one process: a spawn each costs ~300 ms on this machine, and the hostile suite runs
 * hundreds. Each command's stdout and stderr are caught at process.stdout.write and
 * process.stderr.write, which only cli/output.ts calls (test/architecture.test.ts).
 *
 *   node test/helpers/run-commands.mjs JOBS.json RESULTS.json
 * JOBS.json: [{ id, argv }]; RESULTS.json: [{ id, argv, code, stdout, stderr }].
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [jobsFile, resultsFile] = process.argv.slice(2);
const { main } = await import('../../dist/cli/main.js');
// main() adds its fatal handlers on each run.
process.setMaxListeners(0);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8'));
const results = [];
const realOut = process.stdout.write;
const realErr = process.stderr.write;
for (const { id, argv } of jobs) {
  let stdout = '';
  let stderr = '';
  const catcher = (append) => (chunk, encoding, callback) => {
    append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(() => done());
    return true;
  };
  process.stdout.write = catcher((s) => (stdout += s));
  process.stderr.write = catcher((s) => (stderr += s));
  let code;
  try {
    code = await main(argv);
  } catch (error) {
    code = 'threw';
    stderr += `THREW ${error?.stack ?? error}`;
  } finally {
    process.stdout.write = realOut;
    process.stderr.write = realErr;
  }
  results.push({ id, argv, code, stdout, stderr });
}
writeFileSync(resultsFile, JSON.stringify(results));
