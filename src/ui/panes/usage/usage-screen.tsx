import { searchCounter } from '../../format/matches.js';
import type { Screen, ScreenInput } from '../pane.js';
import { UsagePane } from './usage-pane.js';

/** Lines kept above a selected row brought into view: its table's title and header. */
const USAGE_CONTEXT = 2;

/** The Usage tables with the cursor on a row, scrolled just enough to show it. */
export function usageScreen(s: ScreenInput): Screen {
  const { usage, height, state } = s;
  const { targets, lines } = usage;
  const at = Math.min(s.lists.usage.selected, targets.length - 1);
  const line = at >= 0 ? targets[at]!.line : -1;
  let top = Math.min(s.tops.usage, Math.max(0, lines.length - height));
  if (at === 0) top = 0;
  else if (line >= 0 && line < top + USAGE_CONTEXT) top = Math.max(0, line - USAGE_CONTEXT);
  else if (line >= top + height) top = line - height + 1;
  // On the last row, the lines under it (the notes under the last table) show too, as far
  // as the row stays in view: no key moves past it, so they could be reached no other way.
  if (at > 0 && at === targets.length - 1) top = Math.max(top, Math.min(lines.length - height, line));
  s.tops.usage = top;
  const found = s.searched.found;
  let position = targets.length ? `${at + 1} of ${targets.length}` : '';
  if (state.usageSort !== 'calls') position = `by ${state.usageSort} · ${position}`;
  if (found) position = `${searchCounter(found, at)} · ${position}`;
  const marked = found ? new Set(found.positions.map((i) => targets[i]!.line)) : undefined;
  const rowOfLine = new Map(targets.map((t, i) => [t.line, i]));
  return {
    body: <UsagePane lines={lines} scroll={top} selected={line} matched={marked} width={s.width} height={height} />,
    position,
    rowAt: (shown) => (shown < height ? (rowOfLine.get(top + shown) ?? null) : null),
  };
}
