import { type Dirent, type Stats, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { redactUrl } from './redact.js';

/** A recording file found by `findRecordings`: its path as found, when it last changed (ms), its size. */
export interface FoundFile {
  path: string;
  mtimeMs: number;
  bytes: number;
  /** Found in a directory or by a glob, not named by the user: a file of no known format there is passed over. */
  listed?: boolean;
  /** A FIFO, as the stat that found it said (read where it can say that it waits for a writer). */
  fifo?: boolean;
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
  ENOTDIR: 'a part of the path is not a directory',
  ENAMETOOLONG: 'name too long',
  EIO: 'input/output error',
};
const reasonOf = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  // Node's own text repeats the path (`ENOTDIR: not a directory, stat '…'`): the code's words, else its message's first part.
  return REASONS[e.code ?? ''] ?? e.message.replace(/, \w+ '.*$/s, '');
};

/** What makes a file itself, whatever names it: its device and inode. */
const identity = (info: Stats): string => `${info.dev}:${info.ino}`;

/**
 * The files that `args` name: a file as it is (whatever its name), a directory searched
 * recursively for `*.jsonl` and `*.json` files, and a glob (one the shell left quoted)
 * expanded here to the `*.jsonl` and `*.json` files it matches. URLs pass through as
 * they are. Each file once (named twice, or by two links), in the order found; a
 * directory's entries in name order. What names nothing is in `missing`, with why.
 */
export async function findRecordings(args: readonly string[]): Promise<{ files: FoundFile[]; missing: NotFound[] }> {
  // Loaded here: what only names files (namesDirectory, pairRuns) never pays for it.
  const { glob, isDynamicPattern } = await import('tinyglobby');
  const files: FoundFile[] = [];
  const missing: NotFound[] = [];
  const seen = new Map<string, FoundFile>();
  const add = (path: string, info: Stats | null, listed = false) => {
    const id = info ? identity(info) : path;
    const before = seen.get(id);
    // Named by the user as well as found in a directory: named (it is no longer passed over).
    if (before) return void (before.listed &&= listed);
    const file = { path, mtimeMs: info?.mtimeMs ?? 0, bytes: info?.size ?? 0, listed, fifo: info?.isFIFO() ?? false };
    seen.set(id, file);
    files.push(file);
  };
  const addListed = (path: string, info: Stats | null) => add(path, info, true);
  for (const arg of args) {
    if (isUrl(arg)) {
      add(arg, null);
      continue;
    }
    let info: Stats | null = null;
    try {
      info = await stat(arg);
    } catch (error) {
      if (!isDynamicPattern(arg)) {
        missing.push({ path: arg, reason: reasonOf(error) });
        continue;
      }
    }
    if (info?.isDirectory()) await walk(arg, addListed, missing, new Set());
    else if (info) add(arg, info);
    else {
      const matched = (await glob(arg, { dot: false, expandDirectories: false })).filter((p) => RECORDING_NAME.test(p));
      if (matched.length === 0) missing.push({ path: arg, reason: 'no .jsonl or .json file matches' });
      matched.sort();
      const infos = await Promise.all(matched.map((path) => stat(path).catch(() => null)));
      for (const [i, path] of matched.entries()) addListed(path, infos[i]!);
    }
  }
  return { files, missing };
}

/**
 * A directory's recordings, depth first in name order. Hand-rolled rather than a glob
 * package: those skip a directory they cannot read without a word (fdir's
 * `suppressErrors`), and here every one is listed with why. A directory's entries are
 * looked at all at once (2,000 files one after another took ~0.6 s); a directory reached
 * twice through links is read once.
 */
async function walk(
  dir: string,
  add: (path: string, info: Stats) => void,
  missing: NotFound[],
  visited: Set<string>,
): Promise<void> {
  let entries: Dirent[];
  try {
    const self = identity(await stat(dir));
    if (visited.has(self)) return;
    visited.add(self);
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    missing.push({ path: dir, reason: reasonOf(error) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Recordings by name, and what may lead to some: directories, and links to either.
  const wanted = entries.filter((e) => e.isDirectory() || e.isSymbolicLink() || RECORDING_NAME.test(e.name));
  const infos = await Promise.all(
    wanted.map((e) =>
      stat(join(dir, e.name)).then(
        (info) => ({ info }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  for (const [i, entry] of wanted.entries()) {
    const path = join(dir, entry.name);
    const found = infos[i]!;
    if ('info' in found && found.info.isDirectory()) {
      await walk(path, add, missing, visited);
      continue;
    }
    if (!RECORDING_NAME.test(entry.name)) continue;
    // Node reads names as UTF-8: one that is not comes back with U+FFFD, a path that no
    // longer names the file (so `no such file` would be wrong).
    if ('error' in found)
      missing.push({
        path,
        reason: entry.name.includes('\uFFFD') ? 'its name is not UTF-8: rename it to read it' : reasonOf(found.error),
      });
    // Only files a directory holds: a FIFO or a link to /dev/zero named x.jsonl would hold
    // every command that reads the directory (and the app past `q`) for ever. Named alone,
    // such a path is read as given (a FIFO is a way to pipe a trace in).
    else if (found.info.isFile()) add(path, found.info);
    else missing.push({ path, reason: 'not a regular file (a device, FIFO or socket): name it alone to read it' });
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
  /**
   * The path without the plane and the extension: `traces/x` for `traces/x.agent.jsonl`
   * and `traces/x.mcp.jsonl`; a URL as it may be shown (its secrets `***`, sources/redact.ts).
   * It names the run wherever it is printed: `report`'s rows, its JSON, the Sessions list.
   */
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
/** A Claude Code subagent's transcript: `<session>/subagents/<agent>.jsonl`, beside `<session>.jsonl`. */
const SUBAGENT = /^(.*[\\/])?([^\\/]+)[\\/]subagents[\\/][^\\/]+\.jsonl$/i;

/**
 * A file's run id: for a plane (`X.agent.jsonl`, `X.mcp.json`), its path less the plane
 * and the extension (`X`); for a Claude Code subagent's transcript, its session's
 * transcript (`S.jsonl` for `S/subagents/agent-1.jsonl`, whether that file is there or
 * not); any other file is a run of its own, named by its path.
 */
export function runIdOf(path: string): string {
  const subagent = SUBAGENT.exec(path);
  if (subagent) return `${subagent[1] ?? ''}${subagent[2]}.jsonl`;
  const name = basename(path).replace(/\.jsonl?$/i, '');
  const stem = name.replace(PLANE, '');
  return stem === name || stem === '' ? path : join(dirname(path), stem);
}

/**
 * Files paired into runs by name: `X.agent.jsonl` and `X.mcp.jsonl` in one directory are
 * one run, `X`; a Claude Code session's transcript and its subagents' are one run; any
 * other file is a run of its own. Runs in the order of their first file.
 */
export function pairRuns(files: readonly FoundFile[]): Run[] {
  const byId = new Map<string, Run>();
  for (const f of files) {
    // A URL is a run of its own: its name is the address, shown without its secrets
    // (two addresses that differ only there are still two runs).
    const key = isUrl(f.path) ? f.path : runIdOf(f.path);
    const id = isUrl(f.path) ? redactUrl(f.path) : key;
    const run = byId.get(key);
    if (run) {
      run.files.push(f.path);
      run.files.sort();
      run.mtimeMs = Math.max(run.mtimeMs, f.mtimeMs);
      run.bytes += f.bytes;
    } else byId.set(key, { id, files: [f.path], mtimeMs: f.mtimeMs, bytes: f.bytes });
  }
  return [...byId.values()];
}
