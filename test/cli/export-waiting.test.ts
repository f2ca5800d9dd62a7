import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

/** Every child started: ended after each test, also one that failed waiting. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

/** Runs the binary until its stderr says `text`, then ends it: what it said by then. */
function stderrUntil(args: string[], text: string): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let said = '';
  return new Promise((resolve) => {
    const done = () => {
      child.kill('SIGTERM');
      resolve(said);
    };
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes(text)) done();
    });
    child.on('exit', () => resolve(said));
  });
}

describe('--export from a source that gives nothing yet says what it waits for', () => {
  // A FIFO with no writer waits as /proc/kmsg does (a device that gives nothing), and
  // reliably: a kernel that logs meanwhile would give /proc/kmsg lines to read.
  it('a FIFO no one writes: waiting for a writer, on stderr, for --export and --export-otlp', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-wait-'));
    const fifo = join(dir, 'in.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const flag of ['--export', '--export-otlp'])
      expect(await stderrUntil([flag, join(dir, 'out'), fifo], 'waiting for')).toContain(
        `mcp-replay-tui: ${fifo}: waiting for a writer`,
      );
  });
});
