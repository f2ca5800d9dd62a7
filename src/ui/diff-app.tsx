import { Box, useApp } from 'ink';
import { useMemo } from 'react';
import { inert } from '../kit/text.js';
import { counted } from '../kit/units.js';
import type { DiffDoc } from '../store/diff.js';
import { emptyColumns, naturalWidths } from '../store/diff-columns.js';
import type { TraceStore } from '../store/trace-store.js';
import { Lines } from './components/lines.js';
import { callSides } from './data/diff-sides.js';
import { diffHeading } from './format/diff-heading.js';
import { diffHeader, diffLayout, diffRow, diffTotalsLine } from './format/diff-lines.js';
import { DIFF_GLYPHS, helpLines } from './format/help-lines.js';
import { noticeLook } from './format/notice.js';
import { type ScreenLine, seg } from './format/segments.js';
import { markCurrent, sideBySide } from './format/side-by-side.js';
import { endsOf, fit, inertHead } from './format/text.js';
import { useCommands } from './hooks/use-commands.js';
import { useOutcome } from './hooks/use-outcome.js';
import { type Size, useTerminalSize } from './hooks/use-terminal-size.js';
import { useUiState } from './hooks/use-ui-state.js';
import { type Bounds, initialState } from './state/ui-state.js';
import type { DiffContext } from './views/diff.js';
import { diffHelpView } from './views/diff.js';
import { diffView, helpSubject } from './views/index.js';
import { footerHints, pressKey } from './views/view.js';

export interface DiffAppProps {
  doc: DiffDoc;
  a: TraceStore;
  b: TraceStore;
  size?: Size;
}

/**
 * A name (a file's, or a hostile trace's) as the title may show it, inert: its head and
 * its end, where two runs' names differ, each a few lines' worth; a name of 100,000
 * characters is never measured whole on every frame.
 */
function nameShown(name: string, width: number): string {
  return inert(endsOf(name, 2 * Math.max(width, 64)));
}

/** The label both recordings' meta lines give (two runs of one server), inert; else null. */
function serverLabel(a: TraceStore, b: TraceStore, width: number): string | null {
  const labelOf = (s: TraceStore) => {
    const meta = s.files[0]?.meta;
    return meta && typeof meta.label === 'string' && meta.label !== '' ? meta.label : null;
  };
  const label = labelOf(a);
  return label !== null && label === labelOf(b) ? inert(endsOf(label, 2 * Math.max(width, 64))) : null;
}

/** `diff A B` on a terminal: the aligned calls; Enter shows one call of A and B side by side. */
export function DiffApp({ doc, a, b, size: fixed }: DiffAppProps) {
  const { exit } = useApp();
  const size = useTerminalSize(fixed);
  const [state, ui] = useUiState(() => initialState());
  const width = size.columns;
  // What each run cost, under the title, when either counts turns, tokens, cost or errors.
  const totals = useMemo(() => diffTotalsLine(doc.totals, width), [doc, width]);
  const height = Math.max(1, size.rows - 2 - (totals ? 1 : 0));
  const list = { length: doc.calls.length, at: (i: number) => i };
  const differing = useMemo(() => doc.calls.flatMap((c, i) => (c.status === 'same' ? [] : [i])), [doc]);
  const natural = useMemo(() => naturalWidths(doc.calls, 60), [doc]);
  const empty = useMemo(() => emptyColumns(doc.calls), [doc]);
  const layout = useMemo(() => diffLayout(natural, width, empty), [natural, width, empty]);
  const overlay = state.overlay;
  const detailRow = overlay?.type === 'detail' ? overlay.row : -1;
  const side = useMemo(
    () => (detailRow < 0 ? null : sideBySide(doc.calls[detailRow]!, callSides(doc.calls[detailRow]!, a, b), width)),
    [detailRow, width, doc, a, b],
  );
  const helpOver = overlay?.type === 'help' ? overlay.over : null;
  const help = useMemo<ScreenLine[]>(
    () => (helpOver === null ? [] : helpLines(width - 1, helpSubject(helpOver, true), diffHelpView, DIFF_GLYPHS)),
    [helpOver, width],
  );
  // Side by side, only the lines on screen are laid out.
  const overlayCount = side ? side.count : help.length;
  const overlayLine = (i: number): ScreenLine => (side ? side.line(i) : (help[i] ?? []));
  // The list has its column headers above the rows.
  const listHeight = Math.max(1, height - 1);
  const bounds: Bounds = overlay ? { count: overlayCount, height } : { count: doc.calls.length, height: listHeight };
  const context = (now: typeof state): DiffContext => ({
    state: now,
    bounds,
    list,
    changes: now.overlay ? (now.overlay.type === 'detail' ? (side?.changes ?? []) : []) : differing,
  });
  const view = diffView(state);
  const perform = useOutcome(ui, { quit: exit });
  useCommands(view, (key) => {
    const now = ui.get();
    perform(pressKey(diffView(now), key, context(now)));
  });
  const l = state.lists.calls;
  // Each name gets a fair share of the room, cut where it does not tell A from B.
  const header = diffHeading(
    nameShown(doc.a, width),
    nameShown(doc.b, width),
    doc.same
      ? ` · same (${counted(doc.calls.length, 'call')})`
      : ` · ${differing.length} of ${doc.calls.length} differ`,
    doc.same ? 'ok' : 'warn',
    width,
    serverLabel(a, b, width),
  );
  const found = overlay?.type === 'detail' ? overlay.found : -1;
  const body = overlay
    ? Array.from({ length: Math.max(0, Math.min(height, overlayCount - overlay.scroll)) }, (_, k) => {
        const i = overlay.scroll + k;
        return i === found ? markCurrent(overlayLine(i)) : overlayLine(i);
      })
    : doc.calls.length
      ? [
          diffHeader(layout),
          ...doc.calls
            .slice(l.windowStart, l.windowStart + listHeight)
            .map((c, i) => diffRow(c, layout, l.windowStart + i === l.selected)),
        ]
      : [[seg(' no tool calls in either trace', 'dim')]];
  // Side by side, which difference is current and how many there are.
  const where =
    side && overlay?.type === 'detail'
      ? ` ${found >= 0 ? `change ${side.changes.indexOf(found) + 1} of ${side.changes.length}` : counted(side.changes.length, 'change')}`
      : '';
  const status = overlay ? where : ` ${doc.calls.length ? l.selected + 1 : 0} of ${doc.calls.length}`;
  const room = Math.max(0, width - Math.max(14, status.length + 1));
  const footer: ScreenLine = [
    // A notice (a key that does nothing here) takes the place of the hints for a moment.
    // Padded to its room, so the position sits at the right edge, as in the app.
    seg(
      fit(
        state.notice !== null
          ? noticeLook(state.notice).mark + inertHead(state.notice.text, room)
          : footerHints(view, context(state), '  ', room),
        room,
      ),
      state.notice ? noticeLook(state.notice).style : 'dim',
    ),
    seg(fit(status, width - room, 'right'), 'bold'),
  ];
  return (
    <Box flexDirection="column" width={width} height={size.rows}>
      <Lines lines={totals ? [header, totals] : [header]} width={width} height={totals ? 2 : 1} />
      <Lines lines={body} width={width} height={height} />
      <Lines lines={[footer]} width={width} height={1} />
    </Box>
  );
}
