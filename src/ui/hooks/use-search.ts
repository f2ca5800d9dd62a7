import { useEffect, useMemo, useRef, useState } from 'react';
import type { TextFinder } from '../../kit/text.js';
import { linesContainingSoon, prepareSearchSoon, type SearchResult, search } from '../../store/search.js';
import type { TraceStore } from '../../store/trace-store.js';
import type { RowList } from '../data/views.js';
import { findPattern, linesMatching } from '../format/find-lines.js';
import type { ScreenLine } from '../format/segments.js';
import { searchNames } from '../panes/usage/usage-data.js';
import type { Bounds, UiState } from '../state/ui-state.js';
import { useSettled } from './use-settled.js';
import type { UiStore } from './use-ui-state.js';

/** How long the store must stay unchanged before search prepares for a first query. */
const SETTLED_MS = 400;

export interface Searched {
  /** The search over the list shown (method, tool, model, text), or null. */
  found: SearchResult | null;
  /** The search over the lines of the open overlay, or null. */
  overlayFound: { query: string; positions: number[] } | null;
  overlayPattern: TextFinder | null;
  /**
   * The text part of the list's search: still to come (`pending`: once typing pauses, a
   * step at a time), not searched for a query under two letters (`short`), or in (null).
   */
  text: 'pending' | 'short' | null;
}

/**
 * The search in effect, over the list shown or the open overlay's lines; typing a
 * query moves to its best match (a list) or its first from the top of the view on.
 */
export function useSearch(
  store: TraceStore,
  state: UiState,
  list: RowList | null,
  /** The Usage pane's rows (`/` there finds them by name). */
  usageRows: readonly { name: string }[],
  overlayLines: ScreenLine[],
  bounds: Bounds,
  version: number,
  ui: UiStore,
): Searched {
  const overlay = state.overlay;
  const searching = state.search !== null && !overlay && list !== null;
  const open = state.search !== null;
  const wasOpen = useRef(false);
  // Text (a scan of the source) joins once typing pauses, and is read a step at a
  // time between keys, so keys never wait for it.
  const query = state.search?.query ?? '';
  const textQuery = useSettled(query, 150);
  // What a query scores error texts by is prepared once search is open: at once as it
  // opens (the first letter does not score them; ~60 ms of steps at 1 GiB, done before
  // a second), and again once the trace stops changing. Not before: ~1 KB a text, 8.6 MiB
  // for 8,192 at 1 GiB, put the app's peak past 0.25x of the file for a search not asked for.
  useEffect(() => {
    const opened = open && !wasOpen.current;
    wasOpen.current = open;
    if (!open) return;
    let cancelled = false;
    // Steps of 256 texts, a turn of the event loop apart, keys or not: not held off by
    // keys as cost per tool is (ui/hooks/keys-quiet.ts), since a second search letter after
    // a stream of keys would then prepare them all at once (~110 ms on 141,408 turns).
    const timer = setTimeout(() => void prepareSearchSoon(store, () => cancelled), opened ? 0 : SETTLED_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [store, version, open]);
  const [text, setText] = useState<{ query: string; version: number; rows: Uint8Array } | null>(null);
  useEffect(() => {
    if (!searching || textQuery !== query || query.trim().length < 2) return;
    let cancelled = false;
    void linesContainingSoon(store, query, () => cancelled).then((rows) => {
      if (rows) setText({ query, version, rows });
    });
    return () => {
      cancelled = true;
    };
  }, [searching, query, textQuery, store, version]);
  const inUsage = state.search !== null && !overlay && state.pane === 'usage';
  const textIn = text !== null && text.query === query && textQuery === query;
  const found = useMemo(() => {
    if (inUsage) return searchNames(usageRows, query);
    if (!searching || !list) return null;
    const lines = textIn ? text.rows : undefined;
    return search(store, list, query, lines);
  }, [searching, inUsage, usageRows, list, query, textQuery, text, store, version]);
  const textState = !searching || inUsage ? null : query.trim().length < 2 ? 'short' : textIn ? null : 'pending';
  // `/word⏎` typed at once closes the bar before the text part (a step at a time, once
  // typing pauses) comes in: its first match is still gone to, once, unless a key has
  // moved the selection since (the late result then leaves it where the user put it).
  const typing = state.input?.kind === 'search';
  const selected = state.lists[state.pane].selected;
  /** The bar closed on a query not gone to yet (typing goes to every match found): where the selection was then. */
  const waiting = useRef<{ query: string; selected: number } | null>(null);
  useEffect(() => {
    const query = state.search?.query;
    const wentTo = found !== null && found.query === query && found.best >= 0;
    waiting.current = !typing && query !== undefined && !wentTo ? { query, selected } : null;
  }, [typing]);
  // Anything else done meanwhile (a detail view opened, another pane, a filter) ends the wait.
  useEffect(() => {
    waiting.current = null;
  }, [overlay !== null, state.pane, state.filter]);
  useEffect(() => {
    const w = waiting.current;
    if (found && found.best >= 0 && (typing || (w?.query === found.query && w.selected === selected))) {
      waiting.current = null;
      ui.dispatch({ type: 'search.goto', index: found.best, bounds });
    }
    // Its text part in, match or none, the query has nothing more to wait for: rows that
    // come later (a followed file) never move the selection.
    if (!typing && textIn) waiting.current = null;
  }, [found?.query, found?.best, textIn]);
  // In the detail view or help: the lines that hold the query, as shown.
  const overlayQuery = overlay && state.search ? state.search.query : '';
  const overlayPattern = useMemo(() => findPattern(overlayQuery), [overlayQuery]);
  const overlayFound = useMemo(
    () => (overlayPattern ? { query: overlayQuery, positions: linesMatching(overlayLines, overlayPattern) } : null),
    [overlayPattern, overlayLines],
  );
  useEffect(() => {
    if (!overlay || !overlayFound || state.input?.kind !== 'search') return;
    const p = overlayFound.positions;
    const line = p.find((x) => x >= overlay.scroll) ?? p[0];
    if (line !== undefined) ui.dispatch({ type: 'search.goto', index: line, bounds });
  }, [overlayFound?.query]);
  return { found, overlayFound, overlayPattern, text: textState };
}
