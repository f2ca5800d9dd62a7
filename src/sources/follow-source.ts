import { createHash, type Hash } from 'node:crypto';
import { type BigIntStats, closeSync, type FSWatcher, fstatSync, openSync, read, watch } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { readAt } from './file-source.js';
import { LineSplitter } from './line-splitter.js';
import { OPEN_NO_WAIT } from './state-file.js';
import type { Line, Source, SourceEvent } from './types.js';

const CHUNK = 1 << 20;
/** A safety net under fs.watch (which can miss a rotation): one stat a second, never a busy loop. */
const POLL_MS = 1000;
/** Bytes kept of the start and of the end of what was read, to notice a rewrite that did not shrink the file. */
const PRINT_BYTES = 256;

/** What a followed file that is gone says: the rows read stay. */
const DELETED = 'deleted: what was read stays, waiting for it to come back';
/** What a followed path that names no file yet says, until one is created there. */
export const NOT_THERE_YET = 'no such file yet: waiting for it to be created';

/**
 * Why the file is read again from its start: shown as `<reason>: re-read from the start`.
 * `rewritten`: the same size, other bytes (an edit in place).
 */
export type RereadReason = 'truncated' | 'replaced' | 'rewritten';

/** When a file last changed, to the nanosecond: `touch -r` can put mtime back, never ctime (as git's index keys it). */
type Stamp = { mtime: bigint; ctime: bigint };
const stampOf = (info: BigIntStats): Stamp => ({ mtime: info.mtimeNs, ctime: info.ctimeNs });

/**
 * `--follow` on a local file, with tail -F semantics: reads to the end, then waits
 * for the file to grow (fs.watch, plus a slow stat as a safety net), holds a partial
 * last line until its newline, and reports deletion while keeping what was read.
 *
 * When the file no longer holds what was read (truncated, or rewritten in place), or
 * the path names another file (rotated, or deleted and created again), it says so
 * with a `reset` event, drops the partial line it held, and reads the file again from
 * its start: offsets and line numbers start over, and the store drops the file's rows
 * (ingest/reset-file.ts), so the rows always stand for what the file holds now.
 */
export class FollowSource implements Source {
  private closed = false;
  private wake: (() => void) | null = null;
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The file being followed, for `readBytes`; null until it is first read. */
  private fd: number | null = null;
  private fdIno: number | null = null;
  /** The first and the last bytes read (up to PRINT_BYTES each), and where the last ones end. */
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  /**
   * A running hash of every byte read: when the file changed (mtime or ctime) but did
   * not grow, what it holds is hashed again and compared, so an edit in place at the
   * same size (which the head and tail samples miss) reads the file again.
   */
  private hash: Hash = createHash('sha256');
  /** The change times at the last look that found nothing new to read. */
  private stamp: Stamp | null = null;

  constructor(readonly name: string) {}

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    this.watch();
    /** The inode read from; null before the first read. */
    let ino: number | null = null;
    /** Bytes consumed, a held partial line included. */
    let local = 0;
    let splitter = new LineSplitter();
    let missing = false;
    /** Whether the path ever named a file: one not there yet is waited for, and said so. */
    let seen = false;
    /** Reads given up in a row because the path named another file once opened. */
    let raced = 0;
    const reread = (reason: RereadReason): void => {
      onEvent?.({ type: 'reset', message: `${reason}: re-read from the start` });
      splitter = new LineSplitter();
      local = 0;
      ino = null;
      this.head = Buffer.alloc(0);
      this.tail = Buffer.alloc(0);
      this.hash = createHash('sha256');
      this.stamp = null;
      this.closeFd();
    };
    try {
      while (!this.closed) {
        let big: BigIntStats;
        try {
          big = await stat(this.name, { bigint: true });
        } catch {
          if (!missing) onEvent?.({ type: 'notice', message: seen ? DELETED : NOT_THERE_YET });
          missing = true;
          await this.idle();
          continue;
        }
        if (this.closed) break;
        const info = { ino: Number(big.ino), size: Number(big.size) };
        if (missing && !seen) onEvent?.({ type: 'notice', message: 'created: read from its start' });
        seen = true;
        if (missing) {
          missing = false;
          // Whatever is at the path now is another file, even on a reused inode.
          if (ino !== null) reread('replaced');
        } else if (ino !== null && info.ino !== ino) reread('replaced');
        else if (ino !== null && (info.size < local || !this.holdsWhatWasRead(local)))
          // Not shorter yet other bytes: the same size is an edit in place; longer, it was truncated and written again.
          reread(info.size === local ? 'rewritten' : 'truncated');
        else if (ino !== null && info.size === local && this.touched(big) && !(await this.holdsAllRead(local)))
          reread('rewritten');
        if (this.closed) break;
        if (info.size > local) {
          const read = this.readFrom(local, info.size, splitter, info.ino);
          let changed = false;
          for await (const batch of read) {
            if (batch === null) {
              // The path named another file by the time it was opened: look again.
              changed = true;
              break;
            }
            ino = info.ino;
            local += batch.bytes;
            this.remember(batch.chunk, local);
            onEvent?.({ type: 'progress', bytes: local, totalBytes: null });
            if (batch.lines.length) yield batch.lines;
          }
          if (!changed) {
            raced = 0;
            // Read up to this look's size: a change after it moves the times on (an append, the size too).
            this.stamp = stampOf(big);
            continue;
          }
          // Look again at once, then (should it persist) at the pace of the poll.
          if (raced++ === 0) continue;
          await this.idle();
          continue;
        }
        // An empty file: nothing read yet, but this is the file to follow.
        ino ??= info.ino;
        this.stamp = stampOf(big);
        onEvent?.({ type: 'live' });
        await this.idle();
      }
    } finally {
      this.unwatch();
    }
  }

  /**
   * Whether the file still starts and ends (at `local`) with the bytes read there: a
   * file truncated and written again past its old size between two looks is not
   * shorter, but its bytes differ (tail -F misses this). A sample, not a proof: a
   * rewrite with the same bytes at both places reads as unchanged, and then the rows
   * read so far are, there at least, what the file holds.
   */
  private holdsWhatWasRead(local: number): boolean {
    if (local === 0 || this.fd === null) return true;
    try {
      const head = readAt(this.fd, 0, this.head.length);
      const tail = readAt(this.fd, local - this.tail.length, this.tail.length);
      return head.equals(this.head) && tail.equals(this.tail);
    } catch {
      return false;
    }
  }

  /** Whether the file changed since the last look that found it whole (always, before any). */
  private touched(info: BigIntStats): boolean {
    return this.stamp === null || this.stamp.mtime !== info.mtimeNs || this.stamp.ctime !== info.ctimeNs;
  }

  /**
   * Whether the file's first `local` bytes hash as what was read. Costs a read of them,
   * asked only when the file changed without growing; in 1 MiB reads, so `close()` and
   * the keys are not held up.
   */
  private async holdsAllRead(local: number): Promise<boolean> {
    const fd = this.fd;
    if (local === 0 || fd === null) return true;
    const again = createHash('sha256');
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, local));
    for (let at = 0; at < local; ) {
      if (this.closed || this.fd !== fd) return true;
      const n = await new Promise<number>((resolve) =>
        read(fd, buf, 0, Math.min(buf.length, local - at), at, (error, bytesRead) => resolve(error ? 0 : bytesRead)),
      );
      if (n === 0) return false;
      again.update(buf.subarray(0, n));
      at += n;
    }
    return again.digest().equals(this.hash.copy().digest());
  }

  /** Keeps the first bytes read and the last ones, ending at `end`, and hashes the chunk. */
  private remember(chunk: Buffer, end: number): void {
    this.hash.update(chunk);
    if (this.head.length < PRINT_BYTES && end - chunk.length === this.head.length) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, PRINT_BYTES - this.head.length)]);
    }
    const keep = Math.min(PRINT_BYTES, end);
    const fromChunk = Math.min(keep, chunk.length);
    const fromOld = keep - fromChunk;
    this.tail = Buffer.concat([
      this.tail.subarray(this.tail.length - fromOld),
      chunk.subarray(chunk.length - fromChunk),
    ]);
  }

  /**
   * Reads [from, to) of the file at the path, if it is still inode `ino` (else yields
   * null once: it was replaced between the stat and the open). The descriptor that
   * `readBytes` reads rows back through is opened on the same file.
   */
  private async *readFrom(
    from: number,
    to: number,
    splitter: LineSplitter,
    ino: number,
  ): AsyncIterable<{ lines: Line[]; bytes: number; chunk: Buffer } | null> {
    const handle = await open(this.name, 'r');
    try {
      if ((await handle.stat()).ino !== ino || !this.openFd(ino)) {
        yield null;
        return;
      }
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, to - from));
      let at = from;
      while (at < to && !this.closed) {
        const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, to - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        const chunk = buf.subarray(0, bytesRead);
        yield { lines: splitter.push(chunk), bytes: bytesRead, chunk };
      }
    } finally {
      await handle.close();
    }
  }

  /** Opens the read-back descriptor on inode `ino` (kept when it is on it already); false when the path is another file now. */
  private openFd(ino: number): boolean {
    if (this.fd !== null && this.fdIno === ino) return true;
    this.closeFd();
    try {
      // Without waiting: what is at the path now may be a FIFO.
      const fd = openSync(this.name, OPEN_NO_WAIT);
      if (fstatSync(fd).ino !== ino) {
        closeSync(fd);
        return false;
      }
      this.fd = fd;
      this.fdIno = ino;
      return true;
    } catch {
      return false;
    }
  }

  private closeFd(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.fdIno = null;
  }

  /** Resolves on a change notice, the slow poll, or close(). */
  private idle(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(() => this.poke(), POLL_MS);
    });
  }

  private poke(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private watch(): void {
    // The directory too: a rotation or re-creation replaces the path's inode.
    for (const [target, filter] of [
      [this.name, null],
      [dirname(this.name), basename(this.name)],
    ] as const) {
      try {
        const w = watch(target, { persistent: false }, (_event, file) => {
          if (filter === null || file === null || String(file) === filter) this.poke();
        });
        w.on('error', () => undefined);
        this.watchers.push(w);
      } catch {
        // Not watchable (some network file systems): the slow poll still works.
      }
    }
  }

  private unwatch(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }

  /** A row's bytes, from the file being followed (rows of an earlier one are dropped when it is left). */
  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    if (this.fd === null) return Buffer.alloc(0);
    return readAt(this.fd, offset, length, into);
  }

  close(): void {
    this.closed = true;
    this.poke();
    this.unwatch();
    this.closeFd();
  }
}
