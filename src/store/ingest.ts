import type { Source } from '../sources/types.js';
import type { TraceStore } from './trace-store.js';

/**
 * Streams one source into the store, a batch at a time. Resolves when the source
 * ends; a read failure is recorded on the file (what arrived stays) and rethrown.
 */
export async function ingest(store: TraceStore, source: Source, file = store.addFile(source.name).index): Promise<void> {
  const f = store.files[file]!;
  store.setReader(file, (offset, length, into) => source.readBytes(offset, length, into));
  try {
    for await (const batch of source.lines((event) => {
      if (event.type === 'progress') {
        f.bytes = event.bytes;
        f.totalBytes = event.totalBytes;
        f.rate = event.rate ?? null;
        return;
      }
      if (event.type === 'live') {
        // Caught up again after a quiet poll: nothing changed, nothing to redraw.
        if (f.state === 'live') return;
        f.state = 'live';
      } else if (event.type === 'error') {
        f.state = 'error';
        f.stateText = event.message;
      } else f.stateText = event.message;
      store.version += 1;
      store.notifier.changed();
    })) {
      store.appendLines(file, batch);
    }
    if (f.state === 'loading') f.state = 'done';
  } catch (error) {
    f.state = 'error';
    f.stateText = (error as Error).message;
    throw error;
  } finally {
    store.version += 1;
    store.notifier.flush();
  }
}
