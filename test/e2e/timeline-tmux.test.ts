import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('moves between problems, searches, filters, shows UTC, opens a row and its help', async () => {
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[1 Calls]'), 'Calls');
    const fitted = await term.key('5', (s) => footer(s).endsWith('fitted · 1 of 22'), '5');
    // The footer names the pane's own key at 80 columns; the cancelled call says so.
    expect(footer(fitted)).toContain('+ zoom');
    expect(rowOf(fitted, 'notifications/cancelled')).toBeTruthy();
    expect(lines(fitted).find((l) => l.includes('⊘ tools/call'))).toMatch(/⊘ cancel$/);
    await term.key(']', (s) => /^›\s*✗ tools\/call write_fi/m.test(s), '] to the first problem');
    await term.key(']', (s) => /^›✗ user/m.test(s), '] to the next');
    await term.key('[', (s) => /^›\s*✗ tools\/call write_fi/m.test(s), '[ back');
    await term.key('L', (s) => /\/col · 15 of 22$/.test(footer(s)), 'L pans');
    await term.key('H', (s) => lines(s)[1] === lines(fitted)[1], 'H pans back');
    await term.key('0', (s) => footer(s).endsWith('fitted · 15 of 22'), '0 fits');
    term.send('/');
    term.tmux('send-keys', '-t', 'e2e', '-l', 'read_file');
    await term.key('Enter', (s) => /read_file \d\/\d · fitted/.test(footer(s)), 'a search');
    await term.key('Escape', (s) => /^\? help .* fitted · \d+ of 22$/.test(footer(s)), 'Esc ends the search');
    term.send('f');
    term.tmux('send-keys', '-t', 'e2e', '-l', 'status:error');
    const filtered = await term.key('Enter', (s) => s.includes('filter: status:error'), 'the filter');
    await term.waitFor((s) => /fitted · \d of 2$/.test(footer(s)), 'two failed calls listed');
    expect(lines(filtered).filter((l) => /^.\s*✗ tools\/call/.test(l))).toHaveLength(2);
    await term.key('T', (s) => /UTC · fitted/.test(footer(s)) && /▏14:00:1\d\.\d{3}/.test(lines(s)[1] ?? ''), 'T');
    await term.key('T', (s) => !footer(s).includes('UTC') && /▏\+1\d/.test(lines(s)[1] ?? ''), 'T again');
    await term.key('Enter', (s) => s.includes('tools/call write_file · ✗ isError') && s.includes('Esc back'), 'Enter');
    await term.key('Escape', (s) => s.includes('[5 Timeline]') && /of 2$/.test(footer(s)), 'Esc back');
    await term.key('?', (s) => s.includes('Keys in Timeline'), '?');
    // The pane's own keys are further down the help: its search finds them.
    term.send('/');
    term.tmux('send-keys', '-t', 'e2e', '-l', 'Zoom in');
    await term.key('Enter', (s) => s.includes('Zoom in around the selected row'), "the pane's keys in help");
    await term.key('Escape', (s) => !s.includes('Keys in Timeline'), 'help closed');
    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);

  it('draws a real Claude Code session: its tool calls by name, its idle time folded', async () => {
    const session =
      'test/fixtures/agent-sessions/claude-code-log/claude-config/projects/claude-code-log__test__test_data__real_projects__-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl';
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} ${session}; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('Claude Code transcript'), 'the session');
    const fitted = await term.key('5', (s) => s.includes('[5 Timeline]') && /fitted · 1 of \d+$/.test(footer(s)), '5');
    expect(lines(fitted)[1]).toMatch(/⋯ \d+m\d\ds idle ⋯/);
    expect(rowOf(fitted, '→ Bash')).toMatch(/ 1\.32s$/);
    expect(rowOf(fitted, 'claude-sonnet-4-5')).toBeTruthy();
    for (const l of lines(fitted)) expect(l.length).toBeLessThanOrEqual(80);
    await term.key('+', (s) => /\/col · 1 of \d+$/.test(footer(s)), '+');
    await term.key('G', (s) => /\/col · (\d+) of \1$/.test(footer(s)), 'G');
    await term.key('0', (s) => /fitted · (\d+) of \1$/.test(footer(s)), '0');
    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);

  it('grows its axis live under --follow, staying fitted', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
    const call = (id: number, s: number, d: number) =>
      `{"t":"${at(s)}","dir":"in","raw":{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"t${id}"}}}\n` +
      `{"t":"${at(s + d)}","dir":"out","raw":{"jsonrpc":"2.0","id":${id},"result":{}}}\n`;
    const path = join(mkdtempSync(join(tmpdir(), 'mrt-e2e-timeline-')), 'live.jsonl');
    writeFileSync(path, call(1, 0, 3) + call(2, 2, 4));
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} --follow ${path}; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[1 Calls]'), 'Calls');
    const before = await term.key('5', (s) => /fitted · \d of 2$/.test(footer(s)), '5');
    expect(lines(before)[1]).toMatch(/▏\+\d\.\d\ds/);
    // A call of two minutes arrives: the axis now spans it, its ticks in minutes.
    appendFileSync(path, call(3, 5, 120) + call(4, 6, 1));
    const after = await term.waitFor((s) => /fitted · \d of 4$/.test(footer(s)) && s.includes('t4'), 'the new calls');
    expect(lines(after)[1]).toMatch(/▏\+1m00s/);
    expect(lines(after)[1]).not.toBe(lines(before)[1]);
    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);
});
