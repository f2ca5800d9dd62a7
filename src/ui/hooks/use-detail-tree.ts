import { useEffect, useMemo, useState } from 'react';
import type { TraceStore } from '../../store/trace-store.js';
import { type ForestJob, openForest, previewForest } from '../data/detail.js';
import type { UiState } from '../state/ui-state.js';
import type { Forest } from '../tree/forest.js';
import { treeMatches, treeMatchSteps } from '../tree/tree-search.js';
import { goTo, initialTree, type TreeFrame } from '../tree/tree-state.js';
import type { DetailTree } from '../views/app-context.js';
import { useSettled } from './use-settled.js';
import type { UiStore } from './use-ui-state.js';

/** How long a step of opening a big record takes before the app looks at keys again. */
const STEP_MS = 12;

/** Text above this many characters is searched once typing pauses. */
const BIG = 1024 * 1024;
const textLength = (forest: Forest) => forest.parts.reduce((n, p) => n + p.table.text.length, 0);

/**
 * The open detail view's tree (parsed once per record, kept while it is open), its
 * state, and the nodes the search finds; typing a query goes to its first match
 * (unfolding what hides it) unless the cursor is on one. Null while no detail view is
 * open, and while a big record is still being read (`opening`: how far, 0 to 1).
 */
export function useDetailTree(
  store: TraceStore,
  state: UiState,
  /** The tree's lines: the body less the margin and the path line. */
  size: { width: number; height: number },
  ui: UiStore,
): { tree: DetailTree | null; opening: number | null; preview: DetailTree | null } {
  const o = state.overlay?.type === 'detail' ? state.overlay : null;
  const row = o?.row ?? -1;
  // The pair's other record may arrive while the view is open (a followed file).
  const paired = row >= 0 ? store.pairedRow(row) : -1;
  // A big record is read and scanned a few milliseconds at a time, keys answered in between.
  const job = useMemo(() => (row >= 0 ? openForest(store, row) : null), [store, row, paired, store.epoch]);
  const [, setProgress] = useState(0);
  const first = useMemo(() => job?.step(STEP_MS) ?? null, [job]);
  const [later, setLater] = useState<{ job: ForestJob; forest: Forest } | null>(null);
  const forest = first ?? (later?.job === job ? later.forest : null);
  // Not done in its first step: the tree of the records' heads is shown meanwhile (keys wait
  // for the whole), drawn after the frame that answers the key says the record is being read.
  const [previewed, setPreviewed] = useState<{ job: ForestJob; forest: Forest } | null>(null);
  useEffect(() => {
    if (!job || forest) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const done = job.step(STEP_MS);
      if (done) setLater({ job, forest: done });
      else {
        setProgress(job.progress);
        timer = setTimeout(tick, 0);
      }
    };
    timer = setTimeout(() => {
      setPreviewed({ job, forest: previewForest(store, row) });
      timer = setTimeout(tick, 0);
    }, 0);
    return () => clearTimeout(timer);
  }, [job, forest]);
  const frame = useMemo<TreeFrame | null>(
    () => (forest ? { forest, width: size.width, height: size.height } : null),
    [forest, size.width, size.height],
  );
  // One state per record until a key moves in it: a fresh one each frame is a new `json`,
  // so a big record's search (keyed on it below) would begin again every frame, never done.
  const opened = useMemo(initialTree, [row]);
  const tree = o?.tree ?? opened;
  const typed = o && state.search ? state.search.query : '';
  // Over a big record (a pass over megabytes per letter), the search waits for typing to pause.
  const settled = useSettled(typed, 150);
  const big = forest !== null && textLength(forest) > BIG;
  const query = big ? settled : typed;
  const searching = frame !== null && state.search !== null && o !== null;
  // Which search is wanted: a new object whenever it changes.
  const wanted = useMemo(() => ({}), [frame, query, searching, tree.json]);
  const now = useMemo(() => (searching && !big ? treeMatches(frame!.forest, tree.flags, query) : null), [wanted, big]);
  // A big record is searched a megabyte at a time, keys answered in between.
  const [found, setFound] = useState<{ wanted: object; matches: number[] } | null>(null);
  useEffect(() => {
    if (!searching || !big) return;
    const steps = treeMatchSteps(frame!.forest, tree.flags, query);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const until = performance.now() + STEP_MS;
      for (let r = steps.next(); ; r = steps.next()) {
        if (r.done) return setFound({ wanted, matches: r.value });
        if (performance.now() >= until) break;
      }
      timer = setTimeout(tick, 0);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [wanted, big]);
  const matches = !searching ? null : big ? (found?.wanted === wanted ? found.matches : []) : now;
  useEffect(() => {
    if (!frame || !matches || state.input?.kind !== 'search' || matches.length === 0) return;
    if (matches.includes(tree.cursor)) return;
    ui.dispatch({ type: 'tree', tree: goTo(frame, tree, matches[0]!) });
  }, [query, matches]);
  const opening = o && !frame && job ? job.progress : null;
  const preview =
    opening !== null && previewed?.job === job
      ? {
          frame: { forest: previewed.forest, width: size.width, height: size.height },
          state: initialTree(),
          matches: null,
        }
      : null;
  return { tree: frame ? { frame, state: tree, matches } : null, opening, preview };
}
