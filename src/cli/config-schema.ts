/**
 * The config file's shape, checked by hand against the keymap and the theme: a schema
 * package would give generic messages ("must be equal to one of the allowed values"),
 * where a person needs the field, the line and what would be right (`keys."list.dwn":
 * unknown command`). The JSON is read with jsonc-parser for exact error positions
 * (JSON.parse on Node 20 gives one for some errors only) and the offset of every value.
 */
import { createScanner, type Node, type ParseError, type ParseErrorCode, parseTree, SyntaxKind } from 'jsonc-parser';
import type { KeyProblem } from '../ui/key-clashes.js';
import { type Command, isCtrlLetter, KEYMAP, type KeyName, NAMED_KEYS } from '../ui/keymap.js';
import { COLOUR_NAMES, isColour, THEME, THEME_NAMES, type ThemeChoice, type ThemeName } from '../ui/theme-table.js';

/** What a config file sets; a field it leaves out keeps its default. */
export interface Config {
  /** Command id → the keys that run it, in place of the defaults. */
  keys: Partial<Record<Command, KeyName[]>>;
  theme: ThemeChoice;
  /** Defaults for the flags of the same names (a flag on the command line wins). */
  ascii: boolean;
  utc: boolean;
  mouse: boolean;
  /** A prices file (`--prices`), as written in the config (relative to the config's folder). */
  prices: string | null;
}

export const DEFAULT_CONFIG: Config = { keys: {}, theme: 'dark', ascii: false, utc: false, mouse: true, prices: null };

export const CONFIG_FIELDS = ['keys', 'theme', 'ascii', 'utc', 'mouse', 'prices'] as const;

/** A config that cannot be used: `where` is `line:column`, `field` the path to the value (`keys."list.down"[1]`). */
export class ConfigError extends Error {
  constructor(
    readonly where: string,
    readonly field: string,
    readonly why: string,
  ) {
    super(`${where}: ${field ? `${field}: ` : ''}${why}`);
  }
}

/** Deeper than any config: jsonc-parser recurses once per level, and 100,000 overflow its stack. */
const MAX_DEPTH = 64;

/** Where the text first nests past MAX_DEPTH objects and arrays, or null (a scan, no recursion; strings skipped). */
function tooDeep(text: string): number | null {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > MAX_DEPTH) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth -= 1;
  }
  return null;
}

/** What jsonc-parser's error codes mean, in words. */
const SYNTAX: Partial<Record<ParseErrorCode, string>> = {
  1: 'not a JSON value (strings take double quotes; true, false and null are lower case)',
  2: 'a number that is not valid JSON',
  3: 'a property name expected (in double quotes)',
  4: 'a value expected',
  5: 'a colon expected after the property name',
  6: 'a comma expected',
  7: 'a closing brace } expected',
  8: 'a closing bracket ] expected',
  9: 'the text ends too early',
  10: 'comments are not JSON',
  11: 'the text ends inside a comment',
  12: 'the text ends inside a string',
  14: 'an invalid escape in a string',
  15: 'a line break or control character inside a string',
  16: 'an invalid character',
};

function lineColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `${line}:${offset - start + 1}`;
}

const quoted = (name: string) => JSON.stringify(name);
const listOf = (names: readonly string[]) => names.join(', ');

/**
 * Ctrl and a letter the app cannot tell from another key: a terminal sends Ctrl-H as
 * Backspace, Ctrl-I as Tab, Ctrl-J and Ctrl-M as Enter; Ctrl-Z suspends the app.
 */
const CTRL_TAKEN: Record<string, string> = {
  h: 'cannot be told apart from backspace: the terminal sends the same byte',
  i: 'cannot be told apart from tab: the terminal sends the same byte',
  j: 'cannot be told apart from enter: the terminal sends the same byte',
  m: 'cannot be told apart from enter: the terminal sends the same byte',
  z: 'suspends the app (as in a shell), so it cannot be bound',
};

/** Why a `ctrl-<letter>` cannot be bound, or null when it can (or is no such name). */
export function ctrlKeyProblem(key: string): string | null {
  const letter = /^ctrl-([a-z])$/.exec(key)?.[1];
  const taken = letter ? CTRL_TAKEN[letter] : undefined;
  return taken ? `${quoted(key)} ${taken}` : null;
}

/** `ctrl-n` for `CTRL-N`, `Ctrl-n`, `C-n` or `^N`: the spelling a config wants, or null. */
function ctrlSpelling(key: string): string | null {
  const letter = /^(?:ctrl|c|\^)-?([a-z])$/i.exec(key)?.[1];
  return letter && key !== `ctrl-${letter}` ? `ctrl-${letter.toLowerCase()}` : null;
}

/** A key name a config may give: a named key, ctrl and a letter, or one printable character (what match-key.ts reads). */
export function isKeyName(key: string): boolean {
  if ((NAMED_KEYS as readonly string[]).includes(key)) return true;
  if (isCtrlLetter(key)) return ctrlKeyProblem(key) === null;
  const code = key.charCodeAt(0);
  return key.length === 1 && code >= 0x20 && !(code >= 0x7f && code <= 0x9f);
}

/** What a set of rebound keys may not do (ui/key-clashes.ts's `keyProblems`, which knows every view). */
export type KeyCheck = (keys: Partial<Record<Command, readonly KeyName[]>>) => KeyProblem[];

/**
 * Parses and checks a config file's text (`given`: the fields it sets); throws ConfigError
 * naming the place, the field and why. Rebound keys are checked against each other with
 * `clashes`, when given: it loads every view, so a caller passes it only for a config that
 * rebinds keys (config.ts parses once without it to find out).
 */
export function parseConfig(text: string, clashes?: KeyCheck): { config: Config; given: string[] } {
  const at: At = (node, field, why) => {
    throw new ConfigError(lineColumn(text, node?.offset ?? 0), field, why);
  };
  if (text.trim() === '')
    throw new ConfigError('1:1', '', 'the file is empty (a config is a JSON object: {} for the defaults)');
  const deep = tooDeep(text);
  if (deep !== null)
    throw new ConfigError(lineColumn(text, deep), '', `nested more than ${MAX_DEPTH} levels deep (a config is a few)`);
  const errors: ParseError[] = [];
  const root = parseTree(text.replace(/^\uFEFF/, ''), errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length) {
    const e = errors[0]!;
    throw new ConfigError(lineColumn(text, e.offset), '', `not valid JSON: ${SYNTAX[e.error] ?? 'a syntax error'}`);
  }
  if (root?.type !== 'object')
    return at(root, '', 'expected a JSON object, e.g. { "theme": "light", "keys": { "list.down": ["j", "down"] } }');
  const config: Config = { ...DEFAULT_CONFIG, keys: {} };
  const given: string[] = [];
  for (const [name, value, node] of members(root, '', at)) {
    if (name === 'keys') config.keys = keysOf(value, at, clashes);
    else if (name === 'theme') config.theme = themeOf(value, at);
    else if (name === 'ascii' || name === 'utc' || name === 'mouse') {
      if (value.type !== 'boolean') at(value, name, 'expected true or false');
      config[name] = value.value as boolean;
    } else if (name === 'prices') {
      if (value.type !== 'string' || value.value === '') at(value, name, 'expected the name of a prices file');
      config.prices = value.value as string;
    } else at(node, quoted(name), `unknown field (a config has ${listOf(CONFIG_FIELDS)})`);
    given.push(...(name === 'keys' ? Object.keys(config.keys).map((c) => `keys.${c}`) : [name]));
  }
  return { config, given };
}

type At = (node: Node | undefined, field: string, why: string) => never;

/** An object's properties as [name, value, property node], each name once. */
function members(object: Node, path: string, at: At): [string, Node, Node][] {
  const out: [string, Node, Node][] = [];
  const names = new Set<string>();
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    const name = String(key?.value);
    if (names.has(name)) at(property, `${path}${path ? '.' : ''}${quoted(name)}`, 'given twice');
    names.add(name);
    out.push([name, value!, property]);
  }
  return out;
}

function keysOf(value: Node, at: At, clashes: KeyCheck | undefined): Partial<Record<Command, KeyName[]>> {
  if (value.type !== 'object') at(value, 'keys', 'expected an object of command id → list of keys');
  const keys: Partial<Record<Command, KeyName[]>> = {};
  const nodes = new Map<Command, Node>();
  for (const [name, list, property] of members(value, 'keys', at)) {
    const field = `keys.${quoted(name)}`;
    if (!Object.hasOwn(KEYMAP, name))
      at(property, field, 'unknown command (`mcp-replay-tui config --print` lists every command id)');
    if (list.type !== 'array') at(list, field, 'expected a list of keys, e.g. ["j", "down"]');
    if (!list.children?.length) at(list, field, 'give at least one key: a command cannot be left without one');
    const given: KeyName[] = [];
    for (const [i, item] of list.children!.entries()) {
      if (item.type !== 'string') at(item, `${field}[${i}]`, 'expected a key as a string, e.g. "j" or "down"');
      const key = item.value as string;
      const ctrl = ctrlKeyProblem(key);
      if (ctrl) at(item, `${field}[${i}]`, ctrl);
      const spelled = isKeyName(key) ? null : ctrlSpelling(key);
      if (spelled) at(item, `${field}[${i}]`, `unknown key ${quoted(key)}: did you mean ${quoted(spelled)}?`);
      if (!isKeyName(key))
        at(
          item,
          `${field}[${i}]`,
          `unknown key ${quoted(key)}: a key is one printable character, ctrl-a to ctrl-z (but h, i, j, m and z), or one of ${listOf(NAMED_KEYS)}`,
        );
      if (given.includes(key)) at(item, `${field}[${i}]`, `${quoted(key)} is given twice`);
      given.push(key);
    }
    keys[name as Command] = given;
    nodes.set(name as Command, property);
  }
  // With every rebind in place: no key may mean two commands in one view.
  const [problem] = clashes?.(keys) ?? [];
  if (problem) at(nodes.get(problem.command), `keys.${quoted(problem.command)}`, problem.why);
  return keys;
}

function themeOf(value: Node, at: At): ThemeChoice {
  const names = `${listOf(THEME_NAMES)}, or an object of colours per role`;
  if (value.type === 'string') {
    if (!(THEME_NAMES as readonly string[]).includes(value.value)) at(value, 'theme', `unknown theme (${names})`);
    return value.value as ThemeName;
  }
  if (value.type !== 'object') at(value, 'theme', `expected ${names}`);
  const roles = Object.keys(THEME);
  const theme: Record<string, string> = {};
  for (const [name, colour, property] of members(value, 'theme', at)) {
    const field = `theme.${quoted(name)}`;
    if (name === 'base') {
      if (!(THEME_NAMES as readonly string[]).includes(colour.value))
        at(colour, field, `expected ${listOf(THEME_NAMES)}`);
    } else if (!roles.includes(name)) at(property, field, `unknown role (the roles: base, ${listOf(roles)})`);
    else if (colour.type !== 'string' || !isColour(colour.value))
      at(colour, field, `expected a colour: ${listOf(COLOUR_NAMES)}, or #rrggbb`);
    theme[name] = colour.value as string;
  }
  return theme as ThemeChoice;
}
