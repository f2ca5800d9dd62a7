import { applyFilter } from '../../src/store/query.js';
import { search } from '../../src/store/search.js';
import { fileLabelOf } from '../../src/store/stats.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { parseFilter } from '../../src/trace/filter.js';
import { detailForest } from '../../src/ui/data/detail.js';
import { traceStart, viewsOf } from '../../src/ui/data/views.js';
import { findPattern, linesMatching } from '../../src/ui/format/find-lines.js';
import { helpLines } from '../../src/ui/format/help-lines.js';
import { searchNames, usageData } from '../../src/ui/panes/usage/usage-data.js';
import { usageTable } from '../../src/ui/panes/usage/usage-lines.js';
import type { UiState } from '../../src/ui/state/ui-state.js';
import { treeMatches } from '../../src/ui/tree/tree-search.js';
import { initialTree } from '../../src/ui/tree/tree-state.js';
import type { AppContext, DetailTree } from '../../src/ui/views/app-context.js';
import { helpView } from '../../src/ui/views/help.js';
import { helpSubject } from '../../src/ui/views/index.js';

/**
 * The context the app gives its commands for `state`, worked out as the app does
 * (lists, filter, the overlay's lines, the search matches shown), without Ink.
 */
export function appContext(
  store: TraceStore,
  state: UiState,
  height: number,
  width = 100,
  history: readonly string[] = [],
  fromSessions = false,
): AppContext {
  const labels = store.files.map((f) => fileLabelOf(store, f.index));
  const parsed = state.filter === null ? null : parseFilter(state.filter);
  const filtered = parsed ? applyFilter(store, parsed, traceStart(store), labels) : null;
  const views = viewsOf(store, state.showEchoed, filtered, state.callOrder);
  const o = state.overlay;
  const overlayLines = o?.type === 'help' ? helpLines(width - 1, helpSubject(o.over), helpView) : [];
  const list = state.pane === 'usage' ? null : views[state.pane];
  const usage =
    state.pane === 'usage' && !o ? usageTable(usageData(store, filtered), width - 1, state.usageSort).targets : [];
  const count = o ? overlayLines.length : state.pane === 'usage' ? usage.length : (list?.length ?? 0);
  const query = state.search?.query ?? '';
  let tree: DetailTree | null = null;
  if (o?.type === 'detail') {
    const frame = { forest: detailForest(store, o.row), width: width - 1, height: Math.max(1, height - 1) };
    const t = o.tree ?? initialTree();
    tree = { frame, state: t, matches: state.search ? treeMatches(frame.forest, t.flags, query) : null };
  }
  const pattern = o ? findPattern(query) : null;
  const matches = tree
    ? (tree.matches?.map((_, i) => i) ?? null)
    : o
      ? pattern && linesMatching(overlayLines, pattern)
      : state.search && list
        ? search(store, list, query).positions
        : state.search && state.pane === 'usage'
          ? searchNames(usage, query).positions
          : null;
  return {
    state,
    store,
    views,
    filtered,
    bounds: { count, height },
    height,
    width,
    matches,
    usage,
    history,
    tree,
    fromSessions,
  };
}
