import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceStream } from '../../src/sources/device-stream.js';
import { DATA_WAITING, openSource } from '../../src/sources/open-source.js';
import { StreamSource } from '../../src/sources/stream-source.js';
import type { SourceEvent } from '../../src/sources/types.js';
import { ROOT } from '../helpers/cli.js';

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'mrt-device-'));

/**
 * A FIFO whose writer is there and silent stands for a device that gives nothing for a
 * while (/proc/kmsg until the kernel logs): a non-blocking read of it finds nothing,
 * as one of /proc/kmsg does, where a blocking one waits.
 */
function silentFifo(name: string) {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  // Read-write, so this open does not wait for a reader; the writes go to whoever reads.
  const fd = openSync(path, constants.O_RDWR);
  return { path, write: (text: string) => writeSync(fd, text), close: () => closeSync(fd) };
}

describe.skipIf(!hasMkfifo)('a device that gives nothing for a while', () => {
  it('is read without waiting in a read: says it waits, after a moment, then takes that back when bytes come', async () => {
    const fifo = silentFifo('silent');
    const source = new StreamSource(fifo.path, deviceStream(fifo.path), DATA_WAITING, null, 'data');
    const events: SourceEvent[] = [];
    const texts: string[] = [];
    const reading = (async () => {
      for await (const batch of source.lines((e) => events.push(e))) texts.push(...batch.map((l) => l.text));
    })();
    // Waiting is said once nothing came for a moment (a state, not a time: polled).
    while (!events.some((e) => e.type === 'notice')) await new Promise((r) => setTimeout(r, 10));
    expect(source.waiting()).toBe(DATA_WAITING);
    fifo.write('{"a":1}\n');
    while (texts.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(source.waiting()).toBeNull();
    source.close();
    fifo.close();
    // Closed while reading: the stream ends early, as a quit ends it.
    await reading.catch(() => undefined);
    expect(texts).toEqual(['{"a":1}']);
    expect(events.filter((e) => e.type === 'notice')).toEqual([
      { type: 'notice', message: DATA_WAITING },
      { type: 'notice', message: '' },
    ]);
  });

  it('a process reading one still exits at once (no read holds a thread of its pool)', () => {
    const fifo = silentFifo('exit');
    const script = `
      const { deviceStream } = await import('./dist/sources/device-stream.js');
      deviceStream(${JSON.stringify(fifo.path)}).on('data', () => {});
      setTimeout(() => process.exit(7), 200);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, timeout: 10_000 });
    fifo.close();
    expect(r.status).toBe(7);
  });

  it('an empty file and /dev/null are read as devices too: they end at once and say nothing', async () => {
    const empty = join(dir, 'empty.jsonl');
    closeSync(openSync(empty, 'w'));
    for (const path of [empty, '/dev/null']) {
      const source = await openSource(path);
      const events: SourceEvent[] = [];
      for await (const _ of source.lines((e) => events.push(e)));
      source.close();
      expect(events.filter((e) => e.type === 'notice')).toEqual([]);
    }
  });
});
