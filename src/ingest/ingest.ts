import type { Source } from '../sources/types.js';
import type { FileState, TraceStore } from '../store/trace-store.js';
import { ingestParallel, parallelPlan } from './parallel-ingest.js';
import { resetFile } from './reset-file.js';
import { appendLines } from './row-writer.js';

/** How a source is indexed. */
export interface IngestOptions {
  /** A person is waiting on this thread for frames: leave it a core of its own. */
  interactive?: boolean;
  /** False: on this thread whatever the size (a worker reading a run is one already). */
  parallel?: boolean;
}

/**
 * Streams one source into the store, a batch at a time (a big local file: by
 * ranges on every core). Resolves when the source ends; a read failure is recorded
 * on the file (what arrived stays) and rethrown.
 */
export async function ingest(
  store: TraceStore,
  source: Source,
  file = store.addFile(source.name).index,
  options: IngestOptions = {},
): Promise<void> {
  const f = store.files[file]!;
  store.setReader(file, (offset, length, into) => source.readBytes(offset, length, into));
  // On one thread (a run in `report`), no stat of the file: over a tree of a thousand transcripts each one counts.
  const whole = options.parallel === false ? undefined : source.wholeFile?.();
  const plan = whole ? parallelPlan(whole.size, process.env, undefined, options.interactive) : null;
  try {
    if (whole && plan) {
      f.totalBytes = whole.size;
      f.format = source.format?.() ?? f.format;
      await ingestParallel(store, file, whole, plan, (bytes) => {
        f.bytes = bytes;
      });
    } else await ingestLines(store, source, f, options.interactive ?? false);
    if (f.state === 'loading') f.state = 'done';
    f.format = source.format?.() ?? f.format;
  } catch (error) {
    f.state = 'error';
    f.stateText = (error as Error).message;
    throw error;
  } finally {
    store.version += 1;
    store.notifier.flush();
  }
}

/**
 * With a person waiting, a batch (a 1 MiB chunk takes 5–8 ms) is appended in slices of
 * about this long, the event loop turning between them, so a key waits less.
 */
const SLICE_MS = 2;
/**
 * Slices grow to as long as the rest of the event loop took since the last one (frames,
 * keys), up to this: a fair share. With frames of 50 ms (a loaded machine, a wide
 * terminal) and slices of 2, a followed file written at 10,000 lines/s was indexed at a
 * few hundred lines/s and fell ever further behind. A key then waits at most about a frame.
 */
const MAX_SLICE_MS = 50;

/** The source's lines, batch by batch, with its progress and state events. */
async function ingestLines(store: TraceStore, source: Source, f: FileState, interactive: boolean): Promise<void> {
  let slice = SLICE_MS;
  let firstRows = true;
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
    } else {
      // Truncated or replaced: the file is read again from its start, its rows go first.
      if (event.type === 'reset') resetFile(store, f.index);
      // An empty notice takes the last one back (a wait that is over).
      f.stateText = event.message || null;
    }
    store.version += 1;
    store.notifier.changed();
  })) {
    // Known from the first lines (a document's: once it is read whole).
    f.format = source.format?.() ?? f.format;
    if (!interactive) {
      appendLines(store, f.index, batch);
      continue;
    }
    // The batch's lines stay valid until the next batch is asked for: after this loop.
    for (let i = 0; i < batch.length; ) {
      const deadline = performance.now() + slice;
      do {
        const end = Math.min(batch.length, i + 32);
        appendLines(store, f.index, batch, i, end);
        i = end;
      } while (i < batch.length && performance.now() < deadline);
      // The first rows are drawn at once: notices while a file loads go out every 200 ms,
      // and the file's own start (store.addFile) has just had one.
      if (firstRows) {
        firstRows = false;
        store.notifier.flush();
      }
      if (i < batch.length) {
        const away = performance.now();
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = Math.min(MAX_SLICE_MS, Math.max(SLICE_MS, performance.now() - away));
      }
    }
  }
}
