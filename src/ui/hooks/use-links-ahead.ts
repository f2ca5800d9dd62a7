import { useEffect } from 'react';
import { prepareLinksSoon } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';

/**
 * Once every file is read, indexes the pairs for linking (store/links.ts), a 2 ms step
 * per turn of the event loop, keys or not: the first Enter on a call or `l` then finds
 * it done. Not held off by keys as cost per tool is (keys-quiet.ts): someone moving
 * through a trace just read is about to open a record, and a step is shorter than
 * a frame. Following, each new version indexes only the pairs it added.
 */
export function useLinksAhead(store: TraceStore, version: number): void {
  useEffect(() => {
    if (store.files.some((f) => f.state === 'loading')) return;
    let cancelled = false;
    void prepareLinksSoon(store, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [store, version]);
}
