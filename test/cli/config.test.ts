import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfigPath, effectiveConfig, loadConfig } from '../../src/cli/config.js';
import { ConfigError, DEFAULT_CONFIG, parseConfig } from '../../src/cli/config-schema.js';
import { keyProblems } from '../../src/ui/key-clashes.js';
import { KEYMAP } from '../../src/ui/keymap.js';
import { BIN, ROOT } from '../helpers/cli.js';

const dir = () => mkdtempSync(join(tmpdir(), 'mrt-config-'));

/** A config file with `text`, in a folder of its own. */
function configFile(text: string, name = 'config.json'): string {
  const path = join(dir(), name);
  writeFileSync(path, text);
  return path;
}

/** The error parseConfig throws for `text`, as its one line. */
function errorOf(text: string): string {
  try {
    parseConfig(text, keyProblems);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${text}`);
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the config file: checked field by field, each error with its place, field and why', () => {
  it('reads every field', () => {
    const every = {
      keys: { 'list.down': ['x', 'down'], 'calls.sort': ['S'] },
      theme: { base: 'light', accent: '#336699', error: 'redBright' },
      ascii: true,
      utc: true,
      mouse: false,
      prices: 'prices.json',
    };
    const { config, given } = parseConfig(JSON.stringify(every));
    expect(config).toEqual(every);
    expect(given).toEqual(['keys.list.down', 'keys.calls.sort', 'theme', 'ascii', 'utc', 'mouse', 'prices']);
    expect(parseConfig('{}').config).toEqual(DEFAULT_CONFIG);
  });

  it('binds Ctrl and a letter anywhere, the bars too (no text is typed with Ctrl)', () => {
    const keys = { 'input.clear': ['ctrl-w'], 'input.submit': ['enter', 'ctrl-n'], 'list.down': ['ctrl-k'] };
    expect(parseConfig(JSON.stringify({ keys })).config.keys).toEqual(keys);
  });

  it.each([
    ['{"theme": "light",}', '1:19: not valid JSON: a property name expected (in double quotes)'],
    ['{\n  "theme": "light"\n  "ascii": true\n}', '3:3: not valid JSON: a comma expected'],
    [
      '{"ascii": tru}',
      '1:11: not valid JSON: not a JSON value (strings take double quotes; true, false and null are lower case)',
    ],
    ['{"ascii": true', '1:15: not valid JSON: a closing brace } expected'],
    ['// mine\n{}', '1:1: not valid JSON: comments are not JSON'],
    [' \n', '1:1: the file is empty (a config is a JSON object: {} for the defaults)'],
    ['[1]', '1:1: expected a JSON object, e.g. { "theme": "light", "keys": { "list.down": ["j", "down"] } }'],
    ['{"colour": "red"}', '1:2: "colour": unknown field (a config has keys, theme, ascii, utc, mouse, prices)'],
    ['{"ascii": true, "ascii": false}', '1:17: "ascii": given twice'],
    ['{"ascii": "yes"}', '1:11: ascii: expected true or false'],
    ['{"mouse": 0}', '1:11: mouse: expected true or false'],
    ['{"prices": ""}', '1:12: prices: expected the name of a prices file'],
    ['{"keys": ["j"]}', '1:10: keys: expected an object of command id → list of keys'],
    [
      '{"keys": {"list.dwn": ["j"]}}',
      '1:11: keys."list.dwn": unknown command (`mcp-replay-tui config --print` lists every command id)',
    ],
    ['{"keys": {"list.down": "j"}}', '1:24: keys."list.down": expected a list of keys, e.g. ["j", "down"]'],
    [
      '{"keys": {"list.down": []}}',
      '1:24: keys."list.down": give at least one key: a command cannot be left without one',
    ],
    ['{"keys": {"list.down": [1]}}', '1:25: keys."list.down"[0]: expected a key as a string, e.g. "j" or "down"'],
    [
      '{"keys": {"list.down": ["j", "alt-x"]}}',
      '1:30: keys."list.down"[1]: unknown key "alt-x": a key is one printable character, ctrl-a to ctrl-z (but h, i, j, m and z), or one of up, down, left, right, pageUp, pageDown, home, end, enter, escape, tab, shift-tab, ctrl-c, ctrl-d, ctrl-u, backspace',
    ],
    ['{"keys": {"list.down": ["j", "j"]}}', '1:30: keys."list.down"[1]: "j" is given twice'],
    [
      '{"keys": {"list.down": ["ctrl-i"]}}',
      '1:25: keys."list.down"[0]: "ctrl-i" cannot be told apart from tab: the terminal sends the same byte',
    ],
    [
      '{"keys": {"list.down": ["ctrl-z"]}}',
      '1:25: keys."list.down"[0]: "ctrl-z" suspends the app (as in a shell), so it cannot be bound',
    ],
    ['{"keys": {"list.down": ["CTRL-N"]}}', '1:25: keys."list.down"[0]: unknown key "CTRL-N": did you mean "ctrl-n"?'],
    ['{"keys": {"list.down": ["C-n"]}}', '1:25: keys."list.down"[0]: unknown key "C-n": did you mean "ctrl-n"?'],
    ['{"keys": {"calls.sort": ["j"]}}', '1:11: keys."calls.sort": j is also list.down in Calls'],
    // Two rebinds that clash with each other, in the same view.
    ['{"keys": {"list.top": ["x"], "list.bottom": ["x"]}}', '1:30: keys."list.bottom": x is also list.top in Calls'],
    [
      '{"keys": {"input.submit": ["x"]}}',
      '1:11: keys."input.submit": x is a character, which is text in the search bar: give it a named key (up, down, left, right, pageUp, pageDown, home, end, enter…)',
    ],
    ['{"theme": "solarized"}', '1:11: theme: unknown theme (dark, light, none, or an object of colours per role)'],
    ['{"theme": 3}', '1:11: theme: expected dark, light, none, or an object of colours per role'],
    [
      '{"theme": {"acent": "red"}}',
      '1:12: theme."acent": unknown role (the roles: base, plain, dim, bold, selected, header, tab, tabActive, ok, error, warn, pending, accent, match, found, model, role, jsonKey, jsonString, jsonNumber, jsonLiteral, jsonPunct)',
    ],
    [
      '{"theme": {"accent": "blu"}}',
      '1:22: theme."accent": expected a colour: default, black, blackBright, red, redBright, green, greenBright, yellow, yellowBright, blue, blueBright, magenta, magentaBright, cyan, cyanBright, white, whiteBright, gray, grey, or #rrggbb',
    ],
    ['{"theme": {"base": "sepia"}}', '1:20: theme."base": expected dark, light, none'],
  ])('%j → %s', (text, message) => {
    expect(errorOf(text)).toBe(message);
  });

  it('the examples of docs/config.md are configs that work', () => {
    const doc = readFileSync(join(ROOT, 'docs/config.md'), 'utf8');
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples).toHaveLength(2);
    for (const text of examples) expect(() => parseConfig(text)).not.toThrow();
    expect(parseConfig(examples[0]!).config.keys['list.down']).toEqual(['j', 'down', 'ctrl-d']);
  });

  it('the default keys have no problem (no key means two commands in a view)', () => {
    expect(keyProblems({})).toEqual([]);
    // A rebind to the key a command already has is no clash with itself.
    expect(keyProblems({ 'list.down': ['j'] })).toEqual([]);
    // Keys may swap: j and k exchanged are fine.
    expect(keyProblems({ 'list.down': ['k'], 'list.up': ['j'] })).toEqual([]);
  });

  it('is looked for in $XDG_CONFIG_HOME/mcp-replay-tui/config.json; none there: the defaults', async () => {
    const home = dir();
    expect(defaultConfigPath({ XDG_CONFIG_HOME: home })).toBe(join(home, 'mcp-replay-tui', 'config.json'));
    const loaded = await loadConfig(undefined, { XDG_CONFIG_HOME: home });
    expect(loaded).toEqual({
      config: DEFAULT_CONFIG,
      path: join(home, 'mcp-replay-tui', 'config.json'),
      found: false,
      given: [],
    });
  });

  it('--config FILE must exist; prices resolve from the config folder, or the home directory', async () => {
    await expect(loadConfig('/no/such/config.json')).rejects.toThrow('no such file');
    await expect(loadConfig(dir())).rejects.toThrow('not a regular file');
    // A FIFO with no writer is refused at once: a blocking open would be deaf to signals.
    const fifo = join(dir(), 'config.json');
    spawnSync('mkfifo', [fifo]);
    await expect(loadConfig(fifo)).rejects.toThrow('not a regular file');
    const path = configFile('{"prices": "p/prices.json"}');
    expect((await loadConfig(path)).config.prices).toBe(join(path, '..', 'p', 'prices.json'));
    expect((await loadConfig(configFile('{"prices": "~/prices.json"}'))).config.prices).toBe(
      join(homedir(), 'prices.json'),
    );
  });

  it('a config that rebinds keys is checked against every view when loaded (the views load only then)', async () => {
    await expect(loadConfig(configFile('{"keys": {"calls.sort": ["j"]}}'))).rejects.toThrow(
      'keys."calls.sort": j is also list.down in Calls',
    );
    // Without the views, the same text parses: the check is what loadConfig adds.
    expect(parseConfig('{"keys": {"calls.sort": ["j"]}}').config.keys).toEqual({ 'calls.sort': ['j'] });
  });

  it('config --print lists every command with its keys in effect, where they came from', async () => {
    const path = configFile('{"keys": {"list.down": ["x"]}, "theme": "none"}');
    const shown = effectiveConfig(await loadConfig(path)) as {
      source: string;
      fromFile: string[];
      config: { keys: Record<string, string[]>; theme: string };
    };
    expect(shown.source).toBe(path);
    expect(shown.fromFile).toEqual(['keys.list.down', 'theme']);
    expect(Object.keys(shown.config.keys)).toEqual(Object.keys(KEYMAP));
    expect(shown.config.keys['list.down']).toEqual(['x']);
    expect(shown.config.keys['list.up']).toEqual(['k', 'up']);
    expect(shown.config.theme).toBe('none');
  });
});

describe('the config on the command line', () => {
  it('config --print: JSON of the configuration in effect; config --path: the file', () => {
    const home = dir();
    const r = cli(['config'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.stdout);
    expect(shown.source).toBe(`defaults (no file at ${join(home, 'mcp-replay-tui', 'config.json')})`);
    expect(shown.config.mouse).toBe(true);
    mkdirSync(join(home, 'mcp-replay-tui'));
    writeFileSync(join(home, 'mcp-replay-tui', 'config.json'), '{"mouse": false}');
    const printed = JSON.parse(cli(['config', '--print'], { XDG_CONFIG_HOME: home }).stdout);
    expect(printed.source).toBe(join(home, 'mcp-replay-tui', 'config.json'));
    expect(printed.fromFile).toEqual(['mouse']);
    expect(printed.config.mouse).toBe(false);
    expect(cli(['config', '--path'], { XDG_CONFIG_HOME: home }).stdout).toBe(
      `${join(home, 'mcp-replay-tui', 'config.json')}\n`,
    );
  });

  it.each([
    ['the app', []],
    ['--export', ['--export', '/dev/null']],
    ['summary', ['summary']],
    ['config', ['config']],
  ])('%s: an unusable config ends it with exit 2 before anything else, naming file, place, field, why', (_, args) => {
    const path = configFile('{\n  "keys": {"list.down": ["j", "alt-x"]}\n}');
    const where =
      args[0] === 'summary' || args[0] === 'config' ? [args[0], '--config', path] : ['--config', path, ...args];
    const r = cli([...where, ...(args[0] === 'config' ? [] : ['examples/demo.jsonl'])]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `mcp-replay-tui: config ${path}:2:31: keys."list.down"[1]: unknown key "alt-x": a key is one printable character, ctrl-a to ctrl-z (but h, i, j, m and z), or one of up, down, left, right, pageUp, pageDown, home, end, enter, escape, tab, shift-tab, ctrl-c, ctrl-d, ctrl-u, backspace\n`,
    );
  });

  it.each([
    [
      'nested 100,000 deep (once: Maximum call stack size exceeded)',
      () => configFile(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
      /:1:321: nested more than 64 levels deep \(a config is a few\)$/,
    ],
    ['/proc/self/mem (once: EIO, and no name)', () => '/proc/self/mem', /: cannot read it \(EIO\)$/],
  ])('a config %s: exit 2, one line naming the file', (_, file, why) => {
    const path = file();
    const r = cli(['summary', '--config', path, 'examples/demo.jsonl']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^mcp-replay-tui: config ${path.replace(/[.]/g, '\\.')}`)),
      '',
    ]);
    expect(r.stderr.trim()).toMatch(why);
  });

  it('config --path prints the path on one line, whatever XDG_CONFIG_HOME holds', () => {
    const r = cli(['config', '--path'], { XDG_CONFIG_HOME: '/tmp/a\nb\u001b[2J' });
    expect(r.stdout).toBe('/tmp/a␊b␛[2J/mcp-replay-tui/config.json\n');
  });

  it('diff reads it too (its keys); validate does not', () => {
    const path = configFile('{"theme": "sepia"}');
    const diff = cli(['diff', '--config', path, 'examples/demo.jsonl', 'examples/demo.jsonl']);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toContain(`config ${path}:1:11: theme: unknown theme`);
    // The default place, broken: validate still runs.
    const home = dir();
    mkdirSync(join(home, 'mcp-replay-tui'));
    writeFileSync(join(home, 'mcp-replay-tui', 'config.json'), '{');
    expect(cli(['validate', 'examples/demo.jsonl'], { XDG_CONFIG_HOME: home }).stderr).not.toContain('config');
    expect(cli(['summary', 'examples/demo.jsonl'], { XDG_CONFIG_HOME: home }).code).toBe(2);
  });

  it('a hostile name in the file reaches the terminal only inert', () => {
    const path = configFile('{"keys": {"list.down\\u001b]0;pwned\\u0007\\u202e": ["j"]}}');
    const r = cli(['config', '--config', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(r.stderr).toContain('keys."list.down\\u001b]0;pwned\\u0007\\u202e": unknown command');
    const field = configFile('{"\\u001b[2J\\u202e": 1}');
    const f = cli(['config', '--config', field]);
    expect(f.stderr).not.toMatch(/[\u001b\u202e]/);
    expect(f.stderr).toContain(': unknown field');
  });

  it('prices in the config price summary; --prices on the command line wins', () => {
    const prices = configFile(
      JSON.stringify({ 'local-llama-3.1-8b': { input_cost_per_token: 0.001, output_cost_per_token: 0.002 } }),
      'prices.json',
    );
    const path = join(prices, '..', 'config.json');
    writeFileSync(path, '{"prices": "prices.json"}');
    const llama = (out: string) => out.split('\n').find((l) => l.startsWith('local-llama'));
    expect(llama(cli(['summary', '--config', path, 'examples/demo.jsonl']).stdout)).toContain('$3.28');
    const cheaper = configFile(
      JSON.stringify({ 'local-llama-3.1-8b': { input_cost_per_token: 0.0001, output_cost_per_token: 0.0002 } }),
    );
    expect(llama(cli(['summary', '--config', path, '--prices', cheaper, 'examples/demo.jsonl']).stdout)).toContain(
      '$0.33',
    );
    expect(llama(cli(['summary', 'examples/demo.jsonl']).stdout)).toContain('unpriced');
    // report prices its rows as summary does, from the same config.
    const byModel = (args: string[]) => llama(cli(['report', '--by', 'model', ...args, 'examples/demo.jsonl']).stdout);
    expect(byModel(['--config', path])).toContain('$3.28');
    expect(byModel(['--config', path, '--prices', cheaper])).toContain('$0.33');
    expect(byModel([])).not.toContain('$3.28');
  });
});

describe('--config before the command is the command’s own', () => {
  it.each([
    ['summary', 'examples/demo.jsonl'],
    ['report', 'examples/demo.jsonl'],
    ['diff', 'examples/demo.jsonl', 'examples/demo.jsonl'],
    ['config', '--print'],
  ])('%s: an unusable file exits 2 naming it, wherever --config is', (...args) => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-config-pos-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{bad');
    const before = cli(['--config', bad, ...args]);
    const after = cli([args[0]!, '--config', bad, ...args.slice(1)]);
    expect([before.code, after.code]).toEqual([2, 2]);
    expect(before.stderr).toContain('bad.json:1:2');
  });
});
