import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

const firstFrame = (s: string) => s.includes('[1 Calls]') && s.includes('of 13');
/** The selection on the second row (`j` from the top moved it there). */
const movedOnce = (s: string) => /^›\s+\+0\.101s/m.test(s.split('\n')[2] ?? '');
const flag = (name: string) => term.tmux('display-message', '-p', '-t', 'e2e', `#{${name}}`).trim();

/**
 * Job control in an interactive shell, as a person uses it: suspend the app, use the
 * shell (its terminal cooked, the cursor shown, the main screen), `fg`, and the app is
 * whole again (its frame redrawn, raw mode back: a key moves the selection, unechoed).
 */
describe.skipIf(!hasTmux)('suspend and continue (tmux, bash -i)', () => {
  it.each([
    ['Ctrl-Z, a key in raw mode', () => term.send('C-z')],
    ['kill -TSTP', () => process.kill(term.childPid(/mcp-replay-tui/)!, 'SIGTSTP')],
  ])('%s: the shell gets the terminal back; fg brings the app back whole', async (_, suspend) => {
    term.start('env -i PATH="$PATH" HOME="$HOME" TERM=xterm-256color PS1="PROMPT$ " bash --norc -i');
    await term.waitFor((s) => s.includes('PROMPT$'), 'the prompt');
    term.send(`node ${BIN} examples/demo.jsonl`, 'Enter');
    await term.waitFor(firstFrame, 'the first frame');
    expect(flag('alternate_on')).toBe('1');
    expect(flag('mouse_sgr_flag')).toBe('1');

    suspend();
    const shell = await term.waitFor((s) => /Stopped\s+node/.test(s), 'the stopped job');
    expect(shell).not.toContain('[1 Calls]');
    expect(flag('alternate_on')).toBe('0');
    expect(flag('cursor_flag')).toBe('1');
    // The shell gets the mouse back while the app is stopped.
    expect(flag('mouse_any_flag')).toBe('0');
    term.send("stty -a | grep -o -- '-\\?icanon' | sed 's/^/MODE=/'", 'Enter');
    await term.waitFor((s) => s.includes('MODE=icanon'), 'a cooked terminal');

    term.send('fg', 'Enter');
    const back = await term.waitFor((s) => firstFrame(s) && flag('alternate_on') === '1', 'the app again');
    expect(back).not.toContain('PROMPT$');
    expect(flag('cursor_flag')).toBe('0');
    expect(flag('mouse_sgr_flag')).toBe('1');
    const moved = await term.key('j', movedOnce, 'the selection moved by j');
    expect(moved).not.toMatch(/^j/m);

    // A new prompt on the last line: the old ones show as soon as the app leaves its screen,
    // while it may still be reading the terminal (a command typed then would be lost).
    const prompted = (s: string) => s.trimEnd().split('\n').at(-1)?.trim() === 'PROMPT$';
    await term.key('q', prompted, 'the shell after q');
    term.send('echo "EXIT=$?"', 'Enter');
    await term.waitFor((s) => s.includes('EXIT=0'), 'exit 0');
    expect(flag('mouse_any_flag')).toBe('0');
  });
});
