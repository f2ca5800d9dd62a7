/**
 * Marks (`m` in the app), kept per trace file in the state directory while the file is
 * unchanged: each trace's marks are one small JSON file, named by a hash of the trace's
 * absolute path, holding the version of the file they were set on (device, inode, size,
 * mtime, ctime, as the index cache keys a file). A file changed since drops its marks.
 */
import { createHash } from 'node:crypto';
import { renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ensureDir } from '../sources/cache-dir.js';
import { fileVersion } from '../sources/index-cache.js';
import { readStateFile } from '../sources/state-file.js';
import type { MarkRef } from '../ui/data/marks.js';
import type { KeptMarks } from '../ui/hooks/use-kept-marks.js';
import { stateDir } from './filter-history.js';

/** A mark as kept: a line of the file, and which record of that line (batch lines hold several). */
export interface SavedMark {
  line: number;
  nth: number;
}

/** At most this many marks are kept per file (a file of them stays small). */
export const MARKS_KEPT = 10_000;

const markFile = (trace: string, dir: string) =>
  join(dir, 'marks', `${createHash('sha256').update(resolve(trace)).digest('hex').slice(0, 32)}.json`);

/** The version of a regular file, or null (not a file, or gone). */
function versionOf(trace: string): string[] | null {
  try {
    const info = statSync(trace, { bigint: true });
    return info.isFile() ? fileVersion(info) : null;
  } catch {
    return null;
  }
}

/** Whether marks of `trace` can be kept: a regular file (not stdin, a FIFO or a URL). */
export const canKeepMarks = (trace: string): boolean => versionOf(trace) !== null;

const isMark = (m: unknown): m is [number, number] =>
  Array.isArray(m) && m.length === 2 && m.every((n) => Number.isSafeInteger(n) && n >= 0);

/**
 * The marks kept for `trace`. `dropped`: there were some, but the file changed since
 * they were set (they are deleted; the app says so once).
 */
/** Marks of one trace take a few KiB; past this a file is no marks file of ours. */
const MARKS_CAP = 16 * 1024 * 1024;

export function loadMarks(trace: string, dir = stateDir()): { marks: SavedMark[]; dropped: boolean } {
  const path = markFile(trace, dir);
  let saved: unknown;
  try {
    // A FIFO or /dev/zero at that path is left unread: it could block or fill the memory.
    const file = readStateFile(path, MARKS_CAP);
    if (!file || !('bytes' in file)) return { marks: [], dropped: false };
    saved = JSON.parse(file.bytes.toString('utf8'));
  } catch {
    return { marks: [], dropped: false };
  }
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as {
    path?: unknown;
    version?: unknown;
    marks?: unknown;
  };
  const marks = Array.isArray(s.marks) ? s.marks.filter(isMark) : [];
  const now = versionOf(trace);
  if (s.path === resolve(trace) && now !== null && JSON.stringify(s.version) === JSON.stringify(now))
    return { marks: marks.map(([line, nth]) => ({ line, nth })), dropped: false };
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
  return { marks: [], dropped: marks.length > 0 };
}

/**
 * Keeps `marks` for `trace`, with the file's version now (no marks: the file is
 * deleted). Written through a temp file and a rename; marks that cannot be written
 * stay for this run only.
 */
export function saveMarks(trace: string, marks: readonly SavedMark[], dir = stateDir()): void {
  const path = markFile(trace, dir);
  const version = versionOf(trace);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    if (marks.length === 0 || version === null) {
      unlinkSync(path);
      return;
    }
    if (ensureDir(join(dir, 'marks')) !== null) return;
    const kept = marks.slice(0, MARKS_KEPT).map((m) => [m.line, m.nth]);
    writeFileSync(temp, JSON.stringify({ path: resolve(trace), version, marks: kept }), { mode: 0o600 });
    renameSync(temp, path);
  } catch {
    // Kept for this run only, and no temp file left (a directory at the path refuses the rename).
    rmSync(temp, { force: true });
  }
}

/**
 * The app's marks of the files opened (`targets[i]` is the store's file `files[i]`):
 * the ones kept, and a notice naming the files whose marks were dropped because they
 * changed. Files that cannot keep marks (stdin, a URL) keep them for the run only.
 */
export function keptMarks(
  targets: readonly string[],
  files: readonly number[],
  dir = stateDir(),
): { kept: KeptMarks; notice: string | null } {
  // `-` is stdin, whatever a file of that name holds.
  const local = targets.flatMap((path, i) => (path !== '-' && canKeepMarks(path) ? [{ path, file: files[i]! }] : []));
  const saved: MarkRef[] = [];
  const dropped: string[] = [];
  for (const { path, file } of local) {
    const loaded = loadMarks(path, dir);
    saved.push(...loaded.marks.map((m) => ({ ...m, file })));
    if (loaded.dropped) dropped.push(basename(path));
  }
  const save = (refs: readonly MarkRef[]) => {
    for (const { path, file } of local)
      saveMarks(
        path,
        refs.filter((r) => r.file === file),
        dir,
      );
  };
  const notice = dropped.length ? `marks of ${dropped.join(', ')} dropped: the file changed since they were set` : null;
  return { kept: { saved, save }, notice };
}
