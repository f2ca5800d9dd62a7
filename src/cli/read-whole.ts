import { ingest } from '../ingest/ingest.js';
import type { Source } from '../sources/types.js';
import type { TraceStore } from '../store/trace-store.js';
import { cutText, readFailure } from './read-failure.js';
import { sayWhileWaiting } from './waiting.js';

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
  // A device or a FIFO that gives nothing yet: said on stderr, as `summary` says it, not a silent wait.
  const stopSaying = sayWhileWaiting(source);
  try {
    await ingest(store, source, file);
  } catch (error) {
    return `${readFailure(source.name, error)}; ${then}`;
  } finally {
    stopSaying();
  }
  const f = store.files[file]!;
  if (f.state !== 'error') return null;
  return cutText(f.stateText ?? `${source.name}: the reading failed`, then);
}
