import chalk from 'chalk';
import { ENUM_ASCII } from '../trace/enums.js';
import { inert } from '../trace/text.js';
import type { Segment, Style } from './format/segments.js';

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
  match: { color: 'yellow', bold: true },
  /** Text found by a search in the detail view (its line is also marked). */
  found: { inverse: true },
  model: { color: 'magenta' },
  role: { bold: true },
  jsonKey: { color: 'cyan' },
  jsonString: { color: 'green' },
  jsonNumber: { color: 'yellow' },
  jsonLiteral: { color: 'magenta' },
  jsonPunct: { dimColor: true },
};

const PAINT: Record<Style, (text: string) => string> = Object.fromEntries(
  (Object.entries(THEME) as [Style, TextStyle][]).map(([name, t]) => {
    let c = chalk;
    if (t.color) c = c[t.color as 'red'];
    if (t.dimColor) c = c.dim;
    if (t.bold) c = c.bold;
    if (t.inverse) c = c.inverse;
    return [name, name === 'plain' ? (x: string) => x : (x: string) => c(x)];
  }),
) as Record<Style, (text: string) => string>;

/**
 * A screen line as one styled string: one Ink <Text> per line instead of one per
 * segment keeps a full-screen frame to a few dozen nodes (a keypress renders in a
 * few ms). Segment text is made inert here, whatever field it came from (format/
 * already does so for what it lays out: this is the one door every frame's text passes,
 * so a field added later cannot leak), and the only escapes are our styles.
 */
export function paint(line: readonly Segment[]): string {
  let out = '';
  for (const s of line) {
    const text = ascii ? toAscii(inert(s.text)) : inert(s.text);
    out += s.style ? PAINT[s.style](text) : text;
  }
  return out;
}

/**
 * ASCII mode (`--ascii`, MCP_REPLAY_TUI_ASCII=1): every glyph of the interface as one
 * ASCII character of the same width, for terminals that cannot show them (tmux started
 * without a UTF-8 locale prints `_` for each). The words beside them (`ok`, `error`,
 * `pending`…) carry the meaning either way. Control pictures (`␛` for an ESC inside a
 * trace) read `^`.
 */
const ASCII: Record<string, string> = {
  // The glyphs of statuses, directions and kinds, as their tables say (trace/enums.ts).
  ...ENUM_ASCII,
  '›': '>',
  '↑': '^',
  '↓': 'v',
  '⇠': '<',
  '⇢': '>',
  '↔': '=',
  '•': '*',
  '⋯': '~',
  '—': '-',
  '–': '-',
  '≤': '<',
  '─': '-',
  '│': '|',
  '▏': '|',
  '✂': '%',
  '▁': '_',
  '▂': '.',
  '▃': ':',
  '▄': '-',
  '▅': '=',
  '▆': '+',
  '▇': '*',
  '█': '#',
};
const GLYPHS = new RegExp(`[${Object.keys(ASCII).join('')}\u2400-\u2421]`, 'g');
let ascii = false;

const toAscii = (text: string): string => text.replace(GLYPHS, (c) => ASCII[c] ?? '^');

/** Turns ASCII mode on or off (the app reads its flag and environment once, at start). */
export function setAscii(on: boolean): void {
  ascii = on;
}

/**
 * NO_COLOR (non-empty) turns colour and styles off unless FORCE_COLOR asks for them;
 * chalk (which Ink uses) reads FORCE_COLOR itself but not NO_COLOR.
 */
export function applyColorEnv(env: NodeJS.ProcessEnv = process.env): void {
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR && !force) chalk.level = 0;
}
