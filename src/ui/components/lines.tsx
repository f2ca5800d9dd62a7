import { Box, Text } from 'ink';
import type { ScreenLine } from '../format/segments.js';
import { THEME } from '../theme.js';

export interface LinesProps {
  lines: ScreenLine[];
  /** Exactly this many terminal lines are drawn (blank ones pad); never more. */
  height: number;
  width: number;
}

/** Draws pre-formatted screen lines, one terminal line each, never wrapping. */
export function Lines({ lines, height, width }: LinesProps) {
  const shown = lines.slice(0, height);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line.length === 0 ? ' ' : line.map((s, j) => (
            <Text key={j} {...(s.style ? THEME[s.style] : {})}>
              {s.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
