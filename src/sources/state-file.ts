import { type BigIntStats, closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Flags to open a path for reading that never wait: O_NONBLOCK (a FIFO with no writer,
 * a serial line, would block the open for ever, and no signal handler runs meanwhile;
 * it changes nothing for a regular file) and O_NOCTTY (a terminal is never made ours).
 */
export const OPEN_NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

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
 * none; `ignored` says why one was not read (the caller says so once). `onChunk` sees
 * the bytes as they are read, in order, a chunk at a time (a checksum's update).
 */
export function readStateFile(
  path: string,
  maxBytes: number,
  onChunk?: (chunk: Buffer, at: number) => void,
): StateFile {
  let fd: number;
  try {
    fd = openSync(path, OPEN_NO_WAIT);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? null : { ignored: `${path} cannot be opened (${code ?? 'unknown error'})` };
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    if (!info.isFile()) return { ignored: `${path} is ${kindOf(info)}` };
    if (info.size > BigInt(maxBytes))
      return { ignored: `${path} is over ${(maxBytes / 2 ** 20).toLocaleString('en-US')} MiB` };
    return { bytes: readStaged(fd, Number(info.size), onChunk), info };
  } catch (error) {
    return { ignored: `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  } finally {
    closeSync(fd);
  }
}

/** Bytes per read: the staging buffer below. */
const STAGE_BYTES = 1 << 20;

/**
 * The first `size` bytes of `fd` (fewer if it ends sooner), read through one small
 * buffer and copied on. Read straight into a fresh buffer, a big file's pages were
 * faulted in twice where this machine's kernel sandboxes memory (once as the kernel
 * wrote them, again at the first touch: a checksum's pass over a 106 MB index took
 * 210 ms after the read, 65 ms over the same bytes again). Staged, each page of the
 * result is first touched by the copy: 405 ms against 535 ms to read and check it.
 */
function readStaged(fd: number, size: number, onChunk?: (chunk: Buffer, at: number) => void): Buffer {
  const out = Buffer.allocUnsafe(size);
  const stage = Buffer.allocUnsafe(Math.min(STAGE_BYTES, size));
  let got = 0;
  while (got < size) {
    const n = readSync(fd, stage, 0, Math.min(stage.length, size - got), got);
    if (n === 0) break;
    const chunk = stage.subarray(0, n);
    onChunk?.(chunk, got);
    chunk.copy(out, got);
    got += n;
  }
  return got === size ? out : out.subarray(0, got);
}
