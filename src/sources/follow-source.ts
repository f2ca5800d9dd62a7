import { closeSync, openSync, watch, type FSWatcher } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { dirname, basename } from 'node:path';
import { readAt } from './file-source.js';
import { LineSplitter } from './line-splitter.js';
import type { Line, Source, SourceEvent } from './types.js';

const CHUNK = 1 << 20;
/** A safety net under fs.watch (which can miss a rotation): one stat a second, never a busy loop. */
const POLL_MS = 1000;

/** One incarnation of the path (a rotation or truncation starts the next). */
interface Generation {
  /** Where this generation starts in the source's virtual byte stream. */
  base: number;
  fd: number | null;
  path: string;
}

/**
 * `--follow` on a local file, with tail -F semantics: reads to the end, then waits
 * for the file to grow (fs.watch, plus a slow stat as a safety net), holds a partial
 * last line until its newline, restarts on truncation, follows a new file at the same
 * path after rotation, and reports deletion while keeping what was read.
 *
 * Offsets are virtual: each generation continues where the last one ended, so rows
 * from before a rotation still read back from the file they came from.
 */
export class FollowSource implements Source {
  private closed = false;
  private wake: (() => void) | null = null;
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly generations: Generation[] = [];

  constructor(readonly name: string) {}

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    this.watch();
    let ino: number | null = null;
    let local = 0;
    let splitter = new LineSplitter();
    let missing = false;
    try {
      while (!this.closed) {
        let info;
        try {
          info = await stat(this.name);
        } catch {
          if (!missing) onEvent?.({ type: 'notice', message: `${this.name} was deleted; what was read stays, waiting for it to come back` });
          missing = true;
          await this.idle();
          continue;
        }
        if (missing) onEvent?.({ type: 'notice', message: `${this.name} is back; following it` });
        missing = false;
        if (ino !== null && info.ino !== ino) {
          onEvent?.({ type: 'notice', message: `${this.name} was rotated; following the new file` });
          splitter = this.nextGeneration(local);
          local = 0;
        } else if (info.size < local) {
          onEvent?.({ type: 'reset', message: `${this.name} was truncated; reading it again from the start` });
          splitter = this.nextGeneration(local);
          local = 0;
        }
        if (this.generations.length === 0) this.generations.push({ base: 0, fd: null, path: this.name });
        ino = info.ino;
        if (info.size > local) {
          for await (const batch of this.readFrom(local, info.size, splitter)) {
            local += batch.bytes;
            onEvent?.({ type: 'progress', bytes: this.current.base + local, totalBytes: null });
            if (batch.lines.length) yield batch.lines;
          }
          continue;
        }
        onEvent?.({ type: 'live' });
        await this.idle();
      }
    } finally {
      this.unwatch();
    }
  }

  private get current(): Generation {
    return this.generations[this.generations.length - 1]!;
  }

  /**
   * A new generation starts after every byte read from the last one (a partial line
   * it held is dropped). The old one keeps the descriptor it was read through, so
   * its rows still read back after a rotation.
   */
  private nextGeneration(bytesRead: number): LineSplitter {
    const base = this.current.base + bytesRead;
    this.generations.push({ base, fd: null, path: this.name });
    return new LineSplitter(base);
  }

  private async *readFrom(from: number, to: number, splitter: LineSplitter): AsyncIterable<{ lines: Line[]; bytes: number }> {
    const handle = await open(this.name, 'r');
    const gen = this.current;
    gen.fd ??= openSync(this.name, 'r');
    try {
      const buf = Buffer.allocUnsafe(CHUNK);
      let at = from;
      while (at < to && !this.closed) {
        const { bytesRead } = await handle.read(buf, 0, Math.min(CHUNK, to - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        yield { lines: splitter.push(buf.subarray(0, bytesRead)), bytes: bytesRead };
      }
    } finally {
      await handle.close();
    }
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

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    let gen = this.generations[0];
    for (const g of this.generations) if (g.base <= offset) gen = g;
    if (!gen) return Buffer.alloc(0);
    gen.fd ??= openSync(gen.path, 'r');
    return readAt(gen.fd, offset - gen.base, length, into);
  }

  close(): void {
    this.closed = true;
    this.poke();
    this.unwatch();
    for (const g of this.generations) if (g.fd !== null) closeSync(g.fd);
    for (const g of this.generations) g.fd = null;
  }
}
