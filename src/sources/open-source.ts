import { closeSync, constants, createReadStream, openSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { deviceStream } from './device-stream.js';
import { assertReadable, FileSource } from './file-source.js';
import { redactText, redactUrl } from './redact.js';
import { StreamSource } from './stream-source.js';
import type { Source } from './types.js';

/** A source that could not be opened: names it and why, for a one-line message. `target` is as it may be shown (secrets redacted). */
export class OpenError extends Error {
  readonly target: string;
  readonly why: string;
  constructor(target: string, why: string) {
    const shown = redactUrl(target);
    const reason = redactText(why);
    super(`cannot open ${shown}: ${reason}`);
    this.target = shown;
    this.why = reason;
  }
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  EPERM: 'operation not permitted',
};

/**
 * Ends a reader's blocked open of a FIFO: a writer that opens without waiting (Linux
 * counts the blocked reader, so this succeeds) and closes at once; the reader sees the
 * end of an empty stream.
 */
function openAsWriter(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // No reader waits any more (ENXIO): nothing blocks.
  }
}

/** The releases of FIFO opens still waiting for a writer (each blocks a thread of Node's pool). */
const blockedOpens = new Set<() => void>();

/**
 * Ends every FIFO open still waiting for a writer. The process cannot exit while one
 * waits: `process.exit` joins the pool's threads, and that thread waits for ever.
 */
export function releaseBlockedOpens(): void {
  for (const release of [...blockedOpens]) release();
  blockedOpens.clear();
}

/** A FIFO read as a stream, its pending open released on close or by releaseBlockedOpens. */
function fifoSource(target: string): StreamSource {
  const stream = createReadStream(target);
  const release = () => {
    blockedOpens.delete(release);
    openAsWriter(target);
  };
  blockedOpens.add(release);
  stream.once('open', () => blockedOpens.delete(release));
  return new StreamSource(target, stream, FIFO_WAITING, release);
}

/** A device or a file that may block when read, as a stream (its bytes spooled to read back). */
function deviceSource(target: string): StreamSource {
  return new StreamSource(target, deviceStream(target), DATA_WAITING, null, 'data');
}

/** What a device's source says while it gives no byte (after a moment: an empty file ends at once). */
export const DATA_WAITING = 'waiting for data (a device or a kernel file: nothing is read until it gives some)';

/** What a FIFO's source says until a writer opens it. */
export const FIFO_WAITING = 'waiting for a writer (a FIFO: nothing is read until one opens it)';

/** A network source after its first request: a failure becomes an OpenError naming the target. */
async function connected<S extends Source & { open(): Promise<void> }>(target: string, source: S): Promise<S> {
  try {
    await source.open();
    return source;
  } catch (error) {
    source.close();
    throw new OpenError(target, (error as Error).message);
  }
}

export interface OpenOptions {
  follow?: boolean;
  stdin?: NodeJS.ReadableStream;
  allowRemoteWs?: boolean;
  /** `--timeout SECONDS` for network sources. */
  timeoutS?: number;
  /** A person watches (the app): a ws:// source reconnects after a drop (sources/ws-source.ts `live`). */
  live?: boolean;
}

/** What `-` says while stdin is a terminal and nothing has come: where the trace is read from, and how to end it. */
export const STDIN_TERMINAL = 'reading the trace from stdin, a terminal: pipe a file to it, or press Ctrl-D to end';

/** Opens a path, `-` (stdin), an http(s) URL or an mcp-tape live ws:// URL. Throws OpenError before anything is read. */
export async function openSource(target: string, options: OpenOptions = {}): Promise<Source> {
  const stdin = options.stdin ?? process.stdin;
  if (target === '-') {
    const stream = stdin as NodeJS.ReadableStream & import('node:stream').Readable & { isTTY?: boolean };
    // Stdin a terminal: it waits for lines typed, which looks like a hang; said until one comes.
    return new StreamSource('-', stream, stream.isTTY === true ? STDIN_TERMINAL : null, null, 'data');
  }
  // The network sources and --follow's are loaded when asked for: the app opening a
  // file starts without Node's http, tls and crypto modules.
  if (/^https?:\/\//i.test(target)) {
    const { HttpSource } = await import('./http-source.js');
    return connected(target, new HttpSource(target, { follow: options.follow, timeoutS: options.timeoutS }));
  }
  if (/^wss?:\/\//i.test(target)) {
    const { isLoopback, WsSource } = await import('./ws-source.js');
    let loopback: boolean;
    try {
      loopback = isLoopback(target);
    } catch {
      throw new OpenError(target, 'not a valid URL');
    }
    if (!options.allowRemoteWs && !loopback)
      throw new OpenError(
        target,
        'live mode connects to loopback hosts only (mcp-tape --serve binds 127.0.0.1); pass --allow-remote-ws to connect elsewhere',
      );
    return connected(target, new WsSource(target, { timeoutS: options.timeoutS, live: options.live }));
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target))
    throw new OpenError(target, 'unsupported scheme: open a file, -, an http(s):// URL or a ws:// live URL');
  try {
    // A FIFO opens only once a writer does: opening it here would block. It is read
    // as a stream (like stdin) that opens off the event loop.
    const info = await stat(target);
    if (info.isFIFO()) {
      await access(target, constants.R_OK);
      return fifoSource(target);
    }
    // A device, or a file that says it is empty (/proc and /sys say so of files that do
    // hold bytes; /proc/kmsg blocks until the kernel logs): read as a stream, off this
    // thread, so a read that waits leaves signals and keys heard.
    if (!options.follow && (info.isCharacterDevice() || (info.isFile() && info.size === 0))) {
      await access(target, constants.R_OK);
      return deviceSource(target);
    }
    // With the stat just made: over a thousand small files, each stat is a trip through the thread pool.
    await assertReadable(target, info);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // Followed, a file not there yet is waited for, as tail -F waits (the header says so).
    if (options.follow && code === 'ENOENT') return new (await import('./follow-source.js')).FollowSource(target);
    throw new OpenError(target, REASONS[code] ?? (error as Error).message);
  }
  return options.follow ? new (await import('./follow-source.js')).FollowSource(target) : new FileSource(target);
}
