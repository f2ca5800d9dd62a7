import type { TextFinder } from '../../kit/text.js';
import { markMatches } from '../format/find-lines.js';
import { marker } from '../format/rows.js';
import type { ScreenLine } from '../format/segments.js';
import { Lines } from './lines.js';

export interface DetailPaneProps {
  lines: ScreenLine[];
  scroll: number;
  width: number;
  height: number;
  /** A search in the view: its pattern, the matching lines (ascending) and the current one. */
  found?: { pattern: TextFinder; positions: readonly number[]; current: number };
}

/** The detail view (Enter) or the help: lines scrolled to `scroll`; search matches marked (• and › in the margin). */
export function DetailPane({ lines, scroll, width, height, found }: DetailPaneProps) {
  const shown = lines.slice(scroll, scroll + height);
  const matched = new Set<number>();
  if (found) for (const p of found.positions) if (p >= scroll && p < scroll + shown.length) matched.add(p);
  const painted = shown.map((l, i) => {
    const at = scroll + i;
    if (!found || !matched.has(at)) return [marker(false), ...l];
    return [marker(at === found.current, true), ...markMatches(l, found.pattern)];
  });
  return <Lines lines={painted} width={width} height={height} />;
}
