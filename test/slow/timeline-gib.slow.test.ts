import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { GENERATOR } from '../helpers/gen-trace.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'mrt-timeline-gib-'));
const term = tmuxTerminal();
afterAll(() => {
  term.kill();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (s: string) => s.split('\n');
const footer = (s: string) => lines(s).findLast((l) => l.trim() !== '') ?? '';
const axis = (s: string) => lines(s)[1] ?? '';
/** The footer's scale and position: `fitted · 1 of 939,583`, `104ms/col · 2 of 939,583`. */
const place = (s: string) => /(\S+) · ([\d,]+) of ([\d,]+)$/.exec(footer(s));
const scaleIn = (s: string) => place(s)?.[1] ?? '';
const rowIn = (s: string) => place(s)?.[2] ?? '';

/**
 * The built binary at 80x24 on a generated 1 GiB trace: the Timeline opens while it is
 * read, and once it is read every key of the pane answers on the screen (each waited
 * for by what it changes, one at a time); q quits with exit 0.
 */
describe.skipIf(!hasTmux)('the Timeline on a 1 GiB trace, at 80x24', () => {
  it('zooms, pans and scrolls, each key answered, and q quits cleanly', async () => {
    const trace = join(dir, 'gib.jsonl');
    execFileSync('sh', ['-c', `node ${GENERATOR} --mb 1024 > ${trace}`]);
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=${join(dir, 'cache')} node ${BIN} ${trace}; echo "EXIT=$?"; sleep 60`);
    await term.waitFor((s) => s.includes('[1 Calls]'), 'the app', 60_000);
    await term.key('5', (s) => s.includes('[5 Timeline]') && /fitted · 1 of /.test(footer(s)), '5 while reading');
    const read = await term.waitFor((s) => s.includes('ended'), 'the whole file read', 300_000);
    const total = place(read)?.[3];
    expect(Number(total?.replaceAll(',', ''))).toBeGreaterThan(500_000);
    const fitted = axis(read);
    expect(fitted).toMatch(/▏\+0ms +▏\+\d+h00m/);

    const zoomed = await term.key('+', (s) => /\/col$/.test(scaleIn(s)), '+ zooms in');
    expect(axis(zoomed)).not.toBe(fitted);
    const twice = await term.key('+', (s) => scaleIn(s) !== scaleIn(zoomed), '+ again');
    const out = await term.key('-', (s) => scaleIn(s) === scaleIn(zoomed), '- zooms out');
    expect(axis(out)).toBe(axis(zoomed));
    await term.key('+', (s) => scaleIn(s) === scaleIn(twice), '+ once more');
    const right = await term.key('Right', (s) => axis(s) !== axis(twice), '→ pans later');
    await term.key('Left', (s) => axis(s) === axis(twice), '← pans back');
    await term.key('L', (s) => axis(s) === axis(right), 'L pans later');
    await term.key('H', (s) => axis(s) === axis(twice), 'H pans back');
    await term.key('j', (s) => rowIn(s) === '2', 'j moves down');
    await term.key('j', (s) => rowIn(s) === '3', 'j again');
    await term.key('k', (s) => rowIn(s) === '2', 'k moves up');
    await term.key('G', (s) => rowIn(s) === total, 'G to the last row');
    await term.key('g', (s) => rowIn(s) === '1', 'g to the first');
    const again = await term.key('0', (s) => scaleIn(s) === 'fitted', '0 fits the whole run');
    expect(axis(again)).toBe(fitted);
    for (const l of lines(again)) expect(l.length).toBeLessThanOrEqual(80);

    const screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 900_000);
});
