/**
 * The themes as data: each style's look, the themes a config may name, the colours a
 * role may take. No chalk here: the config is checked (cli/config.ts) before the app
 * decides the terminal is interactive, and chalk reads the environment when loaded.
 */
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
  match: { color: 'yellow', bold: true },
  /** Text found by a search in the detail view (its line is also marked); what is wrong in a refused filter. */
  found: { inverse: true },
  model: { color: 'magenta' },
  role: { bold: true },
  jsonKey: { color: 'cyan' },
  jsonString: { color: 'green' },
  jsonNumber: { color: 'yellow' },
  jsonLiteral: { color: 'magenta' },
  jsonPunct: { dimColor: true },
};

/** The themes a config file may name (`theme` in config.json); `dark` is the default. */
export const THEME_NAMES = ['dark', 'light', 'none'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** For a light background: yellow and cyan on white are hard to read. */
const LIGHT: Partial<Record<Style, TextStyle>> = {
  warn: { color: 'magenta' },
  pending: { color: 'magenta' },
  accent: { color: 'blue' },
  match: { color: 'blue', bold: true },
  jsonKey: { color: 'blue' },
  jsonNumber: { color: 'magenta' },
  jsonLiteral: { color: 'red' },
};

/** The colour names a role may take (chalk's foreground colours); also `#rrggbb`, or `default` for none. */
export const COLOUR_NAMES = [
  'default',
  ...['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'].flatMap((c) => [c, `${c}Bright`]),
  'gray',
  'grey',
] as const;

/** Whether `value` is a colour a role may take. */
export const isColour = (value: string): boolean =>
  (COLOUR_NAMES as readonly string[]).includes(value) || /^#[0-9a-fA-F]{6}$/.test(value);

/** A theme as a config file gives it: a name, or colours per role over a base theme (dark unless `base` says). */
export type ThemeChoice = ThemeName | ({ base?: ThemeName } & Partial<Record<Style, string>>);

/** Each role's look under `choice`: the styles stay (bold, inverse, dim: colour is never the only signal). */
export function themeStyles(choice: ThemeChoice): Record<Style, TextStyle> {
  const { base = 'dark', ...colours } = typeof choice === 'string' ? { base: choice } : choice;
  const out = {} as Record<Style, TextStyle>;
  for (const [name, t] of Object.entries(THEME) as [Style, TextStyle][]) {
    const look = { ...t, ...(base === 'light' ? LIGHT[name] : {}) };
    if (base === 'none') delete look.color;
    const colour = (colours as Partial<Record<Style, string>>)[name];
    if (colour === 'default') delete look.color;
    else if (colour !== undefined) look.color = colour;
    out[name] = look;
  }
  return out;
}

let chosen: ThemeChoice = 'dark';

/** The theme for this run (`theme` in config.json), before anything is painted. */
export function chooseTheme(choice: ThemeChoice): void {
  chosen = choice;
}

export const chosenTheme = (): ThemeChoice => chosen;
