import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/mcp-replay-tui.js', import.meta.url));

/** What a terminal would act on or reorder: none of it may reach stdout or stderr raw. */
export const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** `summary --json`'s keys in order: the `mcp-tape.stats/1` contract's, then ours, each an x- field. */
export const SUMMARY_JSON_KEYS = ['schema', 'file', 'session', 'models', 'tools', 'errors', 'x-costByTool', 'x-prices'];

/**
 * Runs the built binary (npm test builds dist/ first) with no TTY. Killed after
 * `timeoutMs` (its code then null): a run that hangs (a FIFO read for ever) fails its
 * test instead of holding the suite, which a synchronous spawn would.
 */
export function run(args: string[], input?: string, timeoutMs = 120_000) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: timeoutMs,
    // A process stuck in native code never runs its SIGTERM handler, and spawnSync waits for it.
    killSignal: 'SIGKILL',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs the built binary without blocking this process's event loop: for tests whose
 * server runs in this process (spawnSync would leave it unable to answer).
 */
export function runAsync(
  args: string[],
  options: { timeoutMs?: number; during?: (child: ChildProcess) => void; env?: Record<string, string> } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const { timeoutMs = 15_000, during, env } = options;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    during?.(child);
  });
}
