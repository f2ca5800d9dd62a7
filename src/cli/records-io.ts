import { homedir, tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { inertJson } from '../kit/text.js';
import { counted } from '../kit/units.js';
import { exportLines, osc52 } from '../report/jsonl-export.js';
import { mcpRecExport } from '../report/mcp-rec-export.js';
import { untimed, v1Export } from '../report/v1-export.js';
import type { TraceStore } from '../store/trace-store.js';
import { keyOf } from '../ui/keymap.js';
import type { Notice } from '../ui/state/ui-state.js';
import type { ExportFormat } from './program.js';
import { writeExport, writeWhole } from './write-whole.js';

export type { ExportFormat } from './program.js';

/** What an export wrote: its lines, and the converted records a v1 line could give no `t` (the first one's row). */
export interface Written {
  lines: number;
  untimed: number;
  firstUntimed: number;
}

/** What writing `rows` will say: the records v1 cannot give a time (the lines are counted as they go). */
function writtenOf(store: TraceStore, rows: ArrayLike<number>, format: ExportFormat): Written {
  const written: Written = { lines: 0, untimed: 0, firstUntimed: -1 };
  if (format === 'v1')
    for (let i = 0; i < rows.length; i++)
      if (untimed(store, rows[i]!)) {
        if (written.untimed++ === 0) written.firstUntimed = rows[i]!;
      }
  return written;
}

/** The export's lines, each counted in `written` as it goes. */
function* exportText(store: TraceStore, rows: ArrayLike<number>, format: ExportFormat, written: Written) {
  for (const line of format === 'mcp-rec' ? mcpRecExport(store, rows) : v1Export(store, rows)) {
    // Inert as `summary --json` is (trace/text.ts): a `cat` of the file cannot drive a terminal.
    yield `${inertJson(line)}\n`;
    written.lines++;
  }
}

/**
 * Writes rows as a v1 trace that validates (or as mcp-rec), whole or not at all
 * (`writeWhole`); says how many lines, and how many records kept a time v1 cannot write.
 */
export function writeRows(
  store: TraceStore,
  rows: ArrayLike<number>,
  path: string,
  format: ExportFormat = 'v1',
): Written {
  const written = writtenOf(store, rows, format);
  writeWhole(path, (write) => {
    for (const text of exportText(store, rows, format, written)) write(text);
  });
  return written;
}

/** `writeRows` for `--export`, whose path may be a FIFO that waits for a reader (`writeExport`). */
export async function exportRows(
  store: TraceStore,
  rows: ArrayLike<number>,
  path: string,
  format: ExportFormat,
  waiting: () => void,
): Promise<Written> {
  const written = writtenOf(store, rows, format);
  await writeExport(path, exportText(store, rows, format, written), waiting);
  return written;
}

/** `wrote N records to PATH`, and what became of times v1 cannot write. */
export function wroteText(store: TraceStore, written: Written, path: string): string {
  const head = `wrote ${counted(written.lines, 'record')} to ${path}`;
  return written.untimed === 0 ? head : `${head}; ${untimedText(store, written)}`;
}

/**
 * The app's footer after `w`: where the file went first (a narrow footer cuts the words
 * after it, and the path's middle last), then what it holds (`what`: `2 marks`).
 */
export function wroteNotice(store: TraceStore, written: Written, path: string, what?: string): string {
  const head = `wrote ${path} (${what ? `${what}: ` : ''}${counted(written.lines, 'record')})`;
  return written.untimed === 0 ? head : `${head}; ${untimedText(store, written)}`;
}

/** How many records kept a time no ISO-8601 date holds, written without `t`, and the first one's line. */
function untimedText(store: TraceStore, written: Written): string {
  const row = written.firstUntimed;
  const n = written.untimed;
  const where = `line ${store.lineOf(row)} of ${store.files[store.fileOf(row)]!.name}`;
  return `${n.toLocaleString('en-US')} record${n === 1 ? ' has' : 's have'} a time no ISO-8601 date holds: written without "t", as given (first: ${where}; validate names ${n === 1 ? 'it' : 'them'})`;
}

/** A new file in the temp directory for `w` in the app (`name`: what the records are, `marked`). */
export function exportPath(store: TraceStore, rows: ArrayLike<number>, name?: string): string {
  const first = rows.length ? store.lineOf(rows[0]!) : 0;
  return join(
    tmpdir(),
    `mcp-replay-tui-${name ?? (rows.length > 2 ? 'filtered' : `L${first}`)}-${process.pid}-${Date.now()}.jsonl`,
  );
}

/** A path as a person reads it: under the home directory, from `~`. */
export function tildePath(path: string, home = homedir()): string {
  return home && home !== sep && path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
}

/** Larger payloads are refused by many terminals' OSC 52 handling. */
const OSC52_MAX = 100_000;

/** Puts rows' raw lines on the clipboard with OSC 52; returns the footer's notice. */
export function copyRows(
  store: TraceStore,
  rows: ArrayLike<number>,
  write: (sequence: ReturnType<typeof osc52>) => void,
): Notice {
  return copyText([...exportLines(store, rows)].join('\n'), 'the record', write);
}

/**
 * Puts text on the clipboard with OSC 52 (`what` names it: `the value`, `the path …`);
 * returns the footer's notice: what was copied, or (an error) why nothing was.
 */
export function copyText(text: string, what: string, write: (sequence: ReturnType<typeof osc52>) => void): Notice {
  const n = text.length.toLocaleString('en-US');
  if (text.length > OSC52_MAX)
    return {
      kind: 'error',
      text: `not copied: ${what} is ${n} characters, more than terminals accept over OSC 52 (${keyOf('record.write')} writes the record to a file)`,
    };
  write(osc52(text));
  // What makes the copy work first (a narrow footer cuts the end): the terminal's part.
  return {
    kind: 'info',
    text: `copied ${what} with OSC 52 (in tmux: set -g set-clipboard on; the terminal must allow clipboard writes), ${n} characters`,
  };
}
