import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flagsMarkdown, flagsTable, withFlagsTable } from '../src/cli/flags-doc.js';

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

  it('every flag the program defines is in the table, once per meaning', () => {
    const table = flagsTable();
    for (const flag of ['--follow', '--export FILE', '--filter EXPR', '--no-cache', '--timeout SECONDS', '--all']) {
      expect(table.split('\n').filter((l) => l.includes(`\`${flag}\``) || l.includes(`, ${flag}\``))).toHaveLength(1);
    }
    expect(table.split('\n').filter((l) => l.startsWith('| `--json`'))).toHaveLength(4);
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
