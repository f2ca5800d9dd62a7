import { oneLine } from '../kit/text.js';
import { counted } from '../kit/units.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';
import type { TraceStore } from './trace-store.js';

/**
 * Why a file read whole is no trace, or null when it is one (or is empty: `emptyText`).
 * A file is no trace when none of its lines became a record (a binary, a text file), or
 * when, read as v1, no line is a record v1 knows and some line is not JSON at all.
 * `summary` prints the reason and exits 1; `report` and the Sessions list pass the file over.
 */
export function notTraceText(store: TraceStore, file: number): string | null {
  const f = store.files[file]!;
  const c = f.counts;
  const known = c.meta + c.message + c.event + c.turn + c.end;
  if (known > 0 || (f.skipped === 0 && c.other === 0)) return null;
  const name = oneLine(f.name);
  if (c.other > 0) {
    // Only JSON objects of no known type, with no broken line (a Claude Code workflow's
    // journal.jsonl beside its session): kept as a file of a run, as before.
    if (f.format.name !== FORMAT_NAMES.v1 || f.skipped === 0) return null;
    return `not a trace: ${name} has no mcp-replay v1 record: ${counted(f.skipped, 'line')} not JSON, ${counted(c.other, 'JSON object')} of no known record type`;
  }
  const first = store.skips.find((k) => k.file === file);
  if (f.format.name === FORMAT_NAMES.otlp && first)
    return `not a trace: ${name} has no span that reads: ${counted(f.skipped, 'span')} skipped (line ${first.lineNo}: ${oneLine(first.reason)})`;
  return `not a trace: ${name} has no record: none of its ${counted(f.skipped, 'line')} is a JSON object`;
}

/**
 * Why a file read whole by `summary` is no trace: it is empty (no line at all, or only
 * blank ones), as `validate` says. The app and `--follow` wait on one instead: a
 * recording not yet begun. Null when it has a line.
 */
export function emptyText(store: TraceStore, file: number): string | null {
  const f = store.files[file]!;
  const c = f.counts;
  const lines = f.skipped + c.meta + c.message + c.event + c.turn + c.end + c.other;
  const name = f.name === '-' ? 'stdin' : oneLine(f.name);
  return lines === 0 && f.state !== 'error' ? `not a trace: ${name} is empty (no record)` : null;
}
