import type { Source } from '../sources/types.js';
import { complain } from './output.js';

/**
 * Says on stderr that a source is waiting (a FIFO without a writer), when it still is
 * after a moment: a FIFO whose writer is there opens within a tick, and says nothing.
 * Returns the function that cancels it (call it once reading ends).
 */
export function sayWhileWaiting(source: Source, afterMs = 200): () => void {
  if (!source.waiting?.()) return () => undefined;
  const timer = setTimeout(() => {
    const waiting = source.waiting?.();
    if (waiting) complain(`${source.name}: ${waiting}`);
  }, afterMs);
  return () => clearTimeout(timer);
}
