import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWithCache } from '../../src/cli/load.js';
import { FileSource } from '../../src/sources/file-source.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { bundledPrices } from '../../src/trace/prices.js';
import { damagedIndexes, pastRacyWindow, storeDump, writeBigTrace } from '../helpers/cache.js';

let dir: string;
let cache: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mrt-load-'));
  cache = join(dir, 'cache');
  process.env.MCP_REPLAY_TUI_CACHE_DIR = cache;
});
afterEach(() => {
  delete process.env.MCP_REPLAY_TUI_CACHE_DIR;
});

async function open(path: string, cacheOn = true, prepare?: (store: TraceStore) => void) {
  const store = new TraceStore(bundledPrices());
  prepare?.(store);
  const source = new FileSource(path);
  try {
    const loaded = await loadWithCache(store, source, { cache: cacheOn });
    return {
      ...loaded,
      store,
      dump: storeDump(store),
      restoredDump: storeDump(store, true),
      raw: store.rawLine(store.count - 1),
    };
  } finally {
    source.close();
  }
}

const indexFiles = () => (existsSync(cache) ? readdirSync(cache) : []);

describe('loading through the index cache', () => {
  it('puts the file in the store at once, loading, as the first frame shows it (the indexing code comes later)', async () => {
    const store = new TraceStore(bundledPrices());
    const source = new FileSource('examples/demo.jsonl');
    const loading = loadWithCache(store, source, { cache: false, interactive: true });
    expect(store.files.map((f) => [f.name, f.state])).toEqual([['examples/demo.jsonl', 'loading']]);
    await loading;
    expect(store.files[0]!.state).toBe('done');
    expect(store.count).toBeGreaterThan(0);
    source.close();
  });

  it('with a person waiting and a saved index: the head at once, said to come from the index, then the whole', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const reference = await open(path, false);
    expect((await open(path)).cached).toBe(false);
    const store = new TraceStore(bundledPrices());
    const source = new FileSource(path);
    const seen: { count: number; state: string | null }[] = [];
    store.notifier.subscribe(() =>
      seen.push({
        count: store.count,
        state: store.files[0] ? (store.files[0].stateText ?? store.files[0].state) : null,
      }),
    );
    const loading = loadWithCache(store, source, { cache: true, interactive: true });
    // The file is there at once, saying what is read, never an empty `0 rec`.
    expect(store.files[0]?.stateText).toBe('reading its saved index');
    await vi.waitFor(() => expect(store.count).toBeGreaterThan(0));
    expect(store.files[0]?.stateText).toBe('reading its saved index');
    expect(seen).toContainEqual({ count: store.count, state: 'reading its saved index' });
    expect((await loading).cached).toBe(true);
    expect(storeDump(store, true)).toEqual(reference.restoredDump);
    source.close();
  });

  it('with a person waiting: reads the saved index only once the screen is up, however long its code takes', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    expect((await open(path)).cached).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const store = new TraceStore(bundledPrices());
      const source = new FileSource(path);
      let screenUp = () => {};
      const shown = new Promise<void>((resolve) => {
        screenUp = resolve;
      });
      let done = false;
      const loading = loadWithCache(store, source, { cache: true, interactive: true, shown }).then((r) => {
        done = true;
        return r;
      });
      await vi.waitFor(() => expect(store.count).toBeGreaterThan(0));
      // A busy machine: the app's code takes a second to load. The head stays, the index waits.
      await vi.advanceTimersByTimeAsync(1000);
      expect(done).toBe(false);
      expect(store.files[0]?.stateText).toBe('reading its saved index');
      screenUp();
      await vi.advanceTimersByTimeAsync(100);
      expect((await loading).cached).toBe(true);
      source.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives exactly the --no-cache store whatever is wrong with the saved index: a flipped byte anywhere, or a cut', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const reference = await open(path, false);
    expect(indexFiles()).toEqual([]);
    expect((await open(path)).cached).toBe(false);
    const [name] = indexFiles();
    const idx = join(cache, name!);
    const good = readFileSync(idx);
    const restored = await open(path);
    expect(restored.cached).toBe(true);
    expect(restored.restoredDump).toEqual(reference.restoredDump);
    expect(restored.raw).toBe(reference.raw);

    // Every field of the file's header, a sample of the parts (all of them in test/slow), cuts.
    const cases = damagedIndexes(good, { partStride: 8, cuts: 3 });
    for (const { what, bytes } of cases) {
      writeFileSync(idx, bytes);
      const got = await open(path);
      expect(got.cached, what).toBe(false);
      expect(got.dump, what).toEqual(reference.dump);
      // The bad index went; the one indexed in its place is whole again.
      expect(indexFiles(), what).toEqual([name]);
      expect(readFileSync(idx).equals(good), what).toBe(true);
    }
  });

  it('indexes into a store as new when restoring throws halfway (never on top of half the columns)', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const reference = await open(path, false);
    await open(path);
    const got = await open(path, true, (store) => {
      vi.spyOn(store.cols.usage.cost, 'restore').mockImplementation(() => {
        throw new Error('restore failed');
      });
    });
    expect(got.cached).toBe(false);
    expect(got.dump).toEqual(reference.dump);
    expect(got.store.count).toBe(reference.store.count);
    expect(got.store.rows('calls').length).toBe(reference.store.rows('calls').length);
  });

  it('is not served stale after a same-length edit in the middle with the mtime put back (touch -r)', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const first = await open(path);
    expect((await open(path)).cached).toBe(true);
    writeFileSync(join(dir, 'ref'), '');
    execFileSync('touch', ['-r', path, join(dir, 'ref')]);
    // The demo's one failed tool call, answered "isError":null now: same length, other numbers.
    const text = readFileSync(path, 'latin1');
    const offset = text.lastIndexOf('"isError":true') + '"isError":'.length;
    expect(offset).toBeGreaterThan(4 << 20);
    const fd = openSync(path, 'r+');
    writeSync(fd, 'null', offset);
    closeSync(fd);
    execFileSync('touch', ['-r', join(dir, 'ref'), path]);
    await pastRacyWindow();
    const after = await open(path);
    expect(after.cached).toBe(false);
    expect(after.dump.stats).not.toEqual(first.dump.stats);
    expect(after.dump).toEqual((await open(path, false)).dump);
  });

  it('does not save what it read while the file changed, nor a file changed a moment ago', async () => {
    const path = writeBigTrace(dir);
    // Changed just now: a change within the same clock tick would leave no trace in its times.
    expect((await open(path)).cached).toBe(false);
    expect(indexFiles()).toEqual([]);
    await pastRacyWindow();
    await open(path);
    expect(indexFiles()).toHaveLength(1);
  });

  it('costs one notice and nothing else when the cache directory cannot be made', async () => {
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const reference = await open(path, false);
    writeFileSync(join(dir, 'file.txt'), '');
    const before = readdirSync(dir).sort();
    for (const unusable of ['/proc/nope', join(dir, 'file.txt', 'sub')]) {
      process.env.MCP_REPLAY_TUI_CACHE_DIR = unusable;
      const got = await open(path);
      expect(got.notice).toMatch(/^index cache off: cannot (create|use) /);
      expect(got.dump).toEqual(reference.dump);
      // Nothing else: no index, no temp file left beside the trace.
      expect(readdirSync(dir).sort()).toEqual(before);
      expect(readFileSync(join(dir, 'file.txt'), 'utf8')).toBe('');
    }
    // No notice when there is no cache to write: --no-cache, or a small file.
    expect((await open(path, false)).notice).toBeNull();
  });
});
