/**
 * The Timeline's pass over the run: its extent and the idle gaps folded out of the axis.
 * While a trace grows (`--follow`, indexing), the pass goes on from the last row it saw
 * and looks again only at the rows still open, so a change costs the rows it brings.
 */
import { isDateMs } from '../../../store/time-range.js';
import type { TraceStore } from '../../../store/trace-store.js';
import type { RowList } from '../../data/views.js';
import { foldedTime, foldGaps, gapKeeper } from './idle-gaps.js';
import { spanOf, type TimelineRun } from './timeline-data.js';

/** Where the pass over one list stands. */
interface Pass {
  store: TraceStore;
  epoch: number;
  version: number;
  list: RowList;
  /** The lists this pass may go on over (`RowList.lineage`). */
  lineage: object | undefined;
  /** How many of the list's rows it has seen. */
  seen: number;
  start: number;
  /** Where the answered rows seen so far stop. */
  busyTo: number;
  gaps: ReturnType<typeof gapKeeper>;
  /** Rows still open (a call waiting for its answer): each is looked at again on every change. */
  open: number[];
  run: TimelineRun | null;
}

let pass: Pass | null = null;

/** The run of `list` (in time order), worked out once per list and store version. */
export function runOf(store: TraceStore, list: RowList): TimelineRun | null {
  const p = pass;
  if (p && p.store === store && p.list === list && p.version === store.version) return p.run;
  const goesOn =
    p !== null &&
    p.store === store &&
    p.epoch === store.epoch &&
    list.lineage !== undefined &&
    p.lineage === list.lineage &&
    list.length >= p.seen;
  const next = goesOn ? p : freshPass(store, list);
  walk(next, list);
  return next.run;
}

function freshPass(store: TraceStore, list: RowList): Pass {
  return {
    store,
    epoch: store.epoch,
    version: store.version,
    list,
    lineage: list.lineage,
    seen: 0,
    start: Number.POSITIVE_INFINITY,
    busyTo: Number.NEGATIVE_INFINITY,
    gaps: gapKeeper(),
    open: [],
    run: null,
  };
}

/**
 * The rows `p` has not seen, and the open ones again. A row seen open counts as a moment
 * at its start; nothing after the first open row is idle (it runs on to the end), so
 * that row cuts the gaps when the run is read. Once answered, its time is cut out of
 * the gaps. Only the longest gaps are kept: one among the shorter may go unfolded.
 */
function walk(p: Pass, list: RowList): void {
  const { store } = p;
  let end = Number.NEGATIVE_INFINITY;
  for (const f of store.files) if (f.maxT !== null && isDateMs(f.maxT) && f.maxT > end) end = f.maxT;
  let openFrom = Number.POSITIVE_INFINITY;
  const stillOpen: number[] = [];
  for (const row of p.open) {
    const span = spanOf(store, row, end);
    if (span?.open) {
      stillOpen.push(row);
      openFrom = Math.min(openFrom, span.from);
    } else if (span && span.to > span.from) {
      p.gaps.cut(span.from, span.to);
      if (span.to > p.busyTo) p.busyTo = span.to;
    }
  }
  p.open = stillOpen;
  for (let i = p.seen; i < list.length; i++) {
    const row = list.at(i);
    const span = spanOf(store, row, end);
    if (span === null) continue;
    if (span.from < p.start) p.start = span.from;
    const to = span.open ? span.from : span.to;
    if (span.open) {
      p.open.push(row);
      openFrom = Math.min(openFrom, span.from);
    }
    if (span.from > p.busyTo && p.busyTo > Number.NEGATIVE_INFINITY) p.gaps.add({ from: p.busyTo, to: span.from });
    if (to > p.busyTo) p.busyTo = to;
  }
  p.seen = list.length;
  p.list = list;
  p.version = store.version;
  p.run = null;
  if (p.start !== Number.POSITIVE_INFINITY) {
    const last = Math.max(end, p.busyTo);
    // An open row runs on to the end: no gap after its start.
    const gaps = p.gaps
      .gaps()
      .flatMap((g) => (g.from >= openFrom ? [] : [{ from: g.from, to: Math.min(g.to, openFrom) }]));
    const folds = foldGaps(gaps, last - p.start);
    p.run = {
      start: p.start,
      end: last,
      folds,
      foldedStart: foldedTime(folds, p.start),
      foldedEnd: foldedTime(folds, last),
    };
  }
  pass = p;
}
