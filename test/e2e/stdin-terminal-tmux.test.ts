import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => term.kill());

describe.skipIf(!hasTmux)('summary - with stdin a terminal, in tmux at 80x24', () => {
  it('says where it reads from and how to end, then ends on Ctrl-D', async () => {
    term.start(`node ${BIN} summary -; echo "EXIT=$?"; sleep 30`, 80, 24);
    const screen = await term.waitFor((s) => s.includes('press Ctrl-D'), 'the hint');
    expect(screen.replace(/\n/g, ' ')).toMatch(
      /-: reading the trace from stdin, a terminal: pipe a file to it, or\s+press Ctrl-D to end/,
    );
    // Nothing typed: an empty trace, which is none (exit 1).
    const end = await term.key('C-d', (s) => s.includes('EXIT='), 'the exit');
    expect(end).toContain('not a trace: stdin is empty');
    expect(end).toContain('EXIT=1');
  });
});
