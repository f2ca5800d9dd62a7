import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { TraceStore } from '../../store/trace-store.js';

/**
 * The store's version as of the last change notice (the store paces them: see
 * `TraceStore.notifier`). The snapshot is the version delivered with a notice, not the
 * live one: React re-checks a snapshot after each commit, and a live version, bumped by
 * every batch, re-rendered the app without end while a file was indexed.
 */
export function useStoreVersion(store: TraceStore): number {
  const delivered = useRef(store.version);
  const subscribe = useCallback(
    (listener: () => void) =>
      store.notifier.subscribe(() => {
        delivered.current = store.version;
        listener();
      }),
    [store],
  );
  return useSyncExternalStore(subscribe, () => delivered.current);
}
