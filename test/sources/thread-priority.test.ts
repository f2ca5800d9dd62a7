import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

// The built module: a worker thread runs plain JavaScript.
const BUILT = new URL('../../dist/sources/thread-priority.js', import.meta.url);

describe.skipIf(!existsSync('/proc/thread-self') || !existsSync(BUILT))('lowerThisThread', () => {
  it("lowers the calling thread's priority only: the process's own thread keeps its own", async () => {
    const before = getPriority(0);
    const seen = await new Promise<{ lowered: boolean; own: number }>((resolve, reject) => {
      const w = new Worker(
        `import('${BUILT.href}').then(({ lowerThisThread }) => {
           const { parentPort } = require('node:worker_threads');
           const lowered = lowerThisThread(10);
           parentPort.postMessage({ lowered, own: require('node:os').getPriority(0) });
         });`,
        { eval: true },
      );
      w.once('message', resolve);
      w.once('error', reject);
    });
    expect(seen).toEqual({ lowered: true, own: Math.max(before, 10) });
    expect(getPriority(0)).toBe(before);
  });
});
