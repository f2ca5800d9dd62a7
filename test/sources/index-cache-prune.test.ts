import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_LIMITS, pruneCache, readCached } from '../../src/sources/index-cache.js';
import { writeCached } from '../../src/sources/index-write.js';

const DAY = 24 * 60 * 60 * 1000;
const tempDir = () => mkdtempSync(join(tmpdir(), 'mrt-cache-prune-'));

/** An index file (any bytes: pruning reads no content) last used `daysAgo` days ago. */
function index(dir: string, name: string, bytes: number, daysAgo: number, now: number): string {
  const path = join(dir, `${name}.idx`);
  writeFileSync(path, Buffer.alloc(bytes));
  const t = new Date(now - daysAgo * DAY);
  utimesSync(path, t, t);
  return path;
}
const left = (dir: string) => readdirSync(dir).sort();

describe('the index cache keeps what is used and deletes the rest', () => {
  it('deletes indexes unused for longer than the age limit, and nothing else in the folder', () => {
    const dir = tempDir();
    const now = Date.now();
    index(dir, 'fresh', 10, 1, now);
    index(dir, 'month', 10, 29, now);
    index(dir, 'old', 10, 31, now);
    index(dir, 'ancient', 10, 400, now);
    writeFileSync(join(dir, 'notes.txt'), 'not an index');
    expect(pruneCache(dir, CACHE_LIMITS, now)).toBe(2);
    expect(left(dir)).toEqual(['fresh.idx', 'month.idx', 'notes.txt']);
  });

  it('past the size cap, deletes the least recently used first; the newest stays even when it alone is over', () => {
    const dir = tempDir();
    const now = Date.now();
    for (const [name, days] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      index(dir, name, 100, days, now);
    expect(pruneCache(dir, { maxAgeMs: 30 * DAY, maxBytes: 250 }, now)).toBe(2);
    expect(left(dir)).toEqual(['a.idx', 'b.idx']);
    expect(pruneCache(dir, { maxAgeMs: 30 * DAY, maxBytes: 50 }, now)).toBe(1);
    expect(left(dir)).toEqual(['a.idx']);
  });

  it('a read marks the index used (it survives the next prune); a write prunes', () => {
    const dir = tempDir();
    const now = Date.now();
    const key = 'ef'.repeat(32);
    expect(writeCached(key, [Buffer.from('payload')], dir)).toBeNull();
    const path = join(dir, `${key}.idx`);
    const longAgo = new Date(now - 60 * DAY);
    utimesSync(path, longAgo, longAgo);
    expect(readCached(key, dir)?.payload.toString()).toBe('payload');
    expect(statSync(path).mtimeMs).toBeGreaterThan(now - DAY);
    // Another index saved: the stale one goes, the one just read stays.
    const stale = index(dir, 'cd'.repeat(32), 10, 45, now);
    expect(writeCached('12'.repeat(32), [Buffer.from('x')], dir)).toBeNull();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(path)).toBe(true);
  });

  it('a folder that is missing or unreadable prunes nothing and throws nothing', () => {
    expect(pruneCache(join(tempDir(), 'nope'))).toBe(0);
  });
});
