import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
afterEach(() => {
  term.kill();
});

/**
 * After the app, the shell prints its exit code and whether the terminal is cooked
 * again (`icanon` on, not `-icanon`), then waits. The main screen had BEFORE-APP on it.
 */
const run = (args: string) =>
  `printf 'BEFORE-APP\\n'; node ${BIN} ${args}; echo "EXIT=$?"; stty -a | grep -o -- '-\\?icanon' | sed 's/^/MODE=/'; sleep 30`;
const firstFrame = (s: string) => s.includes('[1 Calls]') && s.includes('of 13');

/** Whether the pane is in a mouse mode, and in SGR mouse mode (tmux tracks what the program asked for). */
const mouseFlags = () => term.tmux('display-message', '-p', '-t', 'e2e', '#{mouse_any_flag}#{mouse_sgr_flag}').trim();

/** The screen after the app: its own frame gone, the shell's lines back, modes cooked, the cursor shown, no mouse. */
function expectRestored(screen: string, exit: number) {
  expect(screen).toContain(`EXIT=${exit}`);
  expect(term.tmux('display-message', '-p', '-t', 'e2e', '#{cursor_flag}').trim()).toBe('1');
  expect(mouseFlags()).toBe('00');
  expect(screen).toContain('MODE=icanon');
  expect(screen).toContain('BEFORE-APP');
  expect(screen).not.toContain('[1 Calls]');
}

describe.skipIf(!hasTmux)('the terminal is always put back (tmux)', () => {
  it('the check sees a hidden cursor and mouse reporting (the app has them while it runs)', async () => {
    term.start(run('examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    expect(term.tmux('display-message', '-p', '-t', 'e2e', '#{cursor_flag}').trim()).toBe('0');
    expect(mouseFlags()).toBe('11');
    await term.key('q', (s) => s.includes('MODE='), 'the shell again');
  });

  it('--no-mouse: the terminal keeps the mouse (to select text)', async () => {
    term.start(run('--no-mouse examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    expect(mouseFlags()).toBe('00');
    expectRestored(await term.key('q', (s) => s.includes('MODE='), 'the shell again'), 0);
  });

  it('on q: exit 0', async () => {
    term.start(run('examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    expectRestored(await term.key('q', (s) => s.includes('MODE='), 'the shell again'), 0);
  });

  it('on Ctrl-C: exit 130, as an interrupted program', async () => {
    term.start(run('examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    expectRestored(await term.key('C-c', (s) => s.includes('MODE='), 'the shell again'), 130);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])('on %s: one line saying so, exit %i', async (signal, code) => {
    term.start(run('examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    const pid = term.childPid(/mcp-replay-tui/);
    expect(pid).not.toBeNull();
    process.kill(pid!, signal);
    const screen = await term.waitFor((s) => s.includes('MODE='), 'the shell again');
    expectRestored(screen, code);
    expect(screen).toContain(`mcp-replay-tui: stopped by ${signal}`);
    expect(screen).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('with the trace on stdin (keys from /dev/tty): q and the modes come back', async () => {
    term.start(run('- < examples/demo.jsonl'));
    await term.waitFor(firstFrame, 'the first frame');
    expectRestored(await term.key('q', (s) => s.includes('MODE='), 'the shell again'), 0);
  });

  it.skipIf(!hasMkfifo)(
    'on q while a FIFO waits for a writer: exit 0 at once (once: hung until one came)',
    async () => {
      const fifo = join(mkdtempSync(join(tmpdir(), 'mrt-fifo-')), 'nobody.fifo');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      term.start(run(fifo));
      await term.waitFor((s) => s.includes('waiting for a writer'), 'the waiting notice');
      const quit = Date.now();
      const screen = await term.key('q', (s) => s.includes('MODE='), 'the shell again');
      expect(Date.now() - quit).toBeLessThan(3000);
      expect(screen).toContain('EXIT=0');
      expect(screen).toContain('MODE=icanon');
    },
  );

  it.skipIf(!hasMkfifo).each([
    ['the app', ''],
    ['summary', 'summary '],
  ])('on SIGTERM while a FIFO waits for a writer (%s): exit 143 at once (once: alive for ever)', async (_, command) => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'mrt-fifo-')), 'nobody.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    term.start(run(`${command}${fifo}`));
    // summary's notice names the path, which may wrap at 80 columns: read the lines as one.
    await term.waitFor((s) => s.replaceAll('\n', '').includes('waiting for a writer'), 'the waiting notice');
    const pid = term.childPid(/mcp-replay-tui/);
    expect(pid).not.toBeNull();
    const sent = Date.now();
    process.kill(pid!, 'SIGTERM');
    const screen = await term.waitFor((s) => s.includes('MODE='), 'the shell again', 3000);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(screen).toContain('mcp-replay-tui: stopped by SIGTERM');
    expect(screen).toContain('EXIT=143');
    expect(screen).toContain('MODE=icanon');
  });
});

describe('an error nobody caught (cli/fatal.ts)', () => {
  // A child process installs the handlers as main() does, registers a restorer as the
  // app's screen does, then fails: the restorer runs before the one line, no stack.
  const script = (failure: string) => `
    const { installFatalHandlers, beforeFatal } = await import(${JSON.stringify(new URL('../../dist/cli/fatal.js', import.meta.url).href)});
    installFatalHandlers();
    beforeFatal(() => process.stdout.write('RESTORED\\n'));
    ${failure}`;
  const runChild = (failure: string, env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', script(failure)], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it.each([
    ['a throw', "setTimeout(() => { throw new Error('boom \\x1b]0;title\\x07') })"],
    ['a rejected promise', "Promise.reject(new Error('boom \\x1b]0;title\\x07'))"],
  ])('%s: the screen first, then one inert line, exit 1', (_what, failure) => {
    const r = runChild(failure);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('RESTORED\n');
    expect(r.stderr).toBe('mcp-replay-tui: internal error: boom ␛]0;title␇ (MCP_REPLAY_TUI_DEBUG=1 shows where)\n');
  });

  it('MCP_REPLAY_TUI_DEBUG=1 adds the stack', () => {
    const r = runChild("setTimeout(() => { throw new Error('boom') })", { MCP_REPLAY_TUI_DEBUG: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/internal error: boom[^\n]*\nError: boom\n\s+at /);
  });
});
