import { Box, Text } from 'ink';
import type { ScreenLine } from '../format/segments.js';
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
  // An all-blank line keeps one space: an empty <Text> would take no row at all.
  return rest.some((s) => s.text !== '') ? rest : [{ text: ' ' }];
}

/** Draws pre-formatted screen lines, one terminal line each, never wrapping. */
export function Lines({ lines, height, width }: LinesProps) {
  const shown = lines.slice(0, height);
  return (
    // No overflow clipping: format/ guarantees each line fits, and Ink's clipping
    // re-slices every line (the costliest step of a frame).
    <Box flexDirection="column" height={height} width={width}>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line.length === 0 ? ' ' : paint(trimEnd(line))}
        </Text>
      ))}
    </Box>
  );
}
