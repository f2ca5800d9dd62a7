import { type Dirent, realpathSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A recording file found by `findRecordings`: its path as found, when it last changed (ms), its size. */
export interface FoundFile {
  path: string;
  mtimeMs: number;
  bytes: number;
}

/** A path that names nothing readable, and why: listed, never silently skipped. */
export interface NotFound {
  path: string;
  reason: string;
}

/** The names a directory or a glob yields: recordings in any format are `.jsonl` or `.json` files. */
export const RECORDING_NAME = /\.jsonl?$/i;

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many symbolic links',
};
const reasonOf = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  return REASONS[e.code ?? ''] ?? e.message;
};

/**
 * The files that `args` name: a file as it is (whatever its name), a directory searched
 * recursively for `*.jsonl` and `*.json` files, and a glob (one the shell left quoted)
 * expanded here to the `*.jsonl` and `*.json` files it matches. URLs pass through as
 * they are. Each file once (by its real path), in the order found; a directory's
 * entries in name order. What names nothing is in `missing`, with why.
 */
export async function findRecordings(args: readonly string[]): Promise<{ files: FoundFile[]; missing: NotFound[] }> {
  // Loaded here: what only names files (namesDirectory, pairRuns) never pays for it.
  const { glob, isDynamicPattern } = await import('tinyglobby');
  const files: FoundFile[] = [];
  const missing: NotFound[] = [];
  const seen = new Set<string>();
  const add = (path: string, mtimeMs: number, bytes: number) => {
    let real = path;
    try {
      real = realpathSync(path);
    } catch {
      // Listed under its own name: reading it says what is wrong.
    }
    if (seen.has(real)) return;
    seen.add(real);
    files.push({ path, mtimeMs, bytes });
  };
  for (const arg of args) {
    if (isUrl(arg)) {
      add(arg, 0, 0);
      continue;
    }
    let info: Awaited<ReturnType<typeof stat>> | null = null;
    try {
      info = await stat(arg);
    } catch (error) {
      if (!isDynamicPattern(arg)) {
        missing.push({ path: arg, reason: reasonOf(error) });
        continue;
      }
    }
    if (info?.isDirectory()) await walk(arg, add, missing, new Set());
    else if (info) add(arg, info.mtimeMs, info.size);
    else {
      const matched = (await glob(arg, { dot: false, expandDirectories: false })).filter((p) => RECORDING_NAME.test(p));
      if (matched.length === 0) missing.push({ path: arg, reason: 'no .jsonl or .json file matches' });
      for (const path of matched.sort()) {
        const found = await stat(path).catch(() => null);
        add(path, found?.mtimeMs ?? 0, found?.size ?? 0);
      }
    }
  }
  return { files, missing };
}

/**
 * A directory's recordings, depth first in name order. Hand-rolled rather than a glob
 * package: those skip a directory they cannot read without a word (fdir's
 * `suppressErrors`), and here every one is listed with why. A directory reached twice
 * through links is read once.
 */
async function walk(
  dir: string,
  add: (path: string, mtimeMs: number, bytes: number) => void,
  missing: NotFound[],
  visited: Set<string>,
): Promise<void> {
  let entries: Dirent[];
  try {
    const real = realpathSync(dir);
    if (visited.has(real)) return;
    visited.add(real);
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    missing.push({ path: dir, reason: reasonOf(error) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory();
    let mtimeMs = 0;
    let bytes = 0;
    if (entry.isSymbolicLink() || !isDir) {
      if (!isDir && !entry.isSymbolicLink() && !RECORDING_NAME.test(entry.name)) continue;
      try {
        const info = await stat(path);
        isDir = info.isDirectory();
        mtimeMs = info.mtimeMs;
        bytes = info.size;
      } catch (error) {
        if (RECORDING_NAME.test(entry.name)) missing.push({ path, reason: reasonOf(error) });
        continue;
      }
    }
    if (isDir) await walk(path, add, missing, visited);
    else if (RECORDING_NAME.test(entry.name)) add(path, mtimeMs, bytes);
  }
}

/** Whether an argument names a directory: the app then lists its runs, and `report` reads them. */
export const namesDirectory = (args: readonly string[]): boolean =>
  args.some((a) => {
    try {
      return statSync(a).isDirectory();
    } catch {
      return false;
    }
  });

/** One run: the files that record it (its agent and mcp planes), named by the path they share. */
export interface Run {
  /** The path without the plane and the extension: `traces/x` for `traces/x.agent.jsonl` and `traces/x.mcp.jsonl`. */
  id: string;
  /** Its files, by name. */
  files: string[];
  /** The latest change of any of its files (ms). */
  mtimeMs: number;
  /** Its files' sizes, summed. */
  bytes: number;
}

const isUrl = (path: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
const PLANE = /\.(agent|mcp)$/i;

/**
 * A file's run id: for a plane (`X.agent.jsonl`, `X.mcp.json`), its path less the plane
 * and the extension (`X`); any other file is a run of its own, named by its path.
 */
export function runIdOf(path: string): string {
  const name = basename(path).replace(/\.jsonl?$/i, '');
  const stem = name.replace(PLANE, '');
  return stem === name || stem === '' ? path : join(dirname(path), stem);
}

/**
 * Files paired into runs by name: `X.agent.jsonl` and `X.mcp.jsonl` in one directory are
 * one run, `X`; any other file is a run of its own. Runs in the order of their first file.
 */
export function pairRuns(files: readonly FoundFile[]): Run[] {
  const byId = new Map<string, Run>();
  for (const f of files) {
    // A URL is a run of its own: its name is the address.
    const id = isUrl(f.path) ? f.path : runIdOf(f.path);
    const run = byId.get(id);
    if (run) {
      run.files.push(f.path);
      run.files.sort();
      run.mtimeMs = Math.max(run.mtimeMs, f.mtimeMs);
      run.bytes += f.bytes;
    } else byId.set(id, { id, files: [f.path], mtimeMs: f.mtimeMs, bytes: f.bytes });
  }
  return [...byId.values()];
}
