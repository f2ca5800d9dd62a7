import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { insertedPair } from '../helpers/inserted-call.js';
import { hasRealTraces } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const { waitFor, key } = term;

afterEach(() => {
  term.kill();
});

const footer = (s: string) => s.split('\n').filter(Boolean).at(-1) ?? '';

describe.skipIf(!hasTmux || !hasRealTraces)(
  'diff A B of a real trace and the same with one call inserted (tmux, 80x24)',
  () => {
    it('shows one differing call of 69; ] goes to it, Enter shows it side by side, q exits 1', async () => {
      const pair = insertedPair();
      term.start(`node ${BIN} diff ${pair.a} ${pair.b}; echo "EXIT=$?"; sleep 30`, 80, 24);
      let screen = await waitFor((s) => s.includes('1 of 69 differ') && s.includes('1 of 69'), 'the diff list');
      const lines = screen.split('\n');
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
      expect(lines.filter(Boolean).length).toBeLessThanOrEqual(24);
      // At 80 columns: no line columns; status, tool, the flip and latency, and what differs stay.
      expect(lines[1]).toMatch(/^ {2}A# B# STATUS +TOOL +OK\/ERROR LATENCY WHAT DIFFERS/);
      expect(screen).toMatch(/› +1 +1 ═ same +execute +\+0ms/);
      expect(footer(screen)).toMatch(/^\? help .*q quit +1 of 69$/);

      screen = await key(']', (s) => footer(s).endsWith(`${pair.insertedOrdinal} of 69`), '] to the inserted call');
      expect(screen).toMatch(new RegExp(`› +— +${pair.insertedOrdinal} \\+ added in B +${pair.tool}`));
      // The calls after it are the same again, each A call one place earlier in B.
      expect(screen).toMatch(new RegExp(` ${pair.insertedOrdinal} +${pair.insertedOrdinal + 1} ═ same`));

      screen = await key('Enter', (s) => s.includes('── arguments'), 'side by side');
      expect(screen).toMatch(new RegExp(`^B#${pair.insertedOrdinal} \\+ added in B · ${pair.tool}`, 'm'));
      expect(screen).toMatch(/── arguments · no call in A +│── arguments · B line \d+/);
      expect(screen).toContain('added in B: A has no call that matches');
      // B's lines only, each marked +; A's side blank.
      expect(screen).toMatch(/^ +│\+\{$/m);
      expect(screen).not.toMatch(/^-/m);
      for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
      screen = await key(']', (s) => footer(s).includes('change 1 of 2'), '] side by side');
      expect(footer(screen)).toMatch(/^\? help .*q quit/);
      await key('Escape', (s) => footer(s).endsWith(`${pair.insertedOrdinal} of 69`), 'the list again');
      screen = await key(']', (s) => s.includes('no difference below this call'), 'no other difference');
      await key('q', (s) => s.includes('EXIT=1'), 'exit 1: they differ');
    });
  },
);
