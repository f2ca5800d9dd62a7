import { Notifier } from './notifier.js';
import type { Figures, RunFigures, RunInfo } from './run-figures.js';

/** A run as found on disk: its name, its files, when it last changed. */
export interface SessionRun {
  id: string;
  files: string[];
  mtimeMs: number;
}

/** One row of the Sessions list: a run, and its figures once its files are read. */
export interface SessionEntry {
  run: SessionRun;
  /** Null until the run is read. */
  info: RunInfo | null;
  figures: Figures | null;
  /** Files that could not be read, each with why. */
  problems: readonly string[];
}

/**
 * The runs of a directory (the app's Sessions list), filled in as they are read: one
 * row per run from the start, each with its figures when they come. Views redraw on
 * its notices (at most one per 200 ms while runs are being read).
 */
export class SessionList {
  readonly entries: SessionEntry[];
  /** Runs read so far. */
  read = 0;
  version = 0;
  readonly notifier = new Notifier(() => (this.read < this.entries.length ? 200 : 50));

  constructor(runs: readonly SessionRun[]) {
    this.entries = runs.map((run) => ({ run, info: null, figures: null, problems: [] }));
  }

  /** Run `index` was read: its figures (one row: read with no key but the session) and its problems. */
  set(index: number, result: RunFigures & { problems: readonly string[] }): void {
    const e = this.entries[index];
    if (!e || e.info) return;
    e.info = result.info;
    e.figures = result.rows[0]?.figures ?? null;
    e.problems = result.problems;
    this.read += 1;
    this.version += 1;
    if (this.read === this.entries.length) this.notifier.flush();
    else this.notifier.changed();
  }
}
