import { type Dispatch, useEffect, useRef } from 'react';
import type { TraceStore } from '../../store/trace-store.js';
import { findMarks, type MarkRef, refsOf } from '../data/marks.js';
import type { Action } from '../state/ui-state.js';

/** Marks from earlier runs, and how to keep the marks of this one (the state directory is the command line's). */
export interface KeptMarks {
  saved: readonly MarkRef[];
  save(refs: readonly MarkRef[]): void;
}

/**
 * Marks that outlive the run: the kept ones are found among the rows as they arrive
 * (each row looked at once), and every change of the marks is kept, with the kept
 * ones not found yet (the file still loading). A file read again (a new epoch) was
 * changed: its kept marks are not looked for any more.
 */
export function useKeptMarks(
  store: TraceStore,
  version: number,
  marks: ReadonlySet<number>,
  kept: KeptMarks | undefined,
  dispatch: Dispatch<Action>,
): void {
  const pending = useRef<readonly MarkRef[]>(kept?.saved ?? []);
  const scanned = useRef(0);
  const epoch = useRef(store.epoch);
  useEffect(() => {
    if (store.epoch !== epoch.current) pending.current = [];
    if (pending.current.length === 0) return;
    const found = findMarks(store, pending.current, scanned.current);
    scanned.current = found.upTo;
    pending.current = found.left;
    if (found.rows.length) dispatch({ type: 'marks.add', rows: found.rows });
  }, [version]);
  const first = useRef(true);
  useEffect(() => {
    // The first frame's marks are the ones kept: nothing to write yet.
    if (first.current) {
      first.current = false;
      return;
    }
    kept?.save([
      ...refsOf(
        store,
        [...marks].sort((a, b) => a - b),
      ),
      ...pending.current,
    ]);
  }, [marks]);
}
