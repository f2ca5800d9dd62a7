import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, run } from '../helpers/cli.js';

const TRACE = 'test/fixtures/malformed.jsonl';

describe('--timeout', () => {
  it.each(['2147484', '99999999999'])('%s, past the longest timer, is a usage error naming the maximum', (t) => {
    const r = run(['summary', '--timeout', t, TRACE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('at most 2147483.647 seconds');
    expect(r.stderr).not.toContain('TimeoutOverflowWarning');
  });

  it('takes the maximum itself', () => {
    expect(run(['summary', '--timeout', '2147483.647', TRACE]).code).toBe(0);
  });
});

describe('--prices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mrt-prices-'));

  it.each([
    ['-1e300', 'input_cost_per_token'],
    ['1e400', 'output_cost_per_token'],
  ])('refuses a price of %s, naming the file, model and field (exit 1)', (v, field) => {
    const file = join(dir, `p${field}.json`);
    writeFileSync(file, `{"my-model":{"${field}":${v}}}`);
    const r = run(['summary', '--prices', file, TRACE]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot read prices ${file}: model "my-model": ${field} is`);
  });

  it('stops reading /dev/zero at the cap, naming it', () => {
    const r = run(['summary', '--prices', '/dev/zero', TRACE]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read prices /dev/zero: larger than 16 MiB');
  });

  it('says a FIFO waits for a writer, then reads it', async () => {
    const fifo = join(dir, 'fifo');
    spawnSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [BIN, 'summary', '--prices', fifo, TRACE], { cwd: ROOT });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    await expect.poll(() => stderr, { timeout: 5000 }).toContain('waiting for a writer');
    writeFileSync(fifo, '{}');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });
});
