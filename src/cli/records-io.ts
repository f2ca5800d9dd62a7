import { closeSync, openSync, writeSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { exportLines, osc52 } from '../report/jsonl-export.js';
import { mcpRecExport } from '../report/mcp-rec-export.js';
import { v1Export } from '../report/v1-export.js';
import type { TraceStore } from '../store/trace-store.js';

/** What `--export` and `w` write: a v1 trace, or an mcp-rec recording of the chosen calls. */
export type ExportFormat = 'v1' | 'mcp-rec';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['v1', 'mcp-rec'];

/** Writes rows as a v1 trace that validates (or as mcp-rec); returns how many lines. */
export function writeRows(
  store: TraceStore,
  rows: ArrayLike<number>,
  path: string,
  format: ExportFormat = 'v1',
): number {
  const fd = openSync(path, 'w', 0o600);
  let n = 0;
  try {
    for (const line of format === 'mcp-rec' ? mcpRecExport(store, rows) : v1Export(store, rows)) {
      writeSync(fd, `${line}\n`);
      n++;
    }
  } finally {
    closeSync(fd);
  }
  return n;
}

/** A new file in the temp directory for `w` in the app. */
export function exportPath(store: TraceStore, rows: ArrayLike<number>): string {
  const first = rows.length ? store.lineOf(rows[0]!) : 0;
  return join(
    tmpdir(),
    `mcp-replay-tui-${rows.length > 2 ? 'filtered' : `L${first}`}-${process.pid}-${Date.now()}.jsonl`,
  );
}

/** A path as a person reads it: under the home directory, from `~`. */
export function tildePath(path: string, home = homedir()): string {
  return home && home !== sep && path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
}

/** Larger payloads are refused by many terminals' OSC 52 handling. */
const OSC52_MAX = 100_000;

/** Puts rows' raw lines on the clipboard with OSC 52; returns a sentence for the footer. */
export function copyRows(
  store: TraceStore,
  rows: ArrayLike<number>,
  write: (sequence: ReturnType<typeof osc52>) => void,
): string {
  return copyText([...exportLines(store, rows)].join('\n'), 'the record', write);
}

/** Puts text on the clipboard with OSC 52 (`what` names it: `the value`, `the path …`); returns a sentence for the footer. */
export function copyText(text: string, what: string, write: (sequence: ReturnType<typeof osc52>) => void): string {
  if (text.length > OSC52_MAX)
    return `not copied: ${what} is ${text.length.toLocaleString('en-US')} characters, more than terminals accept over OSC 52 (w writes the record to a file)`;
  write(osc52(text));
  return `copied ${what}, ${text.length.toLocaleString('en-US')} characters, with OSC 52 (your terminal must allow clipboard writes; in tmux: set -g set-clipboard on)`;
}
