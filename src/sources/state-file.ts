import { type BigIntStats, closeSync, constants, fstatSync, openSync } from 'node:fs';
import { readAt } from './file-source.js';

/** What a file of our own state (the filter history, a saved index) held, or why it was left alone (`PATH is a FIFO`). */
export type StateFile = { bytes: Buffer; info: BigIntStats } | { ignored: string } | null;

/** What a path is, when it is no regular file: said in the notice. */
function kindOf(info: BigIntStats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isDirectory()) return 'a directory';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Reads a file the app keeps for itself (in its state or cache directory) without
 * trusting what is at the path: opened non-blocking (a FIFO with no writer would block
 * the open for ever, and no signal handler runs meanwhile), then it must be a regular
 * file of at most `maxBytes`, and exactly the size it had is read (a symlink to
 * /dev/zero, or a file growing meanwhile, cannot fill the memory). Null when there is
 * none; `ignored` says why one was not read (the caller says so once).
 */
export function readStateFile(path: string, maxBytes: number): StateFile {
  let fd: number;
  try {
    // O_NONBLOCK changes nothing for a regular file; O_NOCTTY: a terminal is never made ours.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? null : { ignored: `${path} cannot be opened (${code ?? 'unknown error'})` };
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    if (!info.isFile()) return { ignored: `${path} is ${kindOf(info)}` };
    if (info.size > BigInt(maxBytes))
      return { ignored: `${path} is over ${(maxBytes / 2 ** 20).toLocaleString('en-US')} MiB` };
    return { bytes: readAt(fd, 0, Number(info.size)), info };
  } catch (error) {
    return { ignored: `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  } finally {
    closeSync(fd);
  }
}
