import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const TURNS = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'mrt-turns-end-'));
const term = tmuxTerminal();
afterAll(() => {
  term.kill();
  rmSync(dir, { recursive: true, force: true });
});

const turn = (i: number) =>
  `{"t":"2026-01-01T00:00:00.${String(i % 1000).padStart(3, '0')}Z","type":"turn","role":"${i % 2 ? 'assistant' : 'user'}","blocks":[{"type":"text","text":"turn ${i} of the conversation"}]}`;

describe.skipIf(!hasTmux)('Turns on a long conversation (tmux, 80x24)', () => {
  it('G shows the last turn at once, and g the first', async () => {
    const trace = join(dir, 'turns.jsonl');
    writeFileSync(trace, `${Array.from({ length: TURNS }, (_, i) => turn(i + 1)).join('\n')}\n`);
    term.start(`node ${BIN} --no-cache ${trace}; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[2 Turns]') && s.includes(`1 of ${TURNS.toLocaleString('en-US')}`), 'Turns');
    // Laying out every turn from the top took ~9 s here; a pane's worth takes milliseconds.
    const sent = Date.now();
    term.send('G');
    const screen = await term.waitFor((s) => s.includes(`turn ${TURNS} of the conversation`), 'the last turn', 3000);
    expect(Date.now() - sent).toBeLessThan(1500);
    expect(screen).toContain(`${TURNS.toLocaleString('en-US')} of ${TURNS.toLocaleString('en-US')}`);
    await term.key('g', (s) => s.includes('turn 1 of the conversation'), 'the first turn');
    await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });
});
