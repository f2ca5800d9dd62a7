import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { CRASHED_ONCE, KEY_SEQUENCES } from '../helpers/hostile-keys.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => void term.kill());

const dir = mkdtempSync(join(tmpdir(), 'mrt-keys-'));
copyFileSync('examples/demo.jsonl', join(dir, 'a.jsonl'));

/**
 * The built binary on a real terminal: the sequences that once ended the app, and a
 * paste of every CSI and SS3 shape (a few hundred bytes at a time, as tmux types them),
 * into the app, the Sessions list and the diff view. Each is still there after them,
 * opens its help, and quits cleanly on q.
 */
describe.skipIf(!hasTmux)('key sequences on a real terminal, at 80x24', () => {
  it.each([
    ['the app', `node ${BIN} examples/demo.jsonl`, 'demo-filesystem'],
    ['the Sessions list', `node ${BIN} ${dir}`, '1 session'],
    ['the diff view', `node ${BIN} diff examples/demo.jsonl examples/demo.jsonl`, 'same (5 calls)'],
  ])('%s reads on after them, and q quits with exit 0', async (_, command, shown) => {
    term.start(`${command}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes(shown), 'the first screen');
    for (const sequence of CRASHED_ONCE) term.tmux('send-keys', '-t', 'e2e', '-l', sequence);
    for (let i = 0; i < KEY_SEQUENCES.length; i += 40)
      term.tmux('send-keys', '-t', 'e2e', '-l', KEY_SEQUENCES.slice(i, i + 40).join(''));
    // An arrow last: it ends any sequence the paste left open, which would take the `?` in.
    term.tmux('send-keys', '-t', 'e2e', '-l', '\x1b[A');
    // The help opens: the keys after the sequences are read (none of them ended the app).
    await term.key('?', (s) => s.includes('Keys in '), 'the help');
    await term.key('Escape', (s) => !s.includes('Keys in '), 'the help closed');
    const after = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(after).toContain('EXIT=0');
    expect(after).not.toMatch(/internal error|startsWith/);
  });
});
