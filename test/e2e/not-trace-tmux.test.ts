import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
let dir = '';

afterEach(() => {
  term.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasTmux)('the app on a file that is not a trace, in tmux at 80x24', () => {
  it('exits 1 after q, as summary does, saying why', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mrt-not-trace-'));
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'hello\nworld\n');
    term.start(`node ${BIN} ${file}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('[1 Calls]'), 'the app');
    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the exit');
    expect(screen).toContain('EXIT=1');
    // (The message wraps at 80 columns.)
    expect(screen.replace(/\n/g, ' ')).toMatch(/not a trace: \S*notes\.txt ?has no record/);
  });
});
