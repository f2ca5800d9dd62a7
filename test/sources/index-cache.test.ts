import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDir } from '../../src/sources/cache-dir.js';
import { CACHE_HEADER_BYTES, CACHE_MIN_BYTES, fileKey, readCached } from '../../src/sources/index-cache.js';
import { writeCached } from '../../src/sources/index-write.js';
import { pastRacyWindow, writeBigTrace } from '../helpers/cache.js';

const KEY = 'ab'.repeat(32);
const OTHER_KEY = 'cd'.repeat(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'mrt-index-cache-'));

/** Parts as saveSnapshot yields them: of several sizes, one empty, one a view into a larger buffer. */
function parts(): Uint8Array[] {
  const big = Buffer.alloc(9000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
  return [Buffer.from([1, 2, 3, 4]), big.subarray(100, 5100), new Uint8Array(0), Uint8Array.from([9, 8, 7])];
}
const payloadOf = () => Buffer.concat(parts());

describe('saved index file', () => {
  it('gives back exactly what was saved, part after part', () => {
    const dir = tempDir();
    expect(writeCached(KEY, parts(), dir)).toBeNull();
    const got = readCached(KEY, dir);
    expect(got).not.toBeNull();
    expect(Buffer.compare(got!.payload, payloadOf())).toBe(0);
    // The payload starts 8-byte aligned, so typed arrays can view it in place.
    expect(got!.payload.byteOffset % 8).toBe(0);
    expect(readdirSync(dir)).toEqual([`${KEY}.idx`]);
  });

  it('is refused and deleted when any byte is flipped: header (magic, key, length, hash) or payload', () => {
    const dir = tempDir();
    writeCached(KEY, parts(), dir);
    const path = join(dir, `${KEY}.idx`);
    const good = readFileSync(path);
    const positions = [...Array.from({ length: CACHE_HEADER_BYTES }, (_, i) => i)];
    for (let i = CACHE_HEADER_BYTES; i < good.length; i += 61) positions.push(i);
    positions.push(good.length - 1);
    for (const at of positions) {
      const bad = Buffer.from(good);
      bad[at]! ^= 0x20;
      writeFileSync(path, bad);
      expect(readCached(KEY, dir), `byte ${at}`).toBeNull();
      expect(existsSync(path), `byte ${at} deleted`).toBe(false);
    }
    // The good bytes were fine all along.
    writeFileSync(path, good);
    expect(readCached(KEY, dir)).not.toBeNull();
  });

  it('is refused and deleted when cut at any length, or with bytes after its end', () => {
    const dir = tempDir();
    writeCached(KEY, parts(), dir);
    const path = join(dir, `${KEY}.idx`);
    const good = readFileSync(path);
    const lengths = [0, 1, 7, 8, 39, 40, 47, 48, 79, 80, 81, 84, 85, 1000, 5083, 5084, 5085, good.length - 1];
    for (let n = 0; n < good.length; n += 257) lengths.push(n);
    for (const n of lengths) {
      writeFileSync(path, good.subarray(0, n));
      expect(readCached(KEY, dir), `cut at ${n}`).toBeNull();
      expect(existsSync(path), `cut at ${n} deleted`).toBe(false);
    }
    writeFileSync(path, Buffer.concat([good, Buffer.from([0])]));
    expect(readCached(KEY, dir)).toBeNull();
    expect(existsSync(path)).toBe(false);
  });

  it('is refused when it was saved for another key (a copied or renamed index)', () => {
    const dir = tempDir();
    writeCached(KEY, parts(), dir);
    writeFileSync(join(dir, `${OTHER_KEY}.idx`), readFileSync(join(dir, `${KEY}.idx`)));
    expect(readCached(OTHER_KEY, dir)).toBeNull();
    expect(readCached(KEY, dir)).not.toBeNull();
  });

  it('deletes only the index it read: not one another instance renamed into its place meanwhile', () => {
    const dir = tempDir();
    writeCached(KEY, parts(), dir);
    const got = readCached(KEY, dir)!;
    // Another instance saves a new index over it; then this one finds its copy unusable.
    writeCached(KEY, parts(), dir);
    got.discard();
    expect(readCached(KEY, dir)).not.toBeNull();
    // Its own, still in place, goes.
    readCached(KEY, dir)!.discard();
    expect(existsSync(join(dir, `${KEY}.idx`))).toBe(false);
  });

  it('reads the old index whole while another write of the same key is halfway', () => {
    const dir = tempDir();
    writeCached(KEY, [Buffer.from('old index')], dir);
    const seen: (string | null)[] = [];
    function* slowWriter(): Generator<Uint8Array> {
      yield Buffer.from('new ');
      // Another instance opens the trace now.
      seen.push(readCached(KEY, dir)?.payload.toString() ?? null);
      yield Buffer.from('index');
    }
    expect(writeCached(KEY, slowWriter(), dir)).toBeNull();
    expect(seen).toEqual(['old index']);
    expect(readCached(KEY, dir)!.payload.toString()).toBe('new index');
  });

  it('two writes of the same key at once: each through its own temp file, the last rename wins whole', () => {
    const dir = tempDir();
    function* first(): Generator<Uint8Array> {
      yield Buffer.from('first ');
      // A second instance writes the same key, start to end, meanwhile.
      expect(writeCached(KEY, [Buffer.from('second index')], dir)).toBeNull();
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(1);
      yield Buffer.from('index');
    }
    expect(writeCached(KEY, first(), dir)).toBeNull();
    expect(readCached(KEY, dir)!.payload.toString()).toBe('first index');
    expect(readdirSync(dir)).toEqual([`${KEY}.idx`]);
  });

  it('keeps the old index whole and leaves no temp file when a write fails halfway', () => {
    const dir = tempDir();
    writeCached(KEY, parts(), dir);
    const before = readFileSync(join(dir, `${KEY}.idx`));
    function* failing(): Generator<Uint8Array> {
      yield Buffer.alloc(4096, 1);
      throw new Error('the store went away');
    }
    expect(writeCached(KEY, failing(), dir)).toMatch(/cannot write to .*: the store went away/);
    expect(readdirSync(dir)).toEqual([`${KEY}.idx`]);
    expect(Buffer.compare(readFileSync(join(dir, `${KEY}.idx`)), before)).toBe(0);
  });

  it('writes through a temp file of its own per write, and sweeps the temps dead instances left', () => {
    const dir = tempDir();
    const stale = join(dir, `.${KEY}.4242.0123456789ab.tmp`);
    const fresh = join(dir, `.${KEY}.4243.ba9876543210.tmp`);
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'in progress');
    const twoHoursAgo = Date.now() / 1000 - 7200;
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(writeCached(KEY, parts(), dir)).toBeNull();
    expect(readdirSync(dir).sort()).toEqual([`.${KEY}.4243.ba9876543210.tmp`, `${KEY}.idx`]);
    // A temp name already taken (another write in progress) is never written through.
    expect(readFileSync(fresh, 'utf8')).toBe('in progress');
  });
});

describe('cache directory', () => {
  it('is made level by level, private (0700)', () => {
    const dir = join(tempDir(), 'a', 'b', 'c');
    expect(ensureDir(dir)).toBeNull();
    for (const level of [dir, join(dir, '..'), join(dir, '..', '..')]) expect(statSync(level).mode & 0o777).toBe(0o700);
    expect(ensureDir(dir)).toBeNull();
  });

  it('under /proc: refused at once (recursive mkdir loops there for ever)', () => {
    const started = performance.now();
    expect(ensureDir('/proc/nope')).toMatch(/^cannot create \/proc\/nope: /);
    expect(ensureDir('/proc/nope/deeper/still')).toMatch(/^cannot create /);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(writeCached(KEY, parts(), '/proc/nope')).toMatch(/^cannot create \/proc\/nope/);
  });

  it('under a regular file, or a regular file itself: refused with the reason (root can write anywhere, so chmod proves nothing)', () => {
    const base = tempDir();
    const file = join(base, 'file.txt');
    writeFileSync(file, 'not a directory');
    expect(ensureDir(join(file, 'sub'))).toMatch(/a part of the path is not a directory/);
    expect(ensureDir(join(file, 'sub', 'deeper'))).toMatch(/a part of the path is not a directory/);
    expect(ensureDir(file)).toMatch(/not a directory/);
    expect(writeCached(KEY, parts(), join(file, 'sub'))).toMatch(/^cannot /);
    expect(readCached(KEY, join(file, 'sub'))).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe('not a directory');
  });

  it('made by another instance at the same moment: used', () => {
    const base = tempDir();
    mkdirSync(join(base, 'made'));
    expect(ensureDir(join(base, 'made'))).toBeNull();
  });
});

describe('cache key', () => {
  it('changes with a same-length edit in the middle even when the mtime is put back (touch -r): the ctime moves', async () => {
    const dir = tempDir();
    const path = writeBigTrace(dir);
    await pastRacyWindow();
    const before = fileKey(path, 's')!;
    expect(before.racy).toBe(false);
    expect(fileKey(path, 's')!.key).toBe(before.key);
    const ref = join(dir, 'ref');
    writeFileSync(ref, '');
    execFileSync('touch', ['-r', path, ref]);
    const mtime = statSync(path, { bigint: true }).mtimeNs;
    // One byte past the hashed head, the length kept.
    const fd = openSync(path, 'r+');
    writeSync(fd, 'y', CACHE_MIN_BYTES / 2);
    closeSync(fd);
    execFileSync('touch', ['-r', ref, path]);
    expect(statSync(path, { bigint: true }).mtimeNs).toBe(mtime);
    expect(fileKey(path, 's')!.key).not.toBe(before.key);
  });

  it('is racy right after a change (an index of it is not saved), and not once the clock has moved on', async () => {
    const path = writeBigTrace(tempDir());
    expect(fileKey(path, 's')!.racy).toBe(true);
    await pastRacyWindow();
    expect(fileKey(path, 's')!.racy).toBe(false);
  });

  it('depends on the salt (version, price table) and the path; none for small files, directories and missing paths', async () => {
    const dir = tempDir();
    const path = writeBigTrace(dir);
    expect(fileKey(path, 'a')!.key).not.toBe(fileKey(path, 'b')!.key);
    expect(fileKey(path, 'a')!.key).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(dir, 'small.jsonl'), '{}\n');
    expect(fileKey(join(dir, 'small.jsonl'), 'a')).toBeNull();
    expect(fileKey(dir, 'a')).toBeNull();
    expect(fileKey(join(dir, 'missing'), 'a')).toBeNull();
  });
});
