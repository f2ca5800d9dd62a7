import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => void term.kill());

const dir = mkdtempSync(join(tmpdir(), 'mrt-turns-scroll-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (s: string) => s.split('\n');
const footer = (s: string) => lines(s).findLast((l) => l.trim() !== '') ?? '';
/** The last line of the body, above the footer (row 23 of 24). */
const lastBodyLine = (s: string) => lines(s)[22] ?? '';

/** A conversation whose last turn is an answer of 300 numbered lines (`line 001` … `line 300`). */
function tallLastTurn(): string {
  const path = join(dir, 'tall-last-turn.jsonl');
  const t = (s: number) => new Date(Date.UTC(2026, 4, 12, 23, 0, s)).toISOString();
  const text = Array.from({ length: 300 }, (_, i) => `line ${String(i + 1).padStart(3, '0')}`).join('\n');
  const turns = [
    { t: t(0), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'first question' }] },
    { t: t(1), type: 'turn', role: 'assistant', blocks: [{ type: 'text', text: 'a short answer' }] },
    { t: t(2), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'second question' }] },
    { t: t(3), type: 'turn', role: 'assistant', blocks: [{ type: 'text', text }] },
  ];
  writeFileSync(path, `${turns.map((x) => JSON.stringify(x)).join('\n')}\n`);
  return path;
}

/** What a terminal sends for a wheel notch in SGR mouse mode (cells from 1). */
const wheel = (down: boolean) => term.tmux('send-keys', '-t', 'e2e', '-l', `\x1b[<${down ? 65 : 64};31;11M`);

/**
 * The real binary at 80x24: the last turn opened with Space is taller than the pane; the
 * move keys scroll through it to its last line, the footer saying which lines are shown.
 */
describe.skipIf(!hasTmux)('a turn taller than the pane, in tmux at 80x24', () => {
  it('G, Space, then j / PgDn / G read the last turn to its last line; k and the wheel go back up', async () => {
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} '${tallLastTurn()}'; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[2 Turns]') && s.includes('first question'), 'Turns');
    await term.key('G', (s) => footer(s).endsWith(' 4 of 4'), 'the last turn');
    let screen = await term.key('Space', (s) => footer(s).endsWith('lines 1–22 of 301 · 4 of 4'), 'Space opens it');
    expect(screen).toContain('line 021');
    expect(screen).not.toContain('more lines');
    await term.key('j', (s) => footer(s).endsWith('lines 2–23 of 301 · 4 of 4'), 'j: a line down');
    await term.key('PageDown', (s) => footer(s).endsWith('lines 24–45 of 301 · 4 of 4'), 'PgDn: a page');
    screen = await term.key('G', (s) => footer(s).endsWith('lines 280–301 of 301 · 4 of 4'), 'G: its end');
    expect(lastBodyLine(screen)).toMatch(/^›\s+line 300\s*$/);
    // At its end, j has nowhere to go: the last line stays.
    term.send('j');
    await term.key('k', (s) => footer(s).endsWith('lines 279–300 of 301 · 4 of 4'), 'k: a line up');
    wheel(false);
    await term.waitFor((s) => footer(s).endsWith('lines 276–297 of 301 · 4 of 4'), 'a notch up: three lines');
    screen = await term.key('g', (s) => footer(s).endsWith(' 1 of 4') && !footer(s).includes('lines'), 'g');
    for (const l of lines(screen)) expect(l.length).toBeLessThanOrEqual(80);
    screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);

  it('a real session: its last answer, opened, is read to its last words', async () => {
    const file = join(REAL_TRACES, 'learn-microsoft-com-2026-08-19T21-37-57-580Z.agent.jsonl');
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} '${file}'; echo "EXIT=$?"; sleep 30`);
    await term.waitFor((s) => s.includes('[2 Turns]') && /1 of \d+$/.test(footer(s)), 'Turns');
    // Folded, it is already a line taller than the pane: G shows its end, and Space opens it from there.
    const end = await term.key('G', (s) => /(\d+) of \1$/.test(footer(s)), 'the last turn');
    const folded = /lines (\d+)–\d+ of (\d+)/.exec(footer(end));
    const opened = (s: string) => {
      const m = /lines (\d+)–\d+ of (\d+) · (\d+) of \3$/.exec(footer(s));
      return m !== null && (folded === null || (m[1] === folded[1] && Number(m[2]) > Number(folded[2])));
    };
    await term.key('Space', opened, 'Space opens it');
    const screen = await term.key('G', (s) => /lines (\d+)–(\d+) of \2 · /.test(footer(s)), 'G: its end');
    // The answer's last words, on the pane's last line.
    expect(lastBodyLine(screen)).toMatch(/ASP\.NET Core apps\.\s*$/);
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
  }, 60_000);
});
