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
