import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flagsMarkdown, flagsTable, withFlagsTable } from '../src/cli/flags-doc.js';
import { KEYMAP, keyLabel } from '../src/ui/keymap.js';
import { keysTable, withKeysTable } from '../src/ui/keymap-doc.js';
import { run } from './helpers/cli.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

// docs/keybindings.md is checked beside the keymap (test/ui/keymap.test.ts).
describe('docs generated from code are current (npm run docs rewrites them)', () => {
  it('docs/flags.md is the commander program', () => {
    expect(read('docs/flags.md')).toBe(flagsMarkdown());
  });

  it("the README's flag table is the commander program", () => {
    const readme = read('README.md');
    expect(readme).toBe(withFlagsTable(readme, flagsTable()));
  });

  it("every option of the app is in the README's table once; the commands' own are in docs/flags.md", () => {
    const table = flagsTable();
    for (const flag of ['--follow', '--export FILE', '--filter EXPR', '--no-cache', '--timeout SECONDS']) {
      expect(table.split('\n').filter((l) => l.includes(`\`${flag}\``) || l.includes(`, ${flag}\``))).toHaveLength(1);
    }
    expect(table).toMatch(/\| `--filter EXPR` \| `summary` \|/);
    expect(table).not.toContain('`--json`');
    const doc = flagsMarkdown();
    for (const flag of ['--json', '--all', '--by HOW']) expect(doc).toContain(`| \`${flag}\` |`);
  });

  it("the README's key table is the keymap's", () => {
    const readme = read('README.md');
    expect(readme).toBe(withKeysTable(readme, keysTable()));
  });

  it('every key docs/panes.md names in its key table is a key of the keymap', () => {
    const labels = new Set(Object.values(KEYMAP).flatMap((b) => b.keys.map(keyLabel)));
    // The hand-written spellings panes.md uses for a few keys, as keyLabel writes them.
    const spelled: Record<string, string> = {
      'Ctrl-d': 'C-d',
      'Ctrl-u': 'C-u',
      'Ctrl-c': 'C-c',
      'Shift-Tab': 'S-Tab',
      Backspace: 'Bksp',
      '↓': '↓',
    };
    const table = read('docs/panes.md')
      .split('\n')
      .filter((l) => /^\| `/.test(l));
    expect(table.length).toBeGreaterThan(15);
    for (const row of table) {
      const cell = row.split(' | ')[0]!;
      for (const [, key] of cell.matchAll(/`([^`]+)`/g))
        expect(labels, `${key} in ${cell}`).toContain(spelled[key!] ?? key);
    }
  });

  it("--prices says where its file's format is: --help, and the README's row as a link", () => {
    const where = 'docs/stats.md#the-prices-file';
    const help = run(['--help']).stdout.replace(/\n +/g, ' ');
    expect(help).toMatch(/--prices <file> .*format: docs\/stats\.md#the-prices-file\)/);
    const row = read('README.md')
      .split('\n')
      .find((l) => l.startsWith('| `--prices FILE` |'));
    expect(row).toContain(`[${where}](${where})`);
    expect(read('docs/flags.md')).toContain(`[${where}](stats.md#the-prices-file)`);
    // There: an example file, in JSON.
    const section = read('docs/stats.md').split('\n### The prices file\n')[1]!.split('\n### ')[0]!;
    expect(section).toMatch(/```json\n\{ "my-model": \{ "input_cost_per_token": /);
  });

  it('the README is a short page for users: at most 200 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('every link in README.md and docs/ names a file of the repository that exists (or the web)', () => {
    const root = fileURLToPath(new URL('../', import.meta.url));
    const pages = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    let checked = 0;
    for (const page of pages) {
      for (const [, target] of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:\/\//.test(target!) || target!.startsWith('#')) continue;
        checked++;
        const path = normalize(join(dirname(page), target!.split('#')[0]!));
        expect(path.startsWith('..') || path.startsWith('/'), `${page} links outside: ${target}`).toBe(false);
        expect(existsSync(join(root, path)), `${page} links to a missing ${target}`).toBe(true);
      }
    }
    // The README alone links a dozen docs: a pattern that matched nothing would pass on nothing.
    expect(checked).toBeGreaterThan(10);
  });
});
