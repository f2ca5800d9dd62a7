import { createHash } from 'node:crypto';
import {
  type BigIntStats,
  closeSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheDir } from './cache-dir.js';
import { CACHE_HEADER_BYTES, HASH_AT, KEY_AT, LENGTH_AT, MAGIC } from './index-format.js';
import { OPEN_NO_WAIT, readStateFile } from './state-file.js';

export { cacheDir } from './cache-dir.js';
export { CACHE_HEADER_BYTES } from './index-format.js';

/** Smaller traces index faster than a cache file is worth. */
export const CACHE_MIN_BYTES = 4 << 20;
const HEAD_BYTES = 64 << 10;

/**
 * What the cache may keep: an index unused for 30 days is deleted, and past 2 GiB in all
 * the least recently used go first (ccache's policy: a size cap, oldest out). Every key
 * names one file's exact version, so an edited or deleted trace leaves an index nothing
 * will read again: without this, the directory only grows. A use sets the index's mtime.
 */
export const CACHE_LIMITS = { maxAgeMs: 30 * 24 * 60 * 60 * 1000, maxBytes: 2 * 1024 ** 3 };

export interface FileKey {
  /** 64 hex digits: names the cache file, and is written into it. */
  key: string;
  /**
   * Changed so recently that a further change within the same tick of the file
   * system's clock would leave every time as it is (git's "racily clean" entries):
   * an index read now is not saved.
   */
  racy: boolean;
}

const sha256 = (data: string | Uint8Array): Buffer => createHash('sha256').update(data).digest();

/**
 * What names one version of a file, as git's index does: device, inode, size, mtime
 * and ctime in nanoseconds (`touch -r` puts an mtime back but cannot set the ctime).
 * A saved index and saved marks (cli/marks-file.ts) hold for the version they name.
 */
export const fileVersion = (info: BigIntStats): string[] =>
  [info.dev, info.ino, info.size, info.mtimeNs, info.ctimeNs].map(String);

/**
 * The cache key of a local file, as git's index keys a file: device, inode, size,
 * mtime and ctime in nanoseconds (`touch -r` puts an mtime back but cannot set the
 * ctime), plus a hash of its first 64 KiB, its absolute path and `salt` (what else
 * the index depends on: its format version, the price table). Any of them changing
 * gives another key, so a stale index is never found. Null: not a file worth caching.
 */
export function fileKey(path: string, salt: string): FileKey | null {
  try {
    const info = statSync(path, { bigint: true });
    if (!info.isFile() || info.size < BigInt(CACHE_MIN_BYTES)) return null;
    const now = BigInt(Date.now()) * 1_000_000n;
    // Without waiting: the path may name a FIFO by now.
    const fd = openSync(path, OPEN_NO_WAIT);
    const head = Buffer.alloc(Math.min(HEAD_BYTES, Number(info.size)));
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    const fields = [salt, resolve(path), ...fileVersion(info)];
    const key = sha256(JSON.stringify([...fields, sha256(head).toString('hex')])).toString('hex');
    // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take.
    const changed = info.mtimeNs > info.ctimeNs ? info.mtimeNs : info.ctimeNs;
    // Times in whole seconds: a file system that keeps no finer (FAT keeps 2 s). Else
    // the kernel's clock ticks every few ms: 100 ms is well past one tick.
    const tick = changed % 1_000_000_000n === 0n ? 2_000_000_000n : 100_000_000n;
    return { key, racy: now - changed < tick };
  } catch {
    return null;
  }
}

/** A saved index whose checksum holds, and how to delete it if its payload still proves unusable. */
export interface CachedIndex {
  payload: Buffer;
  discard(): void;
}

/**
 * The saved index for `key`, checked whole first: null when there is none, or when it
 * fails the check (it is then deleted: the caller indexes the file and writes a new one).
 * What is at its path is not trusted: a FIFO, a device or a file past the cache's size
 * is left unread (`onIgnored` says why; the index written next replaces it).
 */
export function readCached(key: string, dir = cacheDir(), onIgnored?: (why: string) => void): CachedIndex | null {
  const path = join(dir, `${key}.idx`);
  // The payload's checksum as it is read: a pass over bytes already in the cache.
  const hash = createHash('sha256');
  const read = readStateFile(path, CACHE_LIMITS.maxBytes, (chunk, at) => {
    if (at + chunk.length > CACHE_HEADER_BYTES) hash.update(chunk.subarray(Math.max(0, CACHE_HEADER_BYTES - at)));
  });
  if (read === null) return null;
  if ('ignored' in read) {
    onIgnored?.(`saved index not read: ${read.ignored}`);
    return null;
  }
  const { bytes } = read;
  const id = { dev: read.info.dev, ino: read.info.ino };
  // Deletes what was read, not a new index another instance has renamed into its place meanwhile.
  const discard = () => {
    try {
      const now = statSync(path, { bigint: true });
      if (now.dev === id.dev && now.ino === id.ino) unlinkSync(path);
    } catch {
      // Gone already.
    }
  };
  if (!intact(bytes, key, hash.digest())) {
    discard();
    return null;
  }
  markUsed(path);
  return { payload: bytes.subarray(CACHE_HEADER_BYTES), discard };
}

/** Whether a saved index holds together: its header, and `digest` (its payload's SHA-256) the one the header gives. */
function intact(bytes: Buffer, key: string, digest: Buffer): boolean {
  if (bytes.length < CACHE_HEADER_BYTES) return false;
  if (!bytes.subarray(0, KEY_AT).equals(MAGIC)) return false;
  if (!bytes.subarray(KEY_AT, LENGTH_AT).equals(Buffer.from(key, 'hex'))) return false;
  if (bytes.readBigUInt64LE(LENGTH_AT) !== BigInt(bytes.length - CACHE_HEADER_BYTES)) return false;
  return digest.equals(bytes.subarray(HASH_AT, CACHE_HEADER_BYTES));
}

/** Sets an index's mtime to now: the cache's record of when it was last used. */
function markUsed(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // A read-only cache still serves; it only ages sooner.
  }
}

/**
 * Deletes the indexes `limits` does not keep (see CACHE_LIMITS): first those unused for
 * longer than `maxAgeMs`, then the least recently used until the rest fit `maxBytes`
 * (the newest is kept even when it alone is bigger). Returns how many were deleted.
 */
export function pruneCache(dir: string, limits = CACHE_LIMITS, now = Date.now()): number {
  let entries: { path: string; used: number; bytes: number }[] = [];
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.idx')) continue;
      const path = join(dir, name);
      try {
        const info = statSync(path);
        if (info.isFile()) entries.push({ path, used: info.mtimeMs, bytes: info.size });
      } catch {
        // Deleted by another instance meanwhile.
      }
    }
  } catch {
    return 0;
  }
  entries.sort((a, b) => b.used - a.used);
  let kept = 0;
  let deleted = 0;
  entries = entries.filter((e, i) => {
    const keep = i === 0 || (now - e.used <= limits.maxAgeMs && kept + e.bytes <= limits.maxBytes);
    if (keep) kept += e.bytes;
    return !keep;
  });
  for (const e of entries) {
    try {
      unlinkSync(e.path);
      deleted++;
    } catch {
      // Gone already, or not ours to delete: housekeeping only.
    }
  }
  return deleted;
}
