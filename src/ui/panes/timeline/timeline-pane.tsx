import { fmtMs } from '../../../kit/units.js';
import { STATUSES, Status } from '../../../trace/enums.js';
import { Lines } from '../../components/lines.js';
import { looks, markCell, marker, toneOf } from '../../format/rows.js';
import { type ScreenLine, type Segment, seg } from '../../format/segments.js';
import { width as cellsOf, fit, inertHead } from '../../format/text.js';
import { barText } from './bar-glyphs.js';
import { colOf, type Scale } from './time-scale.js';
import type { TimelineRow } from './timeline-data.js';
import { DURATION_COLS, STATUS_COLS, timelineColumns } from './timeline-layout.js';

export interface TimelinePaneProps {
  /** The axis line (ticks and folded gaps), as wide as the bar area. */
  axis: string;
  /** The visible rows only (already windowed). */
  rows: TimelineRow[];
  /** Index of the selected row within `rows`, or -1. */
  selectedIndex: number;
  matched?: boolean[];
  scale: Scale;
  /** `--ascii`: bars of `#` and `=`. */
  ascii: boolean;
  width: number;
  height: number;
  empty?: string;
}

/** `5` Timeline: the axis, then one bar per turn and call on it. */
export function TimelinePane({
  axis,
  rows,
  selectedIndex,
  matched,
  scale,
  ascii,
  width,
  height,
  empty = 'no turns or calls in this trace (yet)',
}: TimelinePaneProps) {
  const cols = timelineColumns(width);
  const head: ScreenLine = [seg(' '), seg(fit('', cols.label ? cols.label + 1 : 0)), seg(axis, 'dim')];
  const lines = rows.length
    ? [head, ...rows.map((r, i) => timelineLine(r, i === selectedIndex, matched?.[i] ?? false, scale, ascii, width))]
    : [[seg(` ${empty}`, 'dim')]];
  return <Lines lines={lines} width={width} height={height} />;
}

/** One row: marker, label (indented under its turn), bar, duration and a problem's or a cancel's glyph and word. */
export function timelineLine(
  r: TimelineRow,
  selected: boolean,
  matched: boolean,
  scale: Scale,
  ascii: boolean,
  width: number,
): ScreenLine {
  const cols = timelineColumns(width);
  const mark = markCell(r.marked);
  const parts: Segment[] = [marker(selected, matched), ...mark];
  // While anything is marked, the marks column comes out of the label.
  const labelCols = Math.max(0, cols.label - mark.length);
  // A problem or a cancelled call says so by glyph before its label and by word after its duration.
  const status = r.problem ? STATUSES[Status.error]! : r.cancelled ? STATUSES[Status.cancelled]! : null;
  const tone = status ? toneOf(status) : undefined;
  if (cols.label) {
    const indent = r.indented ? '  ' : '';
    const text = `${indent}${status ? `${status.glyph} ` : ''}${r.label}`;
    parts.push(seg(`${fit(inertHead(text, labelCols), labelCols)} `, tone ?? (r.indented ? undefined : 'model')));
  }
  const bar = r.bar
    ? barText(colOf(scale, r.bar.from), colOf(scale, r.bar.to), cols.bar, { ascii, open: r.bar.open })
    : fit(' no time', cols.bar);
  parts.push(seg(bar, tone ?? (r.bar?.open ? 'pending' : r.bar ? 'accent' : 'dim')));
  const duration = r.bar?.open ? 'open' : r.durationMs === null ? '' : fmtMs(r.durationMs);
  // ` ⊘ cancel` is a cell wider than ` ✗ error`: it takes it from the duration, which a cancelled call has none of.
  const word = status ? ` ${looks(status)}` : '';
  const wordCols = Math.max(STATUS_COLS, cellsOf(word));
  parts.push(seg(fit(` ${duration}`, DURATION_COLS - wordCols, 'right'), 'dim'));
  parts.push(seg(fit(word, wordCols), tone));
  return selected
    ? parts.map((s) => (s.style === undefined || s.style === 'dim' ? { ...s, style: 'selected' } : s))
    : parts;
}
