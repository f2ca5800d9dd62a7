import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { GENERATOR } from '../helpers/gen-trace.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const BUSY = join(ROOT, 'test', 'helpers', 'busy-main-thread.mjs');

const dir = mkdtempSync(join(tmpdir(), 'mrt-ctrl-c-'));
const term = tmuxTerminal();
afterAll(() => {
  term.kill();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!hasTmux)('Ctrl-C while the main thread is busy', () => {
  it('ends the app within a fraction of a second, the terminal put back, exit 130', async () => {
    const trace = join(dir, 'big.jsonl');
    const go = join(dir, 'busy-now');
    execFileSync('sh', ['-c', `node ${GENERATOR} --mb 20 > ${trace}`]);
    // No key of the app keeps the main thread busy for long (issue 17: every key answers
    // within 100 ms), so the test makes it busy from outside: a preloaded module spins
    // for 10 s once `go` exists. The keys thread must end the app meanwhile.
    term.start(
      `printf 'BEFORE-APP\\n'; MRT_BUSY_WHEN=${go} MRT_BUSY_MS=10000 node --import ${BUSY} ${BIN} --no-cache ${trace}; echo "EXIT=$?"; stty -a | grep -o -- '-\\?icanon' | sed 's/^/MODE=/'; sleep 60`,
    );
    await term.waitFor((s) => s.includes('ended'), 'the whole file indexed', 120_000);
    writeFileSync(go, '');
    // The preload polls every 20 ms; then the main thread spins.
    await sleep(300);
    const sent = Date.now();
    term.send('C-c');
    const screen = await term.waitFor((s) => s.includes('EXIT='), 'the shell again', 5_000);
    const took = Date.now() - sent;
    expect(screen).toContain('mcp-replay-tui: interrupted (Ctrl-C while the app was busy)');
    expect(screen).toContain('EXIT=130');
    expect((await term.waitFor((s) => s.includes('MODE='), 'the modes')).includes('MODE=icanon')).toBe(true);
    expect(screen).toContain('BEFORE-APP');
    // The keys thread puts the mouse back too (the leave sequence turns its reporting off).
    expect(term.tmux('display-message', '-p', '-t', 'e2e', '#{mouse_any_flag}').trim()).toBe('0');
    // 100 ms of grace for the main thread, then the keys thread ends it; the rest is tmux
    // and this test's polling of the pane (every 50 ms). Far below the 10 s of spinning.
    expect(took).toBeLessThan(600);
    console.log(`Ctrl-C to the shell's prompt, with the main thread busy: ${took} ms`);
  });
});
