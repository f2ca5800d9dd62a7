import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread only (Linux: a thread is a task
 * with its own nice value; `/proc/thread-self` names its id). An index worker beside
 * the app's thread runs at a higher nice value, so on 2 cores the keys and frames get
 * a core whenever they want one and the worker has every cycle they leave. False where
 * there is no `/proc` (macOS) or the call is refused: the worker then runs as it is.
 */
export function lowerThisThread(nice: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
