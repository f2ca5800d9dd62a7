import { Lines } from '../../components/lines.js';
import type { ScreenLine } from '../../format/segments.js';

export interface DetailPaneProps {
  lines: ScreenLine[];
  scroll: number;
  width: number;
  height: number;
}

/** The detail view (Enter): request and response, or the record, as styled JSON. */
export function DetailPane({ lines, scroll, width, height }: DetailPaneProps) {
  return <Lines lines={lines.slice(scroll, scroll + height).map((l) => [{ text: ' ' }, ...l])} width={width} height={height} />;
}
