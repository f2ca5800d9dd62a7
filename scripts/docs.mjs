// Writes the docs generated from code (`npm run docs`, after the build): docs/keybindings.md
// and the README's key table from the keymap, docs/flags.md and the README's flag table from the commander program.
// test/docs.test.ts fails when any of them is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { flagsMarkdown, flagsTable, withFlagsTable } from '../dist/cli/flags-doc.js';
import { keybindingsMarkdown, keysTable, withKeysTable } from '../dist/ui/keymap-doc.js';

writeFileSync('docs/keybindings.md', keybindingsMarkdown());
writeFileSync('docs/flags.md', flagsMarkdown());
writeFileSync('README.md', withKeysTable(withFlagsTable(readFileSync('README.md', 'utf8'), flagsTable()), keysTable()));
