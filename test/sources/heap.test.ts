import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

/**
 * A child process (V8's flags are process-wide): the heap tightened, a thread started
 * the given way, then garbage made with some of it kept, as an index makes it. Prints
 * the young generation's size in MiB.
 */
function youngGenerationAfter(start: 'startThread' | 'new Worker'): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { startThread, tightenHeap } from './dist/sources/heap.js';
    tightenHeap();
    const idle = 'setInterval(() => {}, 1 << 30)';
    const worker = ${start === 'startThread' ? 'startThread' : 'new Worker'}(idle, { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    worker.unref();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const kept = [];
    for (let i = 0; i < 2e7; i++) {
      const o = { i, a: [i] };
      if (i % 1000 === 0) kept.push(o);
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 2 ** 20));
    process.exit(0);
  `;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('the heap stays tight when a thread starts', () => {
  it('keeps the young generation at its first few MiB after startThread', () => {
    expect(youngGenerationAfter('startThread')).toBeLessThanOrEqual(4);
  });

  it('needs to: a bare Worker lets it grow (Node 20)', () => {
    // If a later Node stops resetting the flag, this fails: startThread's re-set is then
    // no longer needed, and its comment should say so.
    expect(youngGenerationAfter('new Worker')).toBeGreaterThanOrEqual(8);
  });

  it('is the one place a thread is started', () => {
    const src = join(ROOT, 'src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
    const starting = files(src).filter((f) => /\bnew Worker\(/.test(readFileSync(f, 'utf8')));
    expect(starting.map((f) => relative(src, f))).toEqual(['sources/heap.ts']);
  });
});
