import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICES_CAP } from '../../src/cli/prices-file.js';
import { oneLine } from '../../src/kit/text.js';
import { run, TERMINAL_CONTROLS } from '../helpers/cli.js';

const DEMO = 'examples/demo.jsonl';

const root = process.getuid?.() === 0;
/**
 * A file even root may not read: a write-only kernel setting (root reads a mode-000 file
 * all the same, so chmod proves nothing there).
 */
const WRITE_ONLY = '/proc/sys/vm/drop_caches';

/** The ways a prices file named in a config cannot be used. */
const KINDS: { kind: string; make: (dir: string) => string; why: RegExp }[] = [
  { kind: 'missing', make: (dir) => join(dir, 'nope.json'), why: /no such file \(ENOENT\)$/ },
  {
    kind: 'a directory',
    make: (dir) => {
      mkdirSync(join(dir, 'folder.json'));
      return join(dir, 'folder.json');
    },
    why: /is a directory \(EISDIR\)$/,
  },
  {
    kind: 'unreadable',
    make: (dir) => {
      if (root) symlinkSync(WRITE_ONLY, join(dir, 'locked.json'));
      else writeFileSync(join(dir, 'locked.json'), '{}', { mode: 0 });
      return join(dir, 'locked.json');
    },
    why: /permission denied \(EACCES\)$/,
  },
  {
    kind: 'a link to itself',
    make: (dir) => {
      symlinkSync(join(dir, 'loop.json'), join(dir, 'loop.json'));
      return join(dir, 'loop.json');
    },
    why: /too many symbolic links \(ELOOP\)$/,
  },
  {
    kind: 'too big',
    make: (dir) => {
      const fd = openSync(join(dir, 'huge.json'), 'w');
      ftruncateSync(fd, PRICES_CAP + 1);
      closeSync(fd);
      return join(dir, 'huge.json');
    },
    why: /larger than 16 MiB, the most a prices file may be$/,
  },
  {
    kind: 'not JSON',
    make: (dir) => {
      writeFileSync(join(dir, 'bad.json'), '{"gpt-4o": ');
      return join(dir, 'bad.json');
    },
    why: /: not JSON: /,
  },
  {
    kind: 'JSON, not an object',
    make: (dir) => {
      writeFileSync(join(dir, 'list.json'), '[1, 2]');
      return join(dir, 'list.json');
    },
    why: /expected a JSON object of model → prices$/,
  },
];

const COMMANDS: Record<string, (config: string) => string[]> = {
  report: (config) => ['report', '--config', config, DEMO],
  summary: (config) => ['summary', '--config', config, DEMO],
  // Without a terminal the app prints the summary, after reading its prices as it would.
  app: (config) => ['--config', config, DEMO],
};

describe('a prices file the config names and that cannot be used: exit 1 naming both', { timeout: 180_000 }, () => {
  let dir: string;
  beforeAll(() => {
    // Hostile names in the folder: both names printed must stay one inert line.
    dir = mkdtempSync(join(tmpdir(), 'mrt-prices-bad-\u001b[31m\u202e\n-'));
  });

  describe.each(KINDS)('$kind', (k) => {
    it.each(Object.keys(COMMANDS))('%s', (command) => {
      const own = mkdtempSync(join(dir, `${command}-`));
      const file = k.make(own);
      const config = join(own, 'config.json');
      writeFileSync(config, JSON.stringify({ prices: file.slice(own.length + 1) }));
      const r = run(COMMANDS[command]!(config));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(TERMINAL_CONTROLS);
      // One line: no stack trace, no second message.
      expect(r.stderr.split('\n')).toEqual([expect.any(String), '']);
      const line = r.stderr.trimEnd();
      expect(line.startsWith(`mcp-replay-tui: config ${oneLine(config)}: cannot read prices ${oneLine(file)}: `)).toBe(
        true,
      );
      expect(line).toMatch(k.why);
    });
  });

  it('--prices FILE that cannot be read is its own: the config is not named', () => {
    const own = mkdtempSync(join(dir, 'flag-'));
    const config = join(own, 'config.json');
    writeFileSync(config, JSON.stringify({ prices: 'prices.json' }));
    const file = join(own, 'nope.json');
    const r = run(['summary', '--config', config, '--prices', file, DEMO]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`mcp-replay-tui: cannot read prices ${oneLine(file)}: no such file (ENOENT)\n`);
  });
});
