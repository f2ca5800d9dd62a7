import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const GEN = join(ROOT, '..', 'shared', 'tools', 'gen-trace.mjs');
const hasGen = existsSync(GEN);
if (!hasGen) console.warn(`skipping the busy Ctrl-C test: ${GEN} is absent (it ships beside the repo in CI)`);

const dir = mkdtempSync(join(tmpdir(), 'mrt-ctrl-c-'));
const term = tmuxTerminal();
afterAll(() => {
  term.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasTmux || !hasGen)('Ctrl-C while the main thread is busy', () => {
  it('ends the app within a fraction of a second, the terminal put back, exit 130', async () => {
    const trace = join(dir, 'big.jsonl');
    execFileSync('sh', ['-c', `node ${GEN} --mb 150 > ${trace}`]);
    term.start(
      `printf 'BEFORE-APP\\n'; node ${BIN} --no-cache ${trace}; echo "EXIT=$?"; stty -a | grep -o -- '-\\?icanon' | sed 's/^/MODE=/'; sleep 60`,
    );
    await term.waitFor((s) => s.includes('ended'), 'the whole file indexed', 120_000);
    // A lower-case word with a non-ASCII letter is tested row by row: the longest filter
    // there is, about a second at this size, all of it on the main thread.
    await term.key('f', (s) => s.includes('filter'), 'the filter bar');
    term.send('déjà');
    await new Promise((r) => setTimeout(r, 300));
    term.send('Enter');
    await new Promise((r) => setTimeout(r, 100));
    const sent = Date.now();
    term.send('C-c');
    const screen = await term.waitFor((s) => s.includes('EXIT='), 'the shell again', 10_000);
    const took = Date.now() - sent;
    expect(screen).toContain('mcp-replay-tui: interrupted (Ctrl-C while the app was busy)');
    expect(screen).toContain('EXIT=130');
    expect((await term.waitFor((s) => s.includes('MODE='), 'the modes')).includes('MODE=icanon')).toBe(true);
    expect(screen).toContain('BEFORE-APP');
    // 100 ms of grace for the main thread, then the keys thread ends it; the rest is tmux
    // and this test's polling of the pane (every 50 ms).
    expect(took).toBeLessThan(600);
    console.log(`Ctrl-C to the shell's prompt, with the main thread busy: ${took} ms`);
  });
});
