import { Box, Transform, useIsScreenReaderEnabled } from 'ink';
import { lineText, type ScreenLine } from '../format/segments.js';
import { paint } from '../theme.js';

export interface LinesProps {
  lines: ScreenLine[];
  /** Exactly this many terminal lines are drawn (blank ones pad); never more. */
  height: number;
  width: number;
}

/** Drops trailing blanks of unstyled segments: fewer cells for Ink to lay out each frame. */
function trimEnd(line: ScreenLine): ScreenLine {
  const last = line[line.length - 1];
  if (!last || last.style !== undefined || !last.text.endsWith(' ')) return line;
  const rest = [...line.slice(0, -1), { text: last.text.trimEnd() }];
  return rest.some((s) => s.text !== '') ? rest : [];
}

/**
 * Draws pre-formatted screen lines, one terminal line each, never wrapping.
 *
 * Ink lays each line out by its text, then writes the text through the line's
 * transforms. Laying out the painted line would cost a width measure per line per
 * frame (escape codes stripped, then a grapheme segmenter over the whole line as soon
 * as one glyph like `✓` is in it: a quarter of a frame), and Ink keeps every text it
 * ever measured in a cache. So the text Ink lays out is a row of blanks as wide as the
 * pane (format/ guarantees that every line fits in it), and the painted line arrives
 * through <Transform> at output time. A screen reader gets the line's plain text.
 */
export function Lines({ lines, height, width }: LinesProps) {
  const reader = useIsScreenReaderEnabled();
  const blank = ' '.repeat(Math.max(1, width));
  return (
    // No overflow clipping: lines are cut to the width before they get here, and Ink's
    // clipping re-slices every line.
    <Box flexDirection="column" height={height} width={width}>
      {lines.slice(0, height).map((line, i) => {
        const painted = paint(trimEnd(line));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line's key is its row on the screen.
          <Transform key={i} transform={() => painted} accessibilityLabel={reader ? lineText(line) || ' ' : undefined}>
            {blank}
          </Transform>
        );
      })}
    </Box>
  );
}
