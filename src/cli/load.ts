import { cacheKey, readCached, writeCached } from '../sources/index-cache.js';
import type { Source } from '../sources/types.js';
import { ingest } from '../store/ingest.js';
import { loadSnapshot, saveSnapshot } from '../store/snapshot.js';
import type { TraceStore } from '../store/trace-store.js';

/**
 * Fills a one-file store from a local file's saved index when it is still valid,
 * else indexes the file and saves the index. Followed files and other sources
 * always stream. Returns whether the saved index was used.
 */
export async function loadWithCache(store: TraceStore, source: Source, options: { cache: boolean; follow?: boolean; interactive?: boolean }): Promise<boolean> {
  const key = options.cache && !options.follow && store.files.length === 0 && source.name !== '-' && !/^[a-z]+:\/\//i.test(source.name) ? cacheKey(source.name) : null;
  const saved = key ? readCached(key) : null;
  if (key && saved) {
    try {
      if (loadSnapshot(store, saved, source.name)) {
        store.setReader(0, (offset, length, into) => source.readBytes(offset, length, into));
        store.notifier.flush();
        return true;
      }
    } catch {
      // An unreadable index is rebuilt below.
    }
    store.files.length = 0;
  }
  await ingest(store, source, undefined, { interactive: options.interactive });
  // Only a whole file is worth keeping: not one whose reading stopped early (the user quit).
  const f = store.files[0];
  if (key && f?.state === 'done' && f.totalBytes !== null && f.bytes === f.totalBytes) writeCached(key, saveSnapshot(store));
  return false;
}
