import { oneLine } from '../kit/text.js';
import { counted } from '../kit/units.js';
import type { TraceStore } from '../store/trace-store.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';

/** How many skipped lines the note lists by number. */
export const SHOWN_SKIPS = 10;

/** The stderr note for malformed lines: how many and where (never changes the exit code). */
export function skippedNote(store: TraceStore, file: number): string | null {
  const f = store.files[file]!;
  if (!f.skipped) return null;
  const lines = store.skips
    .filter((k) => k.file === file)
    .slice(0, SHOWN_SKIPS)
    .map((k) => k.lineNo);
  // An OTLP line holds many spans, and each is skipped on its own.
  const what = f.format.name === FORMAT_NAMES.otlp ? 'unreadable span' : 'malformed line';
  return `${oneLine(f.name)}: skipped ${counted(f.skipped, what)}: line ${lines.join(', ')}${f.skipped > lines.length ? ', …' : ''}`;
}

/**
 * Why a file is no trace when not one of its lines became a record (a binary, a text
 * file): `summary` says this and exits 1, as for a JSON document that is no recording.
 * Null when it holds a record, or nothing at all (an empty file is a recording not yet begun).
 */
export function notTraceText(store: TraceStore, file: number): string | null {
  const f = store.files[file]!;
  const c = f.counts;
  if (f.skipped === 0 || c.meta + c.message + c.event + c.turn + c.end + c.other > 0) return null;
  const first = store.skips.find((k) => k.file === file);
  if (f.format.name === FORMAT_NAMES.otlp && first)
    return `not a trace: ${oneLine(f.name)} has no span that reads: ${counted(f.skipped, 'span')} skipped (line ${first.lineNo}: ${oneLine(first.reason)})`;
  return `not a trace: ${oneLine(f.name)} has no record: none of its ${counted(f.skipped, 'line')} is a JSON object`;
}
