import { Lines } from '../../components/lines.js';
import type { ScreenLine } from '../../format/segments.js';

export interface UsagePaneProps {
  /** The tables as lines (format/usage-lines.ts), laid out for `width - 1`. */
  lines: ScreenLine[];
  /** First line shown (the pane scrolls). */
  scroll: number;
  width: number;
  height: number;
}

/** `3` Usage: per-model tokens, cost and latency with totals; tools; methods. */
export function UsagePane({ lines, scroll, width, height }: UsagePaneProps) {
  return (
    <Lines
      lines={lines.slice(scroll, scroll + height).map((l) => [{ text: ' ' }, ...l])}
      width={width}
      height={height}
    />
  );
}
