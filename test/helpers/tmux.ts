import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT } from './cli.js';

/** Whether tmux is here (.ci/run installs it); tests that need it skip with a reason otherwise. */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux) console.warn('skipping tmux end-to-end tests: tmux is not installed (.ci/run installs it)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sessions = 0;

/**
 * One terminal in tmux, on a server of its own (reusing a socket while the last server
 * is still exiting races). `start` runs a shell command in it at a size; the other
 * methods read and type.
 */
export function tmuxTerminal() {
  let socket = '';
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const capture = (escapes = false) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', 'e2e');
  async function waitFor(ok: (screen: string) => boolean, what: string, ms = 8000): Promise<string> {
    const until = Date.now() + ms;
    let screen = '';
    while (Date.now() < until) {
      screen = capture();
      if (ok(screen)) return screen;
      await sleep(50);
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
  }
  return {
    tmux,
    capture,
    waitFor,
    start(command: string, columns = 80, rows = 24) {
      socket = `mcp-replay-tui-test-${process.pid}-${++sessions}`;
      tmux('new-session', '-d', '-s', 'e2e', '-x', String(columns), '-y', String(rows), '-c', ROOT, command);
    },
    /** Sends one key and waits for its frame (each key alone, as a person types). */
    async key(k: string, ok: (screen: string) => boolean, what: string) {
      tmux('send-keys', '-t', 'e2e', k);
      return waitFor(ok, what);
    },
    send: (...keys: string[]) => tmux('send-keys', '-t', 'e2e', ...keys),
    /** The pid of the program running in the pane's shell (the first child of the shell). */
    childPid(name: RegExp): number | null {
      const shell = Number(tmux('display-message', '-p', '-t', 'e2e', '#{pane_pid}').trim());
      const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(shell)], { encoding: 'utf8' }).stdout;
      const line = out.split('\n').find((l) => name.test(l));
      return line ? Number(line.trim().split(/\s+/)[0]) : null;
    },
    kill: () => spawnSync('tmux', ['-L', socket, 'kill-server']),
  };
}
