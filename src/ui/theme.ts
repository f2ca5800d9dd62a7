import chalk from 'chalk';
import { inert } from '../kit/text.js';
import { ENUM_ASCII } from '../trace/enums.js';
import type { Segment, Style } from './format/segments.js';
import { chooseTheme, chosenTheme, type TextStyle, type ThemeChoice, themeStyles } from './theme-table.js';

export { type TextStyle, THEME, type ThemeChoice, themeStyles } from './theme-table.js';

function painter(t: TextStyle): (text: string) => string {
  let c = chalk;
  if (t.color) c = t.color.startsWith('#') ? c.hex(t.color) : c[t.color as 'red'];
  if (t.dimColor) c = c.dim;
  if (t.bold) c = c.bold;
  if (t.inverse) c = c.inverse;
  return (x: string) => c(x);
}

const paints = (styles: Record<Style, TextStyle>): Record<Style, (text: string) => string> =>
  Object.fromEntries(
    (Object.entries(styles) as [Style, TextStyle][]).map(([name, t]) => [
      name,
      Object.keys(t).length === 0 ? (x: string) => x : painter(t),
    ]),
  ) as Record<Style, (text: string) => string>;

/** The painters of the chosen theme, made at the first frame (chalk's level is known by then). */
let PAINT: Record<Style, (text: string) => string> | null = null;

/** The theme for this run (`theme` in config.json); the next frame is painted with it. */
export function setTheme(choice: ThemeChoice): void {
  chooseTheme(choice);
  PAINT = null;
}

/**
 * A screen line as one styled string: one Ink <Text> per line instead of one per
 * segment keeps a full-screen frame to a few dozen nodes (a keypress renders in a
 * few ms). Segment text is made inert here, whatever field it came from (format/
 * already does so for what it lays out: this is the one door every frame's text passes,
 * so a field added later cannot leak), and the only escapes are our styles.
 */
export function paint(line: readonly Segment[]): string {
  PAINT ??= paints(themeStyles(chosenTheme()));
  const painters = PAINT;
  let out = '';
  for (const s of line) {
    const text = ascii ? toAscii(inert(s.text)) : inert(s.text);
    out += s.style ? painters[s.style](text) : text;
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
  // A marked record (format/rows.ts): a letter, where the glyph cannot be shown.
  '◆': 'M',
  // What is wrong in a refused filter (format/marked-text.ts), bracketed.
  '«': '[',
  '»': ']',
};
const GLYPHS = new RegExp(`[${Object.keys(ASCII).join('')}\u2400-\u2421]`, 'g');
let ascii = false;

const toAscii = (text: string): string => text.replace(GLYPHS, (c) => ASCII[c] ?? '^');

/** Whether ASCII mode is on: what draws its own ASCII shapes (the Timeline's bars) asks. */
export const asciiOn = (): boolean => ascii;

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
