import { createHash, type Hash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { cacheDir, ensureDir, reasonOf } from './cache-dir.js';
import { pruneCache } from './index-cache.js';
import { CACHE_HEADER_BYTES, headerOf } from './index-format.js';

/*
 * Saving an index (index-cache.ts reads it). Atomic: a temp file of this process and
 * this write (`wx`: never another's), synced, then renamed over the index, so a reader
 * sees the old index or the new one whole, and two instances writing the same key at
 * once each rename a complete file. The directory is not synced: a rename lost in a
 * crash only costs a re-index. Both writers return null when saved, else why not (the
 * caller says so once; nothing else changes).
 */

/** Temp files older than this are left by an instance that died mid-write. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** A temp file being written: where, its descriptor, the payload's hash and length so far. */
interface Temp {
  dir: string;
  key: string;
  tmp: string;
  fd: number;
  hash: Hash;
  at: number;
}

function openTemp(key: string, dir: string): Temp {
  const tmp = join(dir, `.${key}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  return { dir, key, tmp, fd: openSync(tmp, 'wx', 0o600), hash: createHash('sha256'), at: CACHE_HEADER_BYTES };
}

/** Writes all of `bytes` at `position`. */
function writeAt(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Appends `bytes` to the payload. */
function append(t: Temp, bytes: Uint8Array): void {
  writeAt(t.fd, bytes, t.at);
  t.hash.update(bytes);
  t.at += bytes.length;
}

/** Writes the header (now that the payload's length and hash are known). */
function seal(t: Temp): void {
  writeAt(t.fd, headerOf(t.key, t.at - CACHE_HEADER_BYTES, t.hash.digest()), 0);
}

/** After the sync: the temp file becomes the index, and the directory is tidied. */
function publish(t: Temp): null {
  closeSync(t.fd);
  t.fd = -1;
  renameSync(t.tmp, join(t.dir, `${t.key}.idx`));
  sweepTemps(t.dir);
  pruneCache(t.dir);
  return null;
}

/** A write that failed: the temp file closed and gone, the old index (if any) untouched. */
function giveUp(t: Temp | null, dir: string, error: unknown): string {
  if (t) {
    if (t.fd >= 0) closeQuietly(t.fd);
    try {
      unlinkSync(t.tmp);
    } catch {
      // Never made, or gone.
    }
  }
  return `cannot write to ${dir}: ${reasonOf(error)}`;
}

/** Saves `parts` (written as they come, never joined first) as the index for `key`, in one go. */
export function writeCached(key: string, parts: Iterable<Uint8Array>, dir = cacheDir()): string | null {
  const problem = ensureDir(dir);
  if (problem) return problem;
  let t: Temp | null = null;
  try {
    t = openTemp(key, dir);
    for (const part of parts) append(t, part);
    seal(t);
    fdatasyncSync(t.fd);
    return publish(t);
  } catch (error) {
    return giveUp(t, dir, error);
  }
}

/** Work between two turns of the event loop while the app saves: keys and frames get the rest. */
const SLICE_MS = 8;
/** A part is written and hashed in pieces of this size (a 1 GiB trace's columns are 7 MiB each: ~19 ms). */
const PIECE_BYTES = 1 << 20;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The same, for the app: a slice of a few milliseconds per turn of the event loop, and
 * the sync on libuv's threads. In one go, saving a 1 GiB trace's index held every key
 * ~280 ms as its indexing ended (on this machine's fast disk; the sync alone can take
 * far longer on others). The parts are taken from `parts` as they are written, so what
 * makes them (store/snapshot.ts) must not change meanwhile: a saved index is of a file
 * read whole, which no longer changes. Quit meanwhile, the temp file is removed.
 */
export async function writeCachedSoon(
  key: string,
  parts: Iterable<Uint8Array>,
  dir = cacheDir(),
): Promise<string | null> {
  const problem = ensureDir(dir);
  if (problem) return problem;
  let t: Temp | null = null;
  const abandon = (): void => {
    if (t && t.fd >= 0) giveUp(t, dir, null);
  };
  process.once('exit', abandon);
  try {
    t = openTemp(key, dir);
    let slice = performance.now();
    for (const part of parts) {
      for (let from = 0; from < part.length; from += PIECE_BYTES) {
        append(t, part.subarray(from, from + PIECE_BYTES));
        if (performance.now() - slice < SLICE_MS) continue;
        await turn();
        slice = performance.now();
      }
    }
    seal(t);
    const fd = t.fd;
    await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    return publish(t);
  } catch (error) {
    return giveUp(t, dir, error);
  } finally {
    process.off('exit', abandon);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closing is all that was left to do.
  }
}

/** Deletes temp files that instances which died mid-write left behind (another's write in progress is younger). */
function sweepTemps(dir: string): void {
  try {
    const before = Date.now() - STALE_TEMP_MS;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.tmp')) continue;
      const path = join(dir, name);
      try {
        if (statSync(path).mtimeMs < before) unlinkSync(path);
      } catch {
        // Renamed or swept by another instance.
      }
    }
  } catch {
    // A sweep is housekeeping only.
  }
}
