import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const { tmux } = term;
const { waitFor, key } = term;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  term.kill();
});

describe.skipIf(!hasTmux)('the real binary in a terminal (tmux)', () => {
  it.each([
    [80, 24],
    [120, 40],
  ])('at %ix%i: switches panes, opens a detail view, quits cleanly and restores the screen', async (columns, rows) => {
    term.start(`printf 'BEFORE-APP\\n'; node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, columns, rows);
    let screen = await waitFor((s) => s.includes('[1 Calls]') && s.includes('of 13'), 'the first frame');
    expect(screen).not.toContain('BEFORE-APP'); // alternate screen
    const shown = screen.split('\n').filter((l) => l.length > 0);
    expect(shown.length).toBeLessThanOrEqual(rows);
    expect(screen).toMatch(/tools\/call search_files/);

    await key('2', (s) => s.includes('[2 Turns]'), 'Turns');
    screen = await key('3', (s) => s.includes('[3 Usage]') && s.includes('local-llama-3.1-8b'), 'Usage');
    expect(screen).toContain('unpriced');
    await key('4', (s) => s.includes('[4 Events]') && s.includes('skip'), 'Events');
    await key('1', (s) => s.includes('[1 Calls]'), 'Calls');
    await key('j', (s) => s.includes('2 of 13'), 'j');
    await key('G', (s) => s.includes('13 of 13'), 'G');
    await key('g', (s) => s.includes('1 of 13'), 'g');
    screen = await key('Enter', (s) => s.includes(' request {'), 'the detail view');
    expect(screen).toContain('"method": "initialize"');
    await key('Escape', (s) => s.includes('1 of 13') && !s.includes(' request {'), 'back to the list');
    await key('?', (s) => s.includes('Keys in Calls'), 'help');
    await key('?', (s) => !s.includes('Keys in'), 'help closed');
    screen = await key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
    expect(screen).toContain('BEFORE-APP'); // the original screen is back
    expect(screen).not.toContain('[1 Calls]');
  });

  it('--follow: appended calls appear, scrolling up pauses with a count, G resumes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-'));
    const path = join(dir, 'live.jsonl');
    const call = (i: number) =>
      `{"t":"2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"tool_${i}"}}}\n`;
    writeFileSync(
      path,
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"live-demo","command":["x"]}\n' +
        call(1) +
        call(2),
    );
    term.start(`node ${BIN} --follow ${path}; echo "EXIT=$?"; sleep 30`, 100, 20);
    await waitFor((s) => s.includes('2 of 2') && s.includes('live'), 'the live first frame');
    appendFileSync(path, call(3) + call(4));
    let screen = await waitFor((s) => s.includes('4 of 4'), 'appended rows, selection kept at the bottom');
    expect(screen).toContain('tool_4');
    await key('k', (s) => s.includes('3 of 4') && s.includes('paused · G follows'), 'paused');
    appendFileSync(path, call(5));
    screen = await waitFor((s) => s.includes('paused · 1 new'), 'the new-row count');
    expect(screen).toContain('3 of 5');
    await key('G', (s) => s.includes('5 of 5') && !s.includes('paused'), 'resumed');
    appendFileSync(path, '{"t":"2026-01-01T00:01:00.000Z","type":"end","exitCode":0,"durationMs":60000}\n');
    await waitFor((s) => s.includes('ended (exit 0)'), 'the end line');
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('reflows at once on resize, and NO_COLOR leaves no colour codes while glyphs still tell status', async () => {
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 130, 40);
    await waitFor((s) => s.includes('[1 Calls] 2 Turns') && s.includes('✗ isError'), 'the wide first frame');
    expect(tmux('capture-pane', '-p', '-e', '-t', 'e2e')).toMatch(/\x1b\[[0-9;]*3[0-7]m/); // colour by default
    tmux('resize-window', '-t', 'e2e', '-x', '80', '-y', '24');
    const screen = await waitFor(
      (s) => s.includes('[1 Calls] 2  3  4') && /of 13\s*$/.test(s.split('\n').filter(Boolean).at(-1) ?? ''),
      'the narrow layout',
    );
    expect(screen.split('\n').every((l) => l.length <= 80)).toBe(true);
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
    term.kill();
    term.start(`NO_COLOR=1 node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 100, 24);
    await waitFor((s) => s.includes('✗ isError'), 'the first frame');
    expect(tmux('capture-pane', '-p', '-e', '-t', 'e2e')).not.toMatch(/\x1b\[[0-9;]*3[0-7]m/);
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('redraws a keypress as the lines that changed, in place: no cleared screen, a few hundred bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-'));
    const bytesFile = join(dir, 'pane.bytes');
    term.start(`sleep 0.3; node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 100, 30);
    tmux('pipe-pane', '-t', 'e2e', '-o', `cat > ${bytesFile}`);
    await waitFor((s) => s.includes('1 of 13'), 'the first frame');
    await sleep(300);
    const before = readFileSync(bytesFile).length;
    let screen = await key('j', (s) => s.includes('2 of 13'), 'j');
    await sleep(300);
    const written = readFileSync(bytesFile).subarray(before).toString('latin1');
    // Ink alone clears the screen and writes all 30 lines again (~2 KB here) for each key.
    expect(written).not.toContain('\x1b[2J');
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(1000);
    const lines = screen.split('\n');
    expect(lines[0]).toContain('[1 Calls]');
    expect(lines[2]).toMatch(/^› .*notifications\/initialized/);
    expect(lines[1]).not.toContain('›');
    // Resized both ways, the screen is whole again: one header on top, the footer at the bottom.
    for (const [x, y] of [
      [80, 20],
      [120, 40],
    ] as const) {
      tmux('resize-window', '-t', 'e2e', '-x', String(x), '-y', String(y));
      screen = await waitFor(
        (s) =>
          s.split('\n').filter((l) => l.includes('[1 Calls]')).length === 1 &&
          /2 of 13\s*$/.test(s.split('\n')[y - 1] ?? ''),
        `the ${x}x${y} layout`,
      );
      expect(screen.split('\n')[0]).toContain('[1 Calls]');
    }
    screen = await key('k', (s) => s.includes('1 of 13'), 'k');
    expect(screen.split('\n').filter((l) => l.startsWith('›'))).toHaveLength(1);
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('--ascii (or MCP_REPLAY_TUI_ASCII=1) draws the interface in ASCII only', async () => {
    for (const run of [
      `node ${BIN} --ascii examples/demo.jsonl`,
      `MCP_REPLAY_TUI_ASCII=1 node ${BIN} examples/demo.jsonl`,
    ]) {
      term.kill();
      term.start(`${run}; echo "EXIT=$?"; sleep 30`, 80, 24);
      const screen = await waitFor((s) => s.includes('x isError'), 'the ASCII first frame');
      expect(screen).toMatch(/^> +\+0\.012s > {2}initialize +\+ ok/m);
      // The Calls pane of the demo holds ASCII text only: every glyph became one ASCII character.
      expect(screen).toMatch(/^[\x20-\x7e\n]*$/);
      await key('q', (s) => s.includes('EXIT=0'), 'quit');
    }
  });

  it('reads a growing pipe on stdin (-) and still takes keys from the terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-e2e-'));
    const path = join(dir, 'pipe.jsonl');
    writeFileSync(
      path,
      '{"t":"2026-01-01T00:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"first_tool"}}}\n',
    );
    term.start(`tail -n +1 -f ${path} | node ${BIN} -; echo "EXIT=$?"; sleep 30`, 100, 20);
    await waitFor((s) => s.includes('first_tool') && s.includes('live'), 'the first row, live');
    appendFileSync(
      path,
      '{"t":"2026-01-01T00:00:02.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"second_tool"}}}\n',
    );
    await waitFor((s) => s.includes('second_tool'), 'the appended row');
    await key('G', (s) => s.includes('2 of 2'), 'G from the keyboard');
    await key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('diff A B opens the side-by-side view on a terminal and exits 1 when they differ', async () => {
    term.start(`node ${BIN} diff examples/demo.jsonl test/fixtures/malformed.jsonl; echo "EXIT=$?"; sleep 30`, 100, 24);
    await waitFor((s) => s.includes('differ') && s.includes('changed args'), 'the diff list');
    await key('Enter', (s) => s.includes('│── arguments'), 'both sides');
    await key('Escape', (s) => s.includes('1 of 5'), 'the list again');
    await key('q', (s) => s.includes('EXIT=1'), 'exit 1');
  });

  it('exits 1 with a message, before any screen, when a file cannot be opened', async () => {
    term.start(`node ${BIN} nope.jsonl; echo "EXIT=$?"; sleep 30`, 80, 24);
    const screen = await waitFor((s) => s.includes('EXIT='), 'the exit');
    expect(screen).toContain('mcp-replay-tui: cannot open nope.jsonl: no such file');
    expect(screen).toContain('EXIT=1');
  });
});

describe.skipIf(!hasTmux)('80 columns first (tmux, 80x24)', () => {
  const footer = (s: string) => s.split('\n').filter(Boolean).at(-1) ?? '';
  const header = (s: string) => s.split('\n')[0] ?? '';

  it('every pane, the detail view and help keep ? help and q quit; a filter keeps the state; w names its file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mrt-e2e-home-'));
    // Written under the home directory, deep enough that the path cannot fit whole.
    const deep = join(home, 'recordings', 'of', 'this', 'week', 'traces');
    mkdirSync(deep, { recursive: true });
    term.start(`TMPDIR=${deep} HOME=${home} node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => s.includes('[1 Calls]') && s.includes('of 13'), 'the first frame');
    const both = (s: string) => footer(s).startsWith('? help') && footer(s).includes('q quit');
    for (const [k, pane] of [
      ['2', '[2 Turns]'],
      ['3', '[3 Usage]'],
      ['4', '[4 Events]'],
      ['1', '[1 Calls]'],
    ] as const)
      await key(k, (s) => s.includes(pane) && both(s), `${pane} with ? help and q quit`);
    await key('Enter', (s) => s.includes(' request {') && both(s), 'the detail view with ? help and q quit');
    await key('?', (s) => s.includes('Keys in the detail view') && both(s), 'help with ? help and q quit');
    await key(
      'Escape',
      (s) => s.includes(' request {') && !s.includes('Keys in the detail view'),
      'the detail view again',
    );
    await key('Escape', (s) => s.includes('1 of 13'), 'Calls again');
    term.send('f', 'status:error -method:notifications/*');
    await waitFor((s) => footer(s).startsWith('filter: status:error'), 'the filter typed');
    const filtered = await key('Enter', (s) => header(s).includes('filter: status'), 'the filter applied');
    expect(header(filtered)).toMatch(/ended \(exit 0\)\s*$/);
    const wrote = await key('w', (s) => footer(s).includes('wrote'), 'the written file');
    // Where the file went first: the path's end (its file name) is never cut; its middle
    // is, when it must be.
    expect(footer(wrote)).toMatch(
      /^wrote ~\/…\/(.*\/)?mcp-replay-tui-filtered-\d+-\d+\.jsonl( \(\d+ records\))? +1 of 2$/,
    );
    // The filter's count stays in the header at 80 columns.
    expect(header(filtered)).toMatch(/ · 4 of 36 · ended \(exit 0\)\s*$/);
    await key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });

  it('s selects the slowest call and shows it; s again goes back to time order on the same call', async () => {
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => s.includes('[1 Calls]') && s.includes('of 13'), 'the first frame');
    await key('G', (s) => footer(s).endsWith('13 of 13'), 'the last call');
    const sorted = await key('s', (s) => footer(s).endsWith('slowest first · 1 of 13'), 'slowest first');
    const selected = sorted.split('\n').filter((l) => l.startsWith('›'));
    expect(selected).toHaveLength(1);
    expect(selected[0]).toMatch(/tools\/call read_file\s+✓ ok\s+1\.26s/);
    // The slowest is the first row, right under the header.
    expect(sorted.split('\n')[1]).toBe(selected[0]);
    const back = await key('s', (s) => footer(s).endsWith(' 6 of 13'), 'time order, the same call');
    expect(back.split('\n').find((l) => l.startsWith('›'))).toMatch(/tools\/call read_file\s+✓ ok\s+1\.26s/);
    await key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });

  it("Usage: a cursor over its rows, Enter shows a tool's calls through a filter, F clears it", async () => {
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => s.includes('[1 Calls]') && s.includes('of 13'), 'the first frame');
    let screen = await key('3', (s) => s.includes('[3 Usage]') && /\d+ of \d+\s*$/.test(footer(s)), 'Usage');
    expect(screen.split('\n').filter((l) => l.startsWith('›'))).toHaveLength(1);
    // / finds a row by name and puts the cursor on it.
    term.send('/', 'write_file', 'Enter');
    screen = await waitFor(
      (s) => (s.split('\n').find((l) => l.startsWith('›')) ?? '').includes('write_file'),
      'write_file',
    );
    screen = await key('Enter', (s) => s.includes('[1 Calls]') && header(s).includes('filter: tool:writ'), 'its calls');
    expect(screen).toMatch(/tools\/call write_file/);
    expect(screen).not.toMatch(/tools\/call read_file/);
    await key('F', (s) => !header(s).includes('filter:') && s.includes('of 13'), 'the filter cleared');
    await key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });

  it('the filter bar: Tab completes, ↑ brings back a filter applied in an earlier run', async () => {
    const state = mkdtempSync(join(tmpdir(), 'mrt-e2e-state-'));
    const app = `MCP_REPLAY_TUI_STATE_DIR=${state} node ${BIN} examples/demo.jsonl`;
    term.start(`${app}; ${app}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => s.includes('[1 Calls]') && s.includes('of 13'), 'the first frame');
    term.send('f', 'tool:wri');
    await waitFor((s) => footer(s).startsWith('filter: tool:wri'), 'the filter typed');
    await key('Tab', (s) => footer(s).startsWith('filter: tool:write_file'), 'the tool name completed');
    await key('Enter', (s) => header(s).includes('filter: tool:writ'), 'the filter applied');
    term.send('q');
    // The second run: the bar is empty, and ↑ brings the filter back.
    await waitFor(
      (s) => s.includes('[1 Calls]') && !header(s).includes('filter:') && s.includes('of 13'),
      'the second run',
    );
    await key('f', (s) => footer(s).startsWith('filter: '), 'the filter bar');
    await key('Up', (s) => footer(s).startsWith('filter: tool:write_file'), 'the last filter back');
    await key('Escape', (s) => !footer(s).startsWith('filter:'), 'the bar closed');
    await key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });
});
