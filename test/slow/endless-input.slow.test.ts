import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';

/*
 * `summary /dev/zero` never ends (a line without a newline, forever): memory must stay
 * bounded. The line is dropped past 64 MiB; its bytes never pile up. Measured from
 * /proc (Linux): the peak RSS after many times the limit has been read.
 */

const kb = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);

describe.skipIf(!existsSync('/dev/zero') || !existsSync('/proc/self/status'))('an input that never ends', () => {
  it('summary /dev/zero keeps its peak memory bounded while it reads on', async () => {
    const child = spawn(process.execPath, [BIN, 'summary', '/dev/zero'], { cwd: ROOT, stdio: 'ignore' });
    const samples: number[] = [];
    let peak = 0;
    try {
      for (let i = 0; i < 16; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        samples.push(kb(status, 'VmRSS'));
        peak = kb(status, 'VmHWM');
      }
      // It is still reading, not stuck or dead.
      expect(child.exitCode).toBeNull();
      const io = readFileSync(`/proc/${child.pid}/io`, 'utf8');
      const read = Number(/rchar: (\d+)/.exec(io)?.[1]);
      expect(read).toBeGreaterThan(256 << 20);
    } finally {
      child.kill('SIGKILL');
    }
    // The 64 MiB being gathered (once, in a doubling buffer) and node itself: well under 400 MB however much is read.
    expect(peak, `peak ${peak} kB, samples ${samples.join(' ')}`).toBeLessThan(400 * 1024);
    // And it does not creep: the last samples are no higher than the middle ones plus a margin.
    expect(Math.max(...samples.slice(-4))).toBeLessThan(Math.max(...samples.slice(4, 8)) + 32 * 1024);
  }, 40_000);
});
