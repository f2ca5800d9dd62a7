import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => void term.kill());

const lines = (s: string) => s.split('\n');
const footer = (s: string) => lines(s).findLast((l) => l.trim() !== '') ?? '';
const rowOf = (s: string, label: string) => lines(s).find((l) => l.includes(label)) ?? '';

/** The real binary at 80x24: `5` shows the Timeline's bars, `+` zooms, `0` fits, `q` quits cleanly. */
describe.skipIf(!hasTmux)('the Timeline in tmux at 80x24', () => {
  it('5 shows bars on an axis, + zooms, 0 fits again, q quits', async () => {
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[1 Calls]'), 'Calls');
    const fitted = await term.key(
      '5',
      (s) => s.includes('[5 Timeline]') && footer(s).endsWith('fitted · 1 of 22'),
      '5',
    );
    expect(lines(fitted)[1]).toMatch(/▏\+5\.00s/);
    expect(rowOf(fitted, 'claude-sonnet-4-5')).toMatch(/█+.* 2\.48s/);
    expect(rowOf(fitted, 'resources/read')).toMatch(/░ +open/);
    const zoomed = await term.key('+', (s) => /ms\/col · 1 of 22$/.test(footer(s)), '+ zooms in');
    expect(lines(zoomed)[1]).not.toBe(lines(fitted)[1]);
    await term.key('0', (s) => footer(s).endsWith('fitted · 1 of 22'), '0 fits');
    for (const l of lines(fitted)) expect(l.length).toBeLessThanOrEqual(80);
    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);
});
