import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

/** Runs the binary until its stderr says `text`, then ends it: what it said by then. */
function stderrUntil(args: string[], text: string): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
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

const readable = (path: string): boolean => {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};

describe('--export from a source that gives nothing yet says what it waits for', () => {
  it.skipIf(!readable('/proc/kmsg'))('a device that never ends (/proc/kmsg): waiting for data, on stderr', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'mrt-wait-')), 'o.jsonl');
    const said = await stderrUntil(['--export', out, '/proc/kmsg'], 'waiting for data');
    expect(said).toContain('mcp-replay-tui: /proc/kmsg: waiting for data (a device or a kernel file');
  });

  it.skipIf(!readable('/proc/kmsg'))('--export-otlp says it too', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'mrt-wait-')), 'o.json');
    expect(await stderrUntil(['--export-otlp', out, '/proc/kmsg'], 'waiting for data')).toContain(
      '/proc/kmsg: waiting for data',
    );
  });
});
