import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWithCache } from '../../src/cli/load.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { damagedIndexes, pastRacyWindow, storeDump, summary, writeBigTrace } from '../helpers/cache.js';
import { GENERATOR } from '../helpers/gen-trace.js';

/** A generated trace of `mb` MiB (the real mix of calls, turns, errors), past the racy window. */
async function generated(dir: string, mb: number): Promise<string> {
  const path = join(dir, 'gen.jsonl');
  writeFileSync(
    path,
    spawnSync(process.execPath, [GENERATOR, '--mb', String(mb), '--bad', '0.001'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }).stdout,
  );
  await pastRacyWindow();
  return path;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  delete process.env.MCP_REPLAY_TUI_CACHE_DIR;
});

describe('index cache, at length', () => {
  it('instances at once on a generated 6 MiB trace, writing and reading the same key: every output right, the index whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-slow-'));
    const path = await generated(dir, 6);
    const cache = join(dir, 'cache');
    const reference = await summary(['--json', '--no-cache', path], cache, 120_000);
    expect(reference.code).toBe(0);
    // Two started together (both index and write), then three more while they may still be writing (read, or write again).
    const runs = [summary(['--json', path], cache, 120_000), summary(['--json', path], cache, 120_000)];
    for (const wait of [300, 300, 300]) {
      await delay(wait);
      runs.push(summary(['--json', path], cache, 120_000));
    }
    for (const got of await Promise.all(runs)) {
      expect(got.code).toBe(0);
      expect(got.stdout).toBe(reference.stdout);
    }
    const names = readdirSync(cache);
    expect(names).toHaveLength(1);
    const before = statSync(join(cache, names[0]!), { bigint: true });
    const last = await summary(['--json', path], cache, 120_000);
    expect(last.stdout).toBe(reference.stdout);
    // Served from the index as it was: not deleted and written again.
    expect(statSync(join(cache, names[0]!), { bigint: true }).ino).toBe(before.ino);
  });

  it('a same-length edit in the middle of a generated trace, mtime put back (touch -r): not served stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-slow-'));
    const path = await generated(dir, 5);
    const cache = join(dir, 'cache');
    const first = await summary(['--json', path], cache, 120_000);
    expect(readdirSync(cache)).toHaveLength(1);
    execFileSync('touch', ['-r', path, join(dir, 'ref')]);
    // A token count past the middle, one digit changed.
    const text = readFileSync(path, 'latin1');
    const at = text.indexOf('"output_tokens":', text.length >> 1) + '"output_tokens":'.length;
    const digit = text[at]!;
    const fd = openSync(path, 'r+');
    writeSync(fd, digit === '9' ? '8' : String(Number(digit) + 1), at);
    closeSync(fd);
    execFileSync('touch', ['-r', join(dir, 'ref'), path]);
    await pastRacyWindow();
    const after = await summary(['--json', path], cache, 120_000);
    expect(after.stdout).not.toBe(first.stdout);
    expect(after.stdout).toBe((await summary(['--json', '--no-cache', path], cache, 120_000)).stdout);
  });

  it('every binary part flipped, and cuts at 40 lengths: each time exactly the --no-cache store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-cache-slow-'));
    process.env.MCP_REPLAY_TUI_CACHE_DIR = join(dir, 'cache');
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const open = async (cache: boolean) => {
      const store = new TraceStore(bundledPrices());
      const source = new FileSource(path);
      const { cached } = await loadWithCache(store, source, { cache });
      source.close();
      return { cached, dump: storeDump(store) };
    };
    const reference = await open(false);
    await open(true);
    const [name] = readdirSync(join(dir, 'cache'));
    const idx = join(dir, 'cache', name!);
    const good = readFileSync(idx);
    for (const { what, bytes } of damagedIndexes(good, { partStride: 1, cuts: 40 })) {
      writeFileSync(idx, bytes);
      const got = await open(true);
      expect(got.cached, what).toBe(false);
      expect(got.dump, what).toEqual(reference.dump);
      expect(readFileSync(idx).equals(good), what).toBe(true);
    }
  });
});
