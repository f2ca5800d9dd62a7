import { useSyncExternalStore } from 'react';
import type { TraceStore } from '../../store/trace-store.js';

/** Re-renders on the store's batched change notices (at most one per frame budget). */
export function useStoreVersion(store: TraceStore): number {
  return useSyncExternalStore(store.notifier.subscribe, () => store.version);
}
