import { Lines } from '../../components/lines.js';
import type { CallRow } from '../../data/views.js';
import { callColumns, formatCallRow } from '../../format/rows.js';
import { seg } from '../../format/segments.js';

export interface CallsPaneProps {
  /** The visible rows only (already windowed). */
  rows: CallRow[];
  /** Index of the selected row within `rows`, or -1. */
  selectedIndex: number;
  /** Per row: a search match (marked •). */
  matched?: boolean[];
  width: number;
  height: number;
  /** What to say when there is nothing to list. */
  empty?: string;
  /** Clock times instead of offsets (`T`). */
  clock?: boolean;
}

/** `1` Calls: one row per RPC call, both directions; notifications quieter. */
export function CallsPane({
  rows,
  selectedIndex,
  matched,
  width,
  height,
  empty = 'no RPC calls in this trace (yet)',
  clock = false,
}: CallsPaneProps) {
  const columns = callColumns(rows, width, clock);
  const lines = rows.length
    ? rows.map((r, i) => formatCallRow(r, width, i === selectedIndex, columns, matched?.[i], clock))
    : [[seg(` ${empty}`, 'dim')]];
  return <Lines lines={lines} width={width} height={height} />;
}
