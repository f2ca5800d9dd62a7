import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Where saved indexes live: $MCP_REPLAY_TUI_CACHE_DIR, else $XDG_CACHE_HOME/mcp-replay-tui, else ~/.cache/mcp-replay-tui. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MCP_REPLAY_TUI_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-replay-tui');
}

/** The reason a path cannot be used, from an error's code (the OS text names no path). */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such directory',
    ENOTDIR: 'a part of the path is not a directory',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EEXIST: 'exists and is not a directory',
  };
  if (code !== undefined) return reasons[code] ?? code;
  return (error as Error | null)?.message ?? 'unknown error';
}

/**
 * Makes sure `dir` exists as a writable directory, creating what is missing (mode 0700).
 * Returns null when it is usable, else why not. Node's `mkdirSync(…, { recursive: true })`
 * is not used: under /proc it loops for ever at full CPU (mkdir says ENOENT for a path
 * whose parent exists, and it retries). So: walk up to the first ancestor that exists,
 * check it is a writable directory, then make each missing level, one mkdir each.
 */
export function ensureDir(dir: string): string | null {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `cannot use ${dir}: ${reasonOf(error)}`;
      const parent = dirname(at);
      if (parent === at) return `cannot create ${dir}: ${reasonOf(error)}`;
      missing.push(at);
      at = parent;
      continue;
    }
    if (!isDir)
      return `cannot ${missing.length ? 'create' : 'use'} ${dir}: ${missing.length ? 'a part of the path is not a directory' : 'not a directory'}`;
    try {
      accessSync(at, constants.W_OK | constants.X_OK);
    } catch (error) {
      return `cannot ${missing.length ? 'create' : 'write to'} ${dir}: ${reasonOf(error)}`;
    }
    break;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]!, { mode: 0o700 });
    } catch (error) {
      // Another instance made it meanwhile: fine, if it is a directory.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && isDirectory(missing[i]!)) continue;
      return `cannot create ${dir}: ${reasonOf(error)}`;
    }
  }
  return null;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
