import chalk from 'chalk';
import type { Style } from './format/segments.js';

/** Ink <Text> props for each style. */
export interface TextStyle {
  color?: string;
  dimColor?: boolean;
  bold?: boolean;
  inverse?: boolean;
}

export const THEME: Record<Style, TextStyle> = {
  plain: {},
  dim: { dimColor: true },
  bold: { bold: true },
  selected: { inverse: true },
  header: { bold: true },
  tab: { dimColor: true },
  tabActive: { bold: true, inverse: true },
  ok: { color: 'green' },
  error: { color: 'red', bold: true },
  warn: { color: 'yellow' },
  pending: { color: 'yellow' },
  accent: { color: 'cyan' },
  model: { color: 'magenta' },
  role: { bold: true },
  jsonKey: { color: 'cyan' },
  jsonString: { color: 'green' },
  jsonNumber: { color: 'yellow' },
  jsonLiteral: { color: 'magenta' },
  jsonPunct: { dimColor: true },
};

/**
 * NO_COLOR (non-empty) turns colour and styles off unless FORCE_COLOR asks for them;
 * chalk (which Ink uses) reads FORCE_COLOR itself but not NO_COLOR.
 */
export function applyColorEnv(env: NodeJS.ProcessEnv = process.env): void {
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR && !force) chalk.level = 0;
}
