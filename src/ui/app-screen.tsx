/** What the app draws between the keys: the header line and the body, with the footer's position. */
import type { ReactElement } from 'react';
import { fileLabelOf } from '../store/stats.js';
import { DetailPane } from './components/detail-pane.js';
import { Lines } from './components/lines.js';
import { headerLine } from './format/chrome.js';
import { findPattern, markMatches } from './format/find-lines.js';
import { searchCounter } from './format/matches.js';
import { marker } from './format/rows.js';
import { type ScreenLine, seg } from './format/segments.js';
import { pathLine, placeText } from './format/tree-lines.js';
import { PANE_PARTS } from './panes/index.js';
import { isRecordPane } from './panes/list.js';
import type { RowAt, Screen, ScreenInput } from './panes/pane.js';
import { treeWindow } from './tree/tree-state.js';
import type { DetailTree } from './views/app-context.js';

export type { RowAt, Screen } from './panes/pane.js';

/** What the app's screen is drawn from: a pane's, and the detail view's tree or help. */
export interface AppScreenInput extends ScreenInput {
  /** The open detail view's tree (null for help or a pane, and while a big record is read: `opening`, 0 to 1). */
  tree: DetailTree | null;
  opening: number | null;
  /** While `opening`: the tree of the records' first bytes, shown meanwhile. */
  preview?: DetailTree | null;
}

/**
 * The detail view's tree on screen: the cursor's path, then the nodes in the window,
 * the cursor marked `›`, nodes the search found `•` (their text marked); and where the
 * cursor is: `/query 2/5 · key 3 of 12`.
 */
function treeBody(s: AppScreenInput, t: DetailTree): { body: ReactElement; position: string } {
  const { frame, state, matches } = t;
  const found = matches ? new Set(matches) : null;
  const pattern = found && s.state.search ? findPattern(s.state.search.query) : null;
  const lines: ScreenLine[] = [pathLine(frame.forest, state.cursor, s.width)];
  for (const l of treeWindow(frame, state)) {
    const matched = found?.has(l.ref) ?? false;
    const mark = l.first ? marker(l.ref === state.cursor, matched) : marker(false);
    lines.push([mark, ...(matched && pattern ? markMatches(l.line, pattern) : l.line)]);
  }
  const place = placeText(frame.forest, state.cursor, state.flags);
  const counter =
    matches && s.state.search
      ? searchCounter(
          { query: s.state.search.query, positions: matches.map((_, i) => i) },
          matches.indexOf(state.cursor),
        )
      : '';
  return {
    body: <Lines lines={lines} width={s.width} height={s.height} />,
    position: counter ? `${counter} · ${place}` : place,
  };
}

/** The overlay's lines on screen, and where they are: `/query 2/5 · 11-30/84`. */
function overlayBody(s: AppScreenInput): { body: ReactElement; position: string } {
  const { overlayLines: lines, height, searched } = s;
  const o = s.state.overlay!;
  const { overlayFound: found, overlayPattern: pattern } = searched;
  const marks = found && pattern ? { pattern, positions: found.positions, current: o.found } : undefined;
  const body = <DetailPane lines={lines} scroll={o.scroll} width={s.width} height={height} found={marks} />;
  const range =
    lines.length > height ? `${o.scroll + 1}-${Math.min(lines.length, o.scroll + height)}/${lines.length}` : '';
  const counter = found ? searchCounter(found, o.found) : '';
  return { body, position: counter && range ? `${counter} · ${range}` : counter || range };
}

/** How far a big record's opening is: `reading the record… 42%`. */
const readingText = (opening: number) => `reading the record… ${Math.floor(opening * 100)}%`;

/** The body, and the footer's position: `UTC · slowest first · /query 2/5 · 7 of 13`. */
export function screenBody(s: AppScreenInput): Screen {
  const { state } = s;
  // The tree and help scroll with the wheel; a click there selects nothing.
  const none: RowAt = () => null;
  if (s.tree) return { ...treeBody(s, s.tree), rowAt: none };
  if (s.opening !== null && s.preview) {
    // The head of the record, drawn as its tree will be; the footer says it is still being read.
    const { body } = treeBody(s, s.preview);
    return { body, position: readingText(s.opening), rowAt: none };
  }
  if (s.opening !== null) {
    const line = [seg(` ${readingText(s.opening)}`, 'dim')];
    return { body: <Lines lines={[[], line]} width={s.width} height={s.height} />, position: '', rowAt: none };
  }
  if (state.overlay) return { ...overlayBody(s), rowAt: none };
  return PANE_PARTS[state.pane].screen(s);
}

/** The header: pane tabs, trace labels, counts, the filter, a paused follow. */
export function screenHeader(
  s: Pick<AppScreenInput, 'store' | 'state' | 'filtered' | 'views'>,
  width: number,
): ScreenLine {
  const { store, state, filtered } = s;
  const list = isRecordPane(state.pane) ? s.views[state.pane] : null;
  const recordCount = store.files.reduce(
    (n, f) => n + f.counts.meta + f.counts.message + f.counts.event + f.counts.turn + f.counts.end + f.counts.other,
    0,
  );
  return headerLine(
    {
      pane: state.pane,
      files: store.files,
      labels: store.files.map((f) => fileLabelOf(store, f.index)),
      records: recordCount,
      skipped: store.files.reduce((n, f) => n + f.skipped, 0),
      pausedNew: state.pausedAt === null || !list ? null : Math.max(0, list.length - state.pausedAt),
      filter: filtered ? { text: filtered.filter.text, kept: filtered.count, total: store.count } : null,
    },
    width,
  );
}
