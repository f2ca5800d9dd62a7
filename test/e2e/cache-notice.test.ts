import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pastRacyWindow, writeBigTrace } from '../helpers/cache.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

let term: ReturnType<typeof tmuxTerminal> | null = null;
afterEach(() => {
  term?.kill();
  term = null;
});

describe.skipIf(!hasTmux)('the app with a cache directory it cannot make (tmux)', () => {
  it('says so once in the footer, shows the trace, and quits with q', async () => {
    const path = writeBigTrace(mkdtempSync(join(tmpdir(), 'mrt-cache-tmux-')));
    await pastRacyWindow();
    term = tmuxTerminal();
    term.start(
      `MCP_REPLAY_TUI_CACHE_DIR=/proc/nope node bin/mcp-replay-tui.js ${path}; echo EXIT=$?; sleep 30`,
      120,
      30,
    );
    const screen = await term.waitFor((s) => s.includes('index cache off'), 'the notice');
    expect(screen).toContain('index cache off: cannot create /proc/nope: no such directory');
    expect(screen).toMatch(/tools\/call|read_file/);
    await term.key('q', (s) => s.includes('EXIT='), 'the exit');
    expect(term.capture()).toContain('EXIT=0');
  });

  it('a filter history that is a link to /dev/zero: the app draws at once, says so once, and q quits', async () => {
    const state = mkdtempSync(join(tmpdir(), 'mrt-state-tmux-'));
    symlinkSync('/dev/zero', join(state, 'filter-history'));
    term = tmuxTerminal();
    term.start(
      `MCP_REPLAY_TUI_STATE_DIR=${state} node bin/mcp-replay-tui.js examples/demo.jsonl; echo EXIT=$?; sleep 30`,
      80,
      24,
    );
    const screen = await term.waitFor(
      (s) => s.includes('filter history not read') && s.includes('tools/call'),
      'the notice and the trace',
    );
    expect(screen).toMatch(/filter history not read: .*filter-history is a device/);
    await term.key('q', (s) => s.includes('EXIT='), 'the exit');
    expect(term.capture()).toContain('EXIT=0');
  });
});
