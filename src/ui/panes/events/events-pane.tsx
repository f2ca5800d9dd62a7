import { Lines } from '../../components/lines.js';
import type { EventRow } from '../../data/views.js';
import { formatEventRow } from '../../format/rows.js';
import { seg } from '../../format/segments.js';

export interface EventsPaneProps {
  rows: EventRow[];
  selectedIndex: number;
  /** Per row: a search match (marked •). */
  matched?: boolean[];
  width: number;
  height: number;
  /** What an empty pane says instead of the default (a filter that keeps no record). */
  empty?: string;
  /** Clock times instead of offsets (`T`). */
  clock?: boolean;
}

/** `4` Events: every record in file order, skipped lines with their line numbers and why. */
export function EventsPane({
  rows,
  selectedIndex,
  matched,
  width,
  height,
  empty = 'no records (yet)',
  clock = false,
}: EventsPaneProps) {
  const labelWidth = Math.min(12, Math.max(0, ...rows.map((r) => (r.fileLabel === null ? 0 : r.fileLabel.length))));
  const lines = rows.length
    ? rows.map((r, i) => formatEventRow(r, width, i === selectedIndex, labelWidth, matched?.[i], clock))
    : [[seg(` ${empty}`, 'dim')]];
  return <Lines lines={lines} width={width} height={height} />;
}
