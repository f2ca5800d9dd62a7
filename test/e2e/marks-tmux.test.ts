import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

const firstFrame = (s: string) => s.includes('[1 Calls]') && s.includes('of 13');
const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
const rowOf = (screen: string, text: string) => screen.split('\n').find((l) => l.includes(text)) ?? '';

/** The real binary at 80x24, with a state directory of the test's own; the shell says when it ended. */
function start(trace: string, state: string) {
  term.start(`MCP_REPLAY_TUI_STATE_DIR=${state} node ${BIN} ${trace}; echo "EXIT=$?"; sleep 30`);
  return term.waitFor(firstFrame, 'the first frame');
}

describe.skipIf(!hasTmux)('marks, end to end (tmux, 80x24)', () => {
  it('m marks, u goes there from another pane, w writes it; the marks come back while the file is unchanged', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mrt-marks-e2e-'));
    const trace = join(home, 'demo.jsonl');
    copyFileSync(join(ROOT, 'examples/demo.jsonl'), trace);
    const state = join(home, 'state');

    await start(trace, state);
    await term.key('j', (s) => rowOf(s, 'notifications/initialized').startsWith('›'), 'j');
    let screen = await term.key('m', (s) => rowOf(s, 'notifications/initialized').startsWith('›◆'), 'the mark');
    expect(footerOf(screen)).toMatch(/^marked: 1 mark \(u\/U go through them, w writes them\)/);
    await term.key('3', (s) => s.includes('[3 Usage]'), 'Usage');
    screen = await term.key('u', (s) => s.includes('[1 Calls]') && s.includes('mark 1 of 1'), 'u');
    expect(rowOf(screen, 'notifications/initialized')).toMatch(/^›◆ {2}\+0\.101s/);
    // Where it went first; the count after it (`(1 mark: 3 records)`) gives way at 80 columns.
    screen = await term.key('w', (s) => /^wrote .*mcp-replay-tui-marked-/.test(footerOf(s)), 'w');
    // The path's middle gives way at 80 columns; its file name stays.
    const name = /mcp-replay-tui-marked-\d+-\d+\.jsonl/.exec(footerOf(screen))?.[0];
    expect(name).toBeDefined();
    expect(readFileSync(join(tmpdir(), name!), 'utf8')).toContain('notifications/initialized');
    rmSync(join(tmpdir(), name!));
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
    term.kill();

    // Again: the mark is where it was.
    await start(trace, state);
    screen = await term.waitFor((s) => rowOf(s, 'notifications/initialized').startsWith(' ◆'), 'the kept mark');
    expect(rowOf(screen, 'notifications/initialized')).toMatch(/^ ◆ {2}\+0\.101s/);
    expect(rowOf(screen, 'initialize ')).toMatch(/^› {3}\+0\.012s/);
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
    term.kill();

    // The file changed: its marks are dropped, and the footer says so.
    appendFileSync(trace, '\n');
    screen = await start(trace, state);
    await term.waitFor((s) => s.includes('marks of demo.jsonl dropped'), 'the notice');
    expect(term.capture()).not.toContain('◆');
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
    rmSync(home, { recursive: true, force: true });
  });
});
