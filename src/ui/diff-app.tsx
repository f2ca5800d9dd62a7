import { Box, useApp } from 'ink';
import { useMemo } from 'react';
import type { DiffCall, DiffDoc } from '../store/diff.js';
import type { TraceStore } from '../store/trace-store.js';
import { inert } from '../trace/text.js';
import { Lines } from './components/lines.js';
import { detailLines } from './data/detail.js';
import { helpLines } from './format/help-lines.js';
import { fitLine, type ScreenLine, type Style, seg } from './format/segments.js';
import { fit, truncate, width as widthOf } from './format/text.js';
import { useCommands } from './hooks/use-commands.js';
import { useOutcome } from './hooks/use-outcome.js';
import { type Size, useTerminalSize } from './hooks/use-terminal-size.js';
import { useUiState } from './hooks/use-ui-state.js';
import { type Bounds, initialState } from './state/ui-state.js';
import { diffHelpView } from './views/diff.js';
import { diffView, helpSubject } from './views/index.js';
import { footerHints, pressKey } from './views/view.js';

export interface DiffAppProps {
  doc: DiffDoc;
  a: TraceStore;
  b: TraceStore;
  size?: Size;
}

const LOOK: Record<DiffCall['status'], { glyph: string; style: Style }> = {
  same: { glyph: '═', style: 'dim' },
  'changed args': { glyph: '≠', style: 'warn' },
  'changed result': { glyph: '≠', style: 'warn' },
  'added in B': { glyph: '+', style: 'ok' },
  'removed from B': { glyph: '-', style: 'error' },
};

/** One diff row: ordinal, glyph and status (never colour alone), tool, lines, what differs. */
export function diffRow(c: DiffCall, width: number, selected: boolean): ScreenLine {
  const look = LOOK[c.status];
  const lines = `${c.aLine === null ? '—' : `A:L${c.aLine}`} ${c.bLine === null ? '—' : `B:L${c.bLine}`}`;
  const fixed = 1 + 5 + 17 + 24 + 16;
  const detail = Math.max(0, width - fixed);
  return [
    seg(selected ? '›' : ' ', selected ? 'selected' : undefined),
    seg(`${fit(String(c.ordinal), 4, 'right')} `, 'dim'),
    seg(`${fit(`${look.glyph} ${c.status}`, 16)} `, look.style),
    seg(`${fit(inert(c.tool), 23)} `, 'bold'),
    seg(`${fit(lines, 15)} `, 'dim'),
    seg(truncate(inert(c.detail), detail)),
  ];
}

/** Two columns of lines side by side, each cut to its half. */
function sideBySide(left: ScreenLine[], right: ScreenLine[], half: number): ScreenLine[] {
  const out: ScreenLine[] = [];
  const cut = (line: ScreenLine | undefined): ScreenLine => {
    const res: ScreenLine = [];
    let used = 0;
    for (const s of line ?? []) {
      const t = truncate(inert(s.text), half - used);
      used += widthOf(t);
      res.push({ ...s, text: t });
      if (used >= half) break;
    }
    res.push(seg(' '.repeat(Math.max(0, half - used))));
    return res;
  };
  for (let i = 0; i < Math.max(left.length, right.length); i++)
    out.push([...cut(left[i]), seg('│', 'dim'), ...cut(right[i])]);
  return out;
}

/** `diff A B` on a terminal: the calls aligned by ordinal; Enter shows both sides. */
export function DiffApp({ doc, a, b, size: fixed }: DiffAppProps) {
  const { exit } = useApp();
  const size = useTerminalSize(fixed);
  const [state, ui] = useUiState(() => initialState());
  const width = size.columns;
  const height = Math.max(1, size.rows - 2);
  const list = { length: doc.calls.length, at: (i: number) => i };
  const overlay = state.overlay;
  const overlayLines = useMemo<ScreenLine[]>(() => {
    if (!overlay) return [];
    if (overlay.type === 'help') return helpLines(width - 1, helpSubject(overlay.over, true), diffHelpView);
    const c = doc.calls[overlay.row]!;
    const half = Math.floor((width - 2) / 2);
    const side = (store: TraceStore, line: number | null, name: string): ScreenLine[] => {
      const row = line === null ? -1 : findRequestRow(store, line);
      return [
        [seg(name, 'header')],
        ...(row < 0 ? [[seg('(no call at this ordinal)', 'dim')]] : detailLines(store, row, half - 1)),
      ];
    };
    // The detail quotes both traces' values: cut to the line like every other.
    const title = fitLine(
      [
        seg(`#${c.ordinal} `, 'bold'),
        seg(`${LOOK[c.status].glyph} ${c.status}`, LOOK[c.status].style),
        seg(c.detail ? ` · ${c.detail}` : '', 'dim'),
      ],
      width - 1,
    );
    return [title, ...sideBySide(side(a, c.aLine, 'A'), side(b, c.bLine, 'B'), half)];
  }, [overlay, width, doc, a, b]);
  const bounds: Bounds = overlay ? { count: overlayLines.length, height } : { count: doc.calls.length, height };
  const view = diffView(state);
  const perform = useOutcome(ui, { quit: exit });
  useCommands(view, (key) => {
    const now = ui.get();
    perform(pressKey(diffView(now), key, { state: now, bounds, list }));
  });
  const l = state.lists.calls;
  const changed = doc.calls.filter((c) => c.status !== 'same').length;
  const header: ScreenLine = [
    seg('diff ', 'header'),
    seg(truncate(`A ${inert(doc.a)} · B ${inert(doc.b)}`, Math.max(0, width - 32))),
    seg(
      doc.same ? ` · same (${doc.calls.length} calls)` : ` · ${changed} of ${doc.calls.length} differ`,
      doc.same ? 'ok' : 'warn',
    ),
  ];
  const body = overlay
    ? overlayLines.slice(overlay.scroll, overlay.scroll + height)
    : doc.calls.length
      ? doc.calls
          .slice(l.windowStart, l.windowStart + height)
          .map((c, i) => diffRow(c, width, l.windowStart + i === l.selected))
      : [[seg(' no tool calls in either trace', 'dim')]];
  const footer: ScreenLine = [
    // A notice (a key that does nothing here) takes the place of the hints for a moment.
    seg(
      truncate(
        state.notice !== null ? inert(state.notice) : footerHints(view, { state, bounds, list }, '  ', width - 14),
        Math.max(0, width - 14),
      ),
      state.notice ? 'warn' : 'dim',
    ),
    seg(overlay ? '' : ` ${doc.calls.length ? l.selected + 1 : 0} of ${doc.calls.length}`, 'bold'),
  ];
  return (
    <Box flexDirection="column" width={width} height={size.rows}>
      <Lines lines={[header]} width={width} height={1} />
      <Lines lines={body} width={width} height={height} />
      <Lines lines={[footer]} width={width} height={1} />
    </Box>
  );
}

/** The request row of the tools/call at a line. */
function findRequestRow(store: TraceStore, line: number): number {
  for (let p = 0; p < store.pairs.length; p++) {
    const row = store.pairs.reqRowOf(p);
    if (store.lineOf(row) === line) return row;
  }
  return -1;
}
