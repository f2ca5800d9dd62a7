import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread only, to `nice` at least (Linux: a thread is a task
 * with its own nice value; `/proc/thread-self` names its id). An index worker beside
 * the app's thread runs at a higher nice value, so on 2 cores the keys and frames get
 * a core whenever they want one and the worker has every cycle they leave. False where
 * there is no `/proc` (macOS) or the call is refused: the worker then runs as it is.
 */
export function lowerThisThread(nice: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    // Never raised: a process started nicer than this stays as nice.
    setPriority(tid, Math.max(nice, getPriority(tid)));
    return true;
  } catch {
    return false;
  }
}
