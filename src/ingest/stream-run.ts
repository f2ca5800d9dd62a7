import type { OpenOptions } from '../sources/open-source.js';
import { redactText, redactUrl } from '../sources/redact.js';
import type { Source } from '../sources/types.js';
import type { TraceStore } from '../store/trace-store.js';
import { ingest } from './ingest.js';
import { openTrace } from './open-trace.js';

/**
 * Streams a run's files into one store, side by side (as files named together on the
 * command line), with a person waiting: the store is shown at once and fills as they
 * are read. A file that cannot be opened or read says why in its state (the header
 * shows it). `close` stops reading.
 */
export function streamRun(store: TraceStore, files: readonly string[], options: OpenOptions = {}): { close(): void } {
  const sources: Source[] = [];
  let closed = false;
  for (const name of files) {
    // Named as the source names itself: a URL without its secrets.
    const file = store.addFile(redactUrl(name)).index;
    void openTrace(name, options)
      .then((source) => {
        if (closed) return source.close();
        sources.push(source);
        return ingest(store, source, file, { interactive: true });
      })
      .catch((error: unknown) => {
        // A failed read is on the file's state already (ingest); a failed open is said here.
        const f = store.files[file];
        if (!f || f.state === 'error') return;
        f.state = 'error';
        f.stateText = redactText((error as Error).message);
        store.version += 1;
        store.notifier.changed();
      });
  }
  return {
    close() {
      closed = true;
      for (const s of sources) s.close();
    },
  };
}
