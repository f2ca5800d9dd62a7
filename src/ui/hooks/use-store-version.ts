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
    (listener: () => void) => {
      const unsubscribe = store.notifier.subscribe(() => {
        delivered.current = store.version;
        listener();
      });
      // A notice between the first render and this subscription (React subscribes after
      // the commit) was heard by no one: a small run opened from the Sessions list was
      // read whole by then, and its app showed `0 rec · loading` until a key came.
      if (delivered.current !== store.version) {
        delivered.current = store.version;
        listener();
      }
      return unsubscribe;
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => delivered.current);
}
