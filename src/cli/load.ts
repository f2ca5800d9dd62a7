import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentSource } from '../sources/document-source.js';
import { cacheDir, fileKey, readCached } from '../sources/index-cache.js';
import { writeCached, writeCachedSoon } from '../sources/index-write.js';
import type { Source } from '../sources/types.js';
import { linkAll } from '../store/links.js';
import { loadSnapshot, SNAPSHOT_VERSION, saveSnapshot } from '../store/snapshot.js';
import type { TraceStore } from '../store/trace-store.js';

/** After the screen is up, a moment for its first frame to reach the terminal (Ink draws every ~16 ms). */
const FIRST_FRAME_MS = 50;
/** The longest the saved index waits for a screen that does not come up. */
const SCREEN_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The file's first lines (a chunk of 1 MiB at most) in the store, said to be loading from
 * its saved index, until the app has drawn them (`shown`: its screen is up). The store
 * is emptied after. A fixed wait was not enough: on a busy machine the app's code was
 * not loaded yet, and reading the index, which holds the thread, came first.
 */
async function showHead(store: TraceStore, source: Source, shown: Promise<void>): Promise<void> {
  const file = store.addFile(source.name).index;
  store.files[file]!.stateText = 'reading its saved index';
  store.setReader(file, (offset, length, into) => source.readBytes(offset, length, into));
  const { appendLines } = await import('../ingest/row-writer.js');
  for await (const batch of source.lines()) {
    appendLines(store, file, batch);
    break;
  }
  store.version += 1;
  store.notifier.flush();
  await Promise.race([shown.then(() => sleep(FIRST_FRAME_MS)), sleep(SCREEN_WAIT_MS)]);
}

export interface Loaded {
  /** Whether the saved index was used. */
  cached: boolean;
  /** Why the index could not be saved (a cache directory that cannot be made or written), to say once. */
  notice: string | null;
}

/**
 * Fills a one-file store from a local file's saved index when it is still valid,
 * else indexes the file and saves the index. Followed files and other sources
 * always stream. A saved index that fails its checksum or does not restore is
 * deleted, and the file is indexed into a store as new: the numbers are exactly
 * those of `--no-cache`.
 */
export async function loadWithCache(
  store: TraceStore,
  source: Source,
  options: {
    cache: boolean;
    follow?: boolean;
    interactive?: boolean;
    /** Links every call to its tool_use before saving, so the saved index carries the links (the caller needs them all: `summary`). */
    links?: boolean;
    /** With `interactive`: settles once the app's screen is up (its first frame drawn). */
    shown?: Promise<void>;
  },
): Promise<Loaded> {
  const local =
    options.cache &&
    // A document's lines are made in memory as it is read: an index of them would point nowhere.
    !(source instanceof DocumentSource && source.isDocument()) &&
    !options.follow &&
    store.files.length === 0 &&
    source.name !== '-' &&
    !/^[a-z]+:\/\//i.test(source.name);
  // What else the index depends on: a saved index of another version or price table has another key.
  const salt = `${SNAPSHOT_VERSION}\n${store.prices.source}`;
  const before = local ? fileKey(source.name, salt) : null;
  const dir = cacheDir();
  // What was at the saved index's path and was not read (a FIFO, a device): said once, replaced by the index written below.
  let ignored: string | null = null;
  // With a person waiting, the first screen comes from the file's head at once, as a cold
  // open's does, and says the index is being read: reading and restoring it (~0.8 s at
  // 1 GiB) held the first frame at `0 rec` (a cold open shows rows within ~0.1 s).
  if (before && options.interactive && existsSync(join(dir, `${before.key}.idx`)))
    await showHead(store, source, options.shown ?? Promise.resolve());
  const saved = before ? readCached(before.key, dir, (why) => (ignored = `index cache: ${why}`)) : null;
  if (store.files.length !== 0) store.clear();
  if (saved) {
    let restored = false;
    try {
      restored = loadSnapshot(store, saved.payload, source.name);
    } catch {
      // Cleared already (loadSnapshot); indexed below.
    }
    if (restored) {
      store.setReader(0, (offset, length, into) => source.readBytes(offset, length, into));
      store.files[0]!.format = source.format?.() ?? store.files[0]!.format;
      store.notifier.flush();
      return { cached: true, notice: null };
    }
    saved.discard();
    if (store.files.length !== 0 || store.count !== 0) store.clear();
  }
  // The file is in the store (loading) at once, as the app's first frame shows it; the
  // indexing is loaded only now: a saved index needs none of it (~20 ms of modules).
  const file = store.addFile(source.name).index;
  const { ingest } = await import('../ingest/ingest.js');
  await ingest(store, source, file, { interactive: options.interactive });
  // Only a whole file is worth keeping: not one whose reading stopped early (the user quit).
  const f = store.files[0];
  if (!before || before.racy || f?.state !== 'done' || f.totalBytes === null || f.bytes !== f.totalBytes)
    return { cached: false, notice: ignored };
  // Changed while it was read (its key is another now): what was read is neither the old file nor the new.
  if (fileKey(source.name, salt)?.key !== before.key) return { cached: false, notice: ignored };
  if (options.links) linkAll(store);
  // With a person waiting, keys and frames go on while it is written.
  const problem = options.interactive
    ? await writeCachedSoon(before.key, saveSnapshot(store), dir)
    : writeCached(before.key, saveSnapshot(store), dir);
  return { cached: false, notice: problem === null ? ignored : `index cache off: ${problem}` };
}
