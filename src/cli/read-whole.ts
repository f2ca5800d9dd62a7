import { ingest } from '../ingest/ingest.js';
import { NotTraceError } from '../sources/document-source.js';
import { redactText } from '../sources/redact.js';
import { type Source, WHAT_ARRIVED } from '../sources/types.js';
import type { TraceStore } from '../store/trace-store.js';

/** Why a source's reading threw, naming the source (a JSON file that is no recording is said as it is). */
export function readFailure(name: string, error: unknown): string {
  return error instanceof NotTraceError
    ? error.message
    : `cannot read ${name}: ${redactText((error as Error).message)}`;
}

/**
 * Reads `source` into `store`, and says whether all of it came: null when it did, else
 * why not, naming the source and ending with `then` (what the command does instead):
 * a reading that threw, or one cut or stalled midway (an http body closed early, a
 * timeout of silence, a ws socket dropped), which leaves what arrived in the store.
 * `diff` and the exports use it: a comparison or a file made from part of a trace would
 * look whole. (`summary` and the app show what arrived and say it was cut.)
 */
export async function readWhole(store: TraceStore, source: Source, then: string): Promise<string | null> {
  const file = store.addFile(source.name).index;
  try {
    await ingest(store, source, file);
  } catch (error) {
    return `${readFailure(source.name, error)}; ${then}`;
  }
  const f = store.files[file]!;
  if (f.state !== 'error') return null;
  const why = f.stateText ?? `${source.name}: the reading failed`;
  return `${why.endsWith(WHAT_ARRIVED) ? why.slice(0, -WHAT_ARRIVED.length) : why}: ${then}`;
}
