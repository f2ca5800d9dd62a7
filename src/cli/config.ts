/**
 * The config file: `$XDG_CONFIG_HOME/mcp-replay-tui/config.json` (as `env-paths` names
 * the platform's config directory), or `--config FILE`. Read by the app (and its
 * `--export`), `summary` (for `prices`) and `diff` (its keys, theme and `ascii`) before
 * they start; a config that cannot be used ends them with exit 2, saying where and why.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { type Command, KEYMAP, type KeyName, keysFor, setKeyOverrides } from '../ui/keymap.js';
import { chooseTheme } from '../ui/theme-table.js';
import { type Config, ConfigError, DEFAULT_CONFIG, parseConfig } from './config-schema.js';
import { complain } from './output.js';

/** A config larger than this is not one (a key table and a theme take a few KiB). */
export const CONFIG_CAP = 1024 * 1024;

/** Where the config is looked for when `--config` names none. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.XDG_CONFIG_HOME
    ? join(env.XDG_CONFIG_HOME, 'mcp-replay-tui')
    : envPaths('mcp-replay-tui', { suffix: '' }).config;
  return join(dir, 'config.json');
}

export interface LoadedConfig {
  config: Config;
  /** The file read, or the one looked for (null: none). */
  path: string;
  /** Whether there was a file: without one (at the default place), the defaults. */
  found: boolean;
  /** The fields the file set (`theme`, `keys.list.down`). */
  given: readonly string[];
}

/** The file's text, at most CONFIG_CAP bytes; null when there is no file at the default place. */
function readText(path: string, required: boolean): string | null {
  let fd: number;
  try {
    // Non-blocking: a FIFO with no writer would block the open for ever, deaf to signals
    // (it is refused below, as any file that is no regular file is).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !required) return null;
    throw new ConfigError('', '', code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? 'error'})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new ConfigError('', '', 'not a regular file');
    const buffer = Buffer.alloc(CONFIG_CAP + 1);
    let size = 0;
    try {
      for (let n = 1; n > 0 && size <= CONFIG_CAP; size += n)
        n = readSync(fd, buffer, size, buffer.length - size, null);
    } catch (error) {
      // A file that reads as no regular one does: /proc/self/mem (EIO), /proc/kmsg (EAGAIN, with nothing logged).
      throw new ConfigError('', '', `cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (size > CONFIG_CAP)
      throw new ConfigError('', '', `larger than ${CONFIG_CAP / 1024} KiB, the most a config may be`);
    return buffer.subarray(0, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The config in effect: `--config FILE` (which must exist), else the default file if
 * there is one, else the defaults. Throws ConfigError.
 */
export async function loadConfig(explicit?: string, env: NodeJS.ProcessEnv = process.env): Promise<LoadedConfig> {
  const path = explicit ?? defaultConfigPath(env);
  const text = readText(path, explicit !== undefined);
  if (text === null) return { config: { ...DEFAULT_CONFIG }, path, found: false, given: [] };
  let { config, given } = parseConfig(text);
  // Only a config that rebinds keys loads the views to check them against each other
  // (~100 ms, most of what `summary` of a saved index would wait for otherwise).
  if (Object.keys(config.keys).length > 0)
    ({ config, given } = parseConfig(text, (await import('../ui/key-clashes.js')).keyProblems));
  // A prices file relative to the config's folder (or the home directory, `~/`): the config is read from anywhere.
  if (config.prices !== null)
    config.prices = config.prices.startsWith('~/')
      ? join(homedir(), config.prices.slice(2))
      : resolve(dirname(path), config.prices);
  return { config, path, found: true, given };
}

/** The config for a command, or null after saying why it cannot be used (the caller exits 2). */
export async function configOrComplain(explicit?: string): Promise<LoadedConfig | null> {
  try {
    return await loadConfig(explicit);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const path = explicit ?? defaultConfigPath();
    complain(
      `config ${path}${error.where ? `:${error.where}` : ''}: ${error.field ? `${error.field}: ` : ''}${error.why}`,
    );
    return null;
  }
}

/** Puts the config's keys and theme in place for this run (before the first frame; chalk is not loaded here). */
export function applyConfig(config: Config): void {
  setKeyOverrides(config.keys);
  chooseTheme(config.theme);
}

/**
 * `config --print`: the configuration in effect as JSON (every command's keys, the
 * theme, the flag defaults), where it came from, and which fields the file set.
 */
export function effectiveConfig(loaded: LoadedConfig): unknown {
  const { config } = loaded;
  setKeyOverrides(config.keys);
  const keys = Object.fromEntries(
    (Object.keys(KEYMAP) as Command[]).map((c): [Command, readonly KeyName[]] => [c, keysFor(c)]),
  );
  setKeyOverrides({});
  return {
    source: loaded.found ? loaded.path : `defaults (no file at ${loaded.path})`,
    fromFile: loaded.given,
    config: {
      keys,
      theme: config.theme,
      ascii: config.ascii,
      utc: config.utc,
      mouse: config.mouse,
      prices: config.prices,
    },
  };
}
