import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Smaller traces index faster than a cache file is worth. */
export const CACHE_MIN_BYTES = 4 << 20;
const HEAD_BYTES = 64 << 10;

/** Where saved indexes live: $MCP_REPLAY_TUI_CACHE_DIR, else $XDG_CACHE_HOME/mcp-replay-tui, else ~/.cache/mcp-replay-tui. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MCP_REPLAY_TUI_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-replay-tui');
}

/**
 * The cache key of a local file: its absolute path, size, mtime and a hash of its
 * first 64 KiB. Any of them changing gives another key, so a stale index is never used.
 */
export function cacheKey(path: string): string | null {
  try {
    const info = statSync(path);
    if (!info.isFile() || info.size < CACHE_MIN_BYTES) return null;
    const fd = openSync(path, 'r');
    const head = Buffer.alloc(Math.min(HEAD_BYTES, info.size));
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    const headHash = createHash('sha256').update(head).digest('hex');
    return createHash('sha256').update(JSON.stringify([resolve(path), info.size, info.mtimeMs, headHash])).digest('hex');
  } catch {
    return null;
  }
}

export function readCached(key: string, dir = cacheDir()): Buffer | null {
  try {
    return readFileSync(join(dir, `${key}.idx`));
  } catch {
    return null;
  }
}

/**
 * Writes `parts` one after another, atomically (temp file, then rename), so a crash
 * never leaves half an index. Parts are written as they are, never joined first.
 */
export function writeCached(key: string, parts: Iterable<Uint8Array>, dir = cacheDir()): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = join(dir, `${key}.${process.pid}.tmp`);
    const fd = openSync(tmp, 'w', 0o600);
    try {
      for (const part of parts) for (let done = 0; done < part.length; ) done += writeSync(fd, part, done, part.length - done);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(dir, `${key}.idx`));
  } catch {
    // A cache that cannot be written is only a slower next open.
  }
}
