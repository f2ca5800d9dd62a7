import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';
import { tmuxTerminal } from './tmux.js';
import { startWsServer, type WsBehaviour } from './ws-server.js';

/**
 * The built binary in tmux on a live ws:// source that behaves as `behaviour`: waits
 * for the first frame, presses q, and measures until the shell prints the exit code.
 */
export async function quitLive(behaviour: WsBehaviour) {
  const server = await startWsServer(behaviour);
  const dir = mkdtempSync(join(tmpdir(), 'mrt-ws-quit-'));
  const errFile = join(dir, 'stderr.txt');
  const tmux = tmuxTerminal();
  tmux.start(`node ${BIN} ${server.url} 2>${errFile}; echo "EXIT=$?"; sleep 30`, 140, 20);
  try {
    const before = await tmux.waitFor(
      (s) => s.includes('live-e2e') && s.includes('tool_1'),
      `the first frame (${behaviour})`,
    );
    // The snapshot shows first; a status comes with the frames after it.
    const status =
      behaviour === 'broken' ? 'error:' : behaviour === 'garbage' || behaviour === 'binary' ? 'ignored' : null;
    const settled = status ? await tmux.waitFor((s) => s.includes(status), `the status (${behaviour})`) : before;
    tmux.send('q');
    // From when tmux has the key (a loaded machine can take a while to start the tmux client).
    const pressed = Date.now();
    const after = await tmux.waitFor((s) => /EXIT=\d+/.test(s), `the exit (${behaviour})`, 10_000);
    return {
      before: settled,
      after,
      quitMs: Date.now() - pressed,
      code: Number(/EXIT=(\d+)/.exec(after)![1]),
      stderr: readFileSync(errFile, 'utf8'),
    };
  } finally {
    tmux.kill();
    await server.close();
  }
}
