import { randomBytes } from 'node:crypto';
import { closeSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { reasonOf } from '../sources/cache-dir.js';

/**
 * Writes `path` through a temp file beside it, renamed over it once whole (the index
 * cache writes the same way): a failure midway (an error, a full disk, a signal) leaves
 * no partial file, and whatever was at `path` stays as it was. A symlink is followed
 * (the file it names is replaced, not the link). A path that names no regular file
 * (`/dev/stdout`, a FIFO) is written in place: renaming over it would replace it.
 * Returns what `fill` returns; `write` takes text or bytes as they come. A failure of
 * the file system names `path` (`cannot write PATH: no such directory`), never the temp file.
 */
export function writeWhole<T>(path: string, fill: (write: (data: string | Uint8Array) => void) => T): T {
  let target = path;
  try {
    if (!statSync(path).isFile()) return writeTo(openSync(path, 'w'), fill);
    target = realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.part`);
  try {
    const result = writeTo(openSync(temp, 'wx', 0o600), fill);
    renameSync(temp, target);
    return result;
  } catch (error) {
    rmSync(temp, { force: true });
    throw isSystemError(error) ? new Error(`cannot write ${path}: ${reasonOf(error)}`) : error;
  }
}

/** An error of the file system (it has a `syscall`), as opposed to one `fill` threw. */
const isSystemError = (error: unknown): boolean => typeof (error as NodeJS.ErrnoException)?.syscall === 'string';

function writeTo<T>(fd: number, fill: (write: (data: string | Uint8Array) => void) => T): T {
  try {
    return fill((data) => {
      if (typeof data === 'string') writeSync(fd, data);
      else writeSync(fd, data);
    });
  } finally {
    closeSync(fd);
  }
}
