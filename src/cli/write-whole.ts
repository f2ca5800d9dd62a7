import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { reasonOf } from '../sources/cache-dir.js';
import { stdoutIsTerminal, writeStdout } from './output.js';

/**
 * Writes `path` through a temp file beside it, renamed over it once whole (the index
 * cache writes the same way): a failure midway (an error, a full disk, a signal) leaves
 * no partial file, and whatever was at `path` stays as it was. A symlink is followed
 * (the file it names is replaced, not the link). A path that names no regular file
 * (`/dev/stdout`, a FIFO) is written in place: renaming over it would replace it. A FIFO
 * is opened without blocking (none of its writes may wait for a reader here: a FIFO no
 * one reads fails, ENXIO; `writeExport` waits for one). Returns what `fill` returns;
 * `write` takes text or bytes as they come. A failure of the file system names `path`
 * (`cannot write PATH: no such directory`), never the temp file.
 */
export function writeWhole<T>(path: string, fill: (write: (data: string | Uint8Array) => void) => T): T {
  let target = path;
  try {
    const info = statSync(path);
    if (info.isFIFO()) return writeTo(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK), fill);
    if (!info.isFile()) return writeTo(openSync(path, 'w'), fill);
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

/** An export's path that means stdout, as for most tools that write a file. */
export const STDOUT = '-';

/** How an export's path is named in what it says: `stdout` for `-`. */
export const exportName = (path: string): string => (path === STDOUT ? 'stdout' : path);

/**
 * Why an export to `path` is refused before anything is read: `-` while stdout is this
 * terminal (JSON lines would flood it). Null when it may go ahead.
 */
export function stdoutRefusal(flag: string, path: string | undefined): string | null {
  return path === STDOUT && stdoutIsTerminal()
    ? `${flag} -: stdout is a terminal; pipe it (… | jq) or name a file`
    : null;
}

/** What a FIFO export says while no reader has opened it. */
export const FIFO_NO_READER = 'waiting for a reader (a FIFO: nothing is written until one opens it)';
/** How often a FIFO is tried for a reader: opening it to wait would block the thread, deaf to signals. */
const READER_POLL_MS = 100;

/**
 * `writeWhole` for a command's export, where `path` may be a FIFO: that one is opened
 * without blocking, tried again until a reader opens it (`waiting` is called once, the
 * first time there is none), and written through a socket, so a slow reader holds the
 * writes back without holding the thread: SIGTERM still ends the command. Anything else
 * is written as `writeWhole` writes it; `-` goes to stdout.
 */
export async function writeExport(
  path: string,
  chunks: Iterable<string | Uint8Array>,
  waiting: () => void,
): Promise<void> {
  if (path === STDOUT) return writeStdout(chunks);
  const info = await stat(path).catch(() => null);
  if (!info?.isFIFO()) {
    writeWhole(path, (write) => {
      for (const chunk of chunks) write(chunk);
    });
    return;
  }
  let fd: number | null = null;
  for (let said = false; fd === null; ) {
    try {
      fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
      if (!said) waiting();
      said = true;
      await new Promise((resolve) => setTimeout(resolve, READER_POLL_MS));
    }
  }
  // A pipe socket: libuv writes it without blocking, and says when it drains.
  const socket = new Socket({ fd, readable: false, writable: true });
  try {
    const failed = new Promise<never>((_, reject) => socket.once('error', reject));
    failed.catch(() => undefined);
    for (const chunk of chunks)
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), failed]);
    await Promise.race([new Promise<void>((resolve) => socket.end(resolve)), failed]);
  } finally {
    socket.destroy();
  }
}
