import { useEffect, useMemo } from 'react';
import type { TraceStore } from '../../store/trace-store.js';
import { detailForest } from '../data/detail.js';
import type { UiState } from '../state/ui-state.js';
import { treeMatches } from '../tree/tree-search.js';
import { goTo, initialTree, type TreeFrame } from '../tree/tree-state.js';
import type { DetailTree } from '../views/app-context.js';
import type { UiStore } from './use-ui-state.js';

/**
 * The open detail view's tree (parsed once per record, kept while it is open), its
 * state, and the nodes the search finds; typing a query goes to its first match
 * (unfolding what hides it) unless the cursor is on one. Null while no detail view is open.
 */
export function useDetailTree(
  store: TraceStore,
  state: UiState,
  /** The tree's lines: the body less the margin and the path line. */
  size: { width: number; height: number },
  ui: UiStore,
): DetailTree | null {
  const o = state.overlay?.type === 'detail' ? state.overlay : null;
  const row = o?.row ?? -1;
  // The pair's other record may arrive while the view is open (a followed file).
  const paired = row >= 0 ? store.pairedRow(row) : -1;
  const forest = useMemo(() => (row >= 0 ? detailForest(store, row) : null), [store, row, paired, store.epoch]);
  const frame = useMemo<TreeFrame | null>(
    () => (forest ? { forest, width: size.width, height: size.height } : null),
    [forest, size.width, size.height],
  );
  const tree = o?.tree ?? initialTree();
  const query = o && state.search ? state.search.query : '';
  const matches = useMemo(
    () => (frame && state.search && o ? treeMatches(frame.forest, tree.flags, query) : null),
    [frame, query, state.search !== null, o !== null, tree.json],
  );
  useEffect(() => {
    if (!frame || !matches || state.input?.kind !== 'search' || matches.length === 0) return;
    if (matches.includes(tree.cursor)) return;
    ui.dispatch({ type: 'tree', tree: goTo(frame, tree, matches[0]!) });
  }, [query, matches]);
  return frame ? { frame, state: tree, matches } : null;
}
