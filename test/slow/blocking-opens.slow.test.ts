import { type ChildProcess, execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runAsync } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
/** /proc/kmsg blocks a read until the kernel logs; only root may read it. */
const kmsg = (() => {
  try {
    accessSync('/proc/kmsg', constants.R_OK);
    return true;
  } catch {
    return false;
  }
})();
const dir = mkdtempSync(join(tmpdir(), 'mrt-blocking-'));
let fifos = 0;
const fifo = () => {
  const path = join(dir, `f${++fifos}`);
  execFileSync('mkfifo', [path]);
  return path;
};

/** Runs the binary until it says `waits` on stderr, then sends SIGTERM: how it ended, and what it said. */
async function waitThenTerm(args: string[], waits: RegExp) {
  let said = false;
  const during = (child: ChildProcess) =>
    child.stderr!.on('data', (d: Buffer) => {
      if (said || !waits.test(d.toString())) return;
      said = true;
      child.kill('SIGTERM');
    });
  const r = await runAsync(args, { during, timeoutMs: 20_000 });
  return { ...r, said };
}

/**
 * Every open or read that may wait for ever (a FIFO no one reads or writes, a kernel file
 * that gives nothing): the binary says what it waits for, and SIGTERM ends it at once,
 * as it ends any program (no SIGKILL needed).
 */
describe.skipIf(!hasMkfifo)('what waits, says so, and ends on SIGTERM', () => {
  it.each([
    ['--export to a FIFO no one reads', () => ['--export', fifo(), 'examples/demo.jsonl'], /waiting for a reader/],
    [
      '--export-otlp to a FIFO no one reads',
      () => ['--export-otlp', fifo(), 'examples/demo.jsonl'],
      /waiting for a reader/,
    ],
    ['report of a FIFO no one writes', () => ['report', fifo()], /waiting for a writer/],
    ['summary of a FIFO no one writes', () => ['summary', fifo()], /waiting for a writer/],
    [
      '--prices a FIFO no one writes',
      () => ['summary', '--prices', fifo(), 'examples/demo.jsonl'],
      /waiting for a writer/,
    ],
  ] as const)('%s', async (_, args, waits) => {
    const r = await waitThenTerm([...args()], waits);
    expect(r.said).toBe(true);
    expect(r.stderr).toMatch(/stopped by SIGTERM/);
    expect(r.code).not.toBe(0);
  });

  // Once more on a failure, this case alone: a kernel message logged meanwhile (another
  // program's crash) is data on /proc/kmsg, and the binary then reads it instead of waiting.
  it.skipIf(!kmsg)('summary of /proc/kmsg', { retry: 1 }, async () => {
    const r = await waitThenTerm(['summary', '/proc/kmsg'], /waiting for data/);
    expect(r.said).toBe(true);
    expect(r.stderr).toMatch(/stopped by SIGTERM/);
    expect(r.code).not.toBe(0);
  });

  it('--export to a FIFO: written whole once a reader comes', async () => {
    const path = fifo();
    let got = '';
    const r = await runAsync(['--export', path, 'examples/demo.jsonl'], {
      during: (child) =>
        child.stderr!.on('data', (d: Buffer) => {
          if (!/waiting for a reader/.test(d.toString()) || got) return;
          got = execFileSync('cat', [path], { encoding: 'utf8' });
        }),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wrote 35 records to /);
    expect(got.split('\n').filter(Boolean)).toHaveLength(35);
  });
});

const term = tmuxTerminal();
afterEach(() => void term.kill());

describe.skipIf(!kmsg || !hasTmux)('the app on /proc/kmsg, in tmux', () => {
  it('says it waits for data, and q quits at once (no read holds the process)', async () => {
    term.start(`node ${BIN} /proc/kmsg; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('waiting for data'), 'the header saying it waits');
    const after = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(after).toContain('EXIT=0');
  });
});
