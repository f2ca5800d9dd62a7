import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Notifier } from '../../store/notifier.js';

/**
 * The store's (or the Sessions list's) version as of the last change notice (the store paces them: see
 * `TraceStore.notifier`). The snapshot is the version delivered with a notice, not the
 * live one: React re-checks a snapshot after each commit, and a live version, bumped by
 * every batch, re-rendered the app without end while a file was indexed.
 */
export function useStoreVersion(store: { readonly version: number; readonly notifier: Notifier }): number {
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
