import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { TraceStore } from '../../store/trace-store.js';

/**
 * While a file is still being indexed, rows and progress redraw at most this often.
 * A frame costs ~14 ms on a slow box, and keys pressed mid-index waited behind
 * progress frames. Keys still redraw at once; a live (followed) trace is not slowed.
 */
export const LOADING_REDRAW_MS = 200;

/**
 * The store's version as of its last notice delivered here: the store's batched change
 * notices, at most one per LOADING_REDRAW_MS while a file is loading. The snapshot is
 * the delivered version, not the live one: React re-checks a snapshot after each
 * commit, and a live version, bumped by every batch, re-rendered the app without end.
 */
export function useStoreVersion(store: TraceStore): number {
  const delivered = useRef(store.version);
  const subscribe = useCallback(
    (listener: () => void) => {
      let timer: NodeJS.Timeout | null = null;
      let last = 0;
      const deliver = (): void => {
        timer = null;
        last = Date.now();
        delivered.current = store.version;
        listener();
      };
      const unsubscribe = store.notifier.subscribe(() => {
        if (!store.files.some((f) => f.state === 'loading')) {
          if (timer) clearTimeout(timer);
          return deliver();
        }
        if (timer) return;
        // The first notice (the first rows) goes on at once: a timer hop let another batch in first.
        const wait = last + LOADING_REDRAW_MS - Date.now();
        if (wait <= 0) return deliver();
        timer = setTimeout(deliver, wait);
      });
      return () => {
        unsubscribe();
        if (timer) clearTimeout(timer);
      };
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => delivered.current);
}
