import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { realTraceFiles } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
let dir = '';

afterEach(() => {
  term.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Three real runs (both planes each) in a directory of their own. */
function threeRuns(): string {
  dir = mkdtempSync(join(tmpdir(), 'mrt-sessions-'));
  const runs = ['gitmcp-io-2026-08-20T00-02-42-466Z', 'huggingface-co-2026-08-20T17-23-48-886Z', 'mcp-deepwiki-com'];
  for (const f of realTraceFiles.filter((p) => runs.some((r) => basename(p).startsWith(r))))
    copyFileSync(f, join(dir, basename(f)));
  return dir;
}

describe.skipIf(!hasTmux)('a directory in the app, in a terminal (tmux) at 80x24', () => {
  it('lists its runs, sorts and searches them, opens one with both planes, comes back, quits cleanly', async () => {
    const runs = threeRuns();
    term.start(`printf 'BEFORE-APP\\n'; node ${BIN} ${runs}; echo "EXIT=$?"; sleep 30`, 80, 24);
    let screen = await term.waitFor(
      (s) => s.includes('sessions ·') && s.includes('files · by start'),
      'every run read',
    );
    expect(screen).not.toContain('BEFORE-APP');
    const n = Number(/(\d+) sessions/.exec(screen)![1]);
    expect(n).toBeGreaterThanOrEqual(3);
    const lines = screen.split('\n');
    expect(lines[0]).toMatch(/^ Sessions +\d+ sessions · \d+ files · by start/);
    // Newest first: the huggingface run of 17:23 on 2026-08-20, with its figures.
    expect(lines[2]).toMatch(/^› 2026-08-20 \d\d:23 huggingface-co +19m07s +102 +28 +1\.17M +\$2\.60$/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);

    screen = await term.key('s', (s) => s.includes('by label'), 's: by label');
    expect(screen).toContain('LABEL↑');
    await term.key('/', (s) => s.split('\n').at(-2)?.startsWith('/') ?? false, 'the search bar');
    term.send('h', 'u', 'g', 'g');
    screen = await term.waitFor((s) => /\/hugg▏ +\d+ match/.test(s), 'matches counted');
    screen = await term.key('Enter', (s) => /\/hugg \d+\/\d+/.test(s), 'the match kept');
    expect(screen.split('\n').find((l) => l.startsWith('›'))).toContain('huggingface-co');

    // Both planes, as if both files were named: the turns of the agent plane, the calls of the mcp plane.
    await term.key('Enter', (s) => s.includes('Esc sessions') && s.includes('ended'), 'the run in the app');
    await term.key('2', (s) => s.includes('[2 Turns]') && s.includes('claude-sonnet-5'), 'Turns');
    await term.key('1', (s) => s.includes('[1 Calls]') && s.includes('tools/call'), 'Calls');
    screen = await term.key('Escape', (s) => s.includes('sessions ·'), 'back to the list');
    expect(screen.split('\n').find((l) => l.startsWith('›'))).toContain('huggingface-co');
    expect(screen).toContain('by label');
    screen = await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
    expect(screen).toContain('BEFORE-APP');
  });
});

describe.skipIf(!hasTmux)('files of no known format in a directory, in tmux at 80x24', () => {
  it('are passed over as report passes them over, not listed as "cannot read"', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mrt-sessions-'));
    copyFileSync('examples/demo.jsonl', join(dir, 'demo.jsonl'));
    writeFileSync(join(dir, 'settings.json'), '{"theme": "dark"}\n');
    writeFileSync(join(dir, 'other.jsonl'), 'garbage\n{"x":1}\n');
    term.start(`node ${BIN} ${dir}; echo "EXIT=$?"; sleep 30`, 80, 24);
    const screen = await term.waitFor((s) => /Sessions +1 session · 1 file/.test(s), 'every run read');
    expect(screen).not.toContain('cannot read');
    expect(screen).not.toMatch(/settings|other/);
    await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });
});

describe.skipIf(!hasTmux)('no file named: the agent sessions of this machine, in tmux at 80x24', () => {
  const projects = fileURLToPath(new URL('../fixtures/agent-sessions/claude-code-log/claude-config', import.meta.url));
  const codex = fileURLToPath(new URL('../fixtures/agent-sessions/ccusage/codex-home', import.meta.url));

  it('lists them, opens a Claude Code session on its turns, comes back, quits cleanly', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mrt-home-'));
    const env = `HOME=${dir} CLAUDE_CONFIG_DIR=${projects} CODEX_HOME=${codex}`;
    term.start(`${env} node ${BIN}; echo "EXIT=$?"; sleep 30`, 80, 24);
    let screen = await term.waitFor((s) => /Sessions +\d+ sessions · \d+ files/.test(s), 'every session read');
    for (const l of screen.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
    expect(screen).toMatch(/codex · project-alpha|codex · session-alpha/);
    await term.key('/', (s) => s.split('\n').at(-2)?.startsWith('/') ?? false, 'the search bar');
    term.send('J', 'S', 'S');
    screen = await term.key('Enter', (s) => /\/JSS \d+\/\d+/.test(s), 'the match kept');
    expect(screen.split('\n').find((l) => l.startsWith('›'))).toMatch(/claude · …?\w*undRecorder /);
    // The run's files load after its screen opens (the subagents' later): wait for them.
    screen = await term.key(
      'Enter',
      (s) => s.includes('[2 Turns]') && s.includes('Esc sessions') && s.includes('Claude Code transcript'),
      'the session, read',
    );
    await term.key('3', (s) => s.includes('[3 Usage]') && s.includes('claude-'), 'its usage');
    await term.key('Escape', (s) => s.includes('sessions ·'), 'back to the list');
    await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });

  it('says where it looked when there is none', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mrt-home-'));
    term.start(`HOME=${dir} CLAUDE_CONFIG_DIR= CODEX_HOME= node ${BIN}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('no agent sessions found on this machine'), 'the empty list');
    await term.key('q', (s) => s.includes('EXIT=0'), 'a clean exit');
  });
});
