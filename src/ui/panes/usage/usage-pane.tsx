import { Lines } from '../../components/lines.js';
import { type ScreenLine, seg } from '../../format/segments.js';

export interface UsagePaneProps {
  /** The tables as lines (panes/usage/usage-lines.ts), laid out for `width - 1`. */
  lines: ScreenLine[];
  /** First line shown (the pane scrolls). */
  scroll: number;
  /** The line of the selected model, tool or method row (› in the margin); -1 for none. */
  selected: number;
  /** Lines of rows a search matched (• in the margin). */
  matched?: ReadonlySet<number>;
  width: number;
  height: number;
}

/** `3` Usage: per-model tokens, cost and latency with totals; tools; methods; a cursor over their rows. */
export function UsagePane({ lines, scroll, selected, matched, width, height }: UsagePaneProps) {
  const gutter = (i: number) =>
    i === selected ? seg('›', 'selected') : matched?.has(i) ? seg('•', 'accent') : seg(' ');
  const shown = lines
    .slice(scroll, scroll + height)
    .map((l, k) => [
      gutter(scroll + k),
      ...(scroll + k === selected ? l.map((x) => ({ ...x, style: x.style ?? ('selected' as const) })) : l),
    ]);
  return <Lines lines={shown} width={width} height={height} />;
}
