import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { PAYLOADS } from '../helpers/hostile-payloads.js';
import { hostileLines } from '../helpers/hostile-suite.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterAll(() => void term.kill());

/** Every payload at once in every field: the escaped lines, then the raw ones (skipped, their reasons shown). */
const ALL = { name: 'every payload', text: PAYLOADS.map((p) => p.text).join(' ') };

/**
 * The real binary on a real terminal: tmux acts on what the app writes. Before the app,
 * the shell sets the title and a clipboard buffer itself (so the test sees that this
 * tmux does act on OSC 2 and OSC 52); after every pane, detail view and help, both are
 * as they were.
 */
describe.skipIf(!hasTmux)('the app in tmux on a trace with every payload in every field', () => {
  it('leaves the pane title and the paste buffers alone, and quits cleanly on q', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrt-hostile-tmux-'));
    const file = join(dir, 'all-fields.jsonl');
    writeFileSync(file, `${[...hostileLines(ALL, 'escaped'), ...hostileLines(ALL, 'raw')].join('\n')}\n`);
    term.start(
      `sleep 0.5; printf '\\033]2;BEFORE-TITLE\\033\\\\\\033]52;c;QkVGT1JF\\007'; MCP_REPLAY_TUI_CACHE_DIR=${dir}/cache node ${BIN} '${file}'; echo "EXIT=$?"; sleep 30`,
      80,
      24,
    );
    term.tmux('set-option', '-g', 'set-clipboard', 'on');
    const title = () => term.tmux('display-message', '-p', '-t', 'e2e', '#{pane_title}').trim();
    const buffers = () => term.tmux('list-buffers', '-F', '#{buffer_sample}').trim();
    // Read whole first: a key before the rows arrive is answered "no rows", not lost, but not this test's.
    await term.waitFor((s) => s.includes('[1 Calls]') && s.includes('ended (exit 0)'), 'the trace read whole');
    expect(title()).toBe('BEFORE-TITLE');
    expect(buffers()).toBe('BEFORE');
    const detail = (s: string) => s.includes('Esc back');
    for (const [pane, name] of [
      ['1', '[1 Calls]'],
      ['2', '[2 Turns]'],
      ['4', '[4 Events]'],
    ] as const) {
      await term.key(pane, (s) => s.includes(name), name);
      await term.key('Enter', detail, `${name} detail`);
      await term.key('G', detail, `${name} detail, bottom`);
      await term.key('Escape', (s) => !detail(s), `${name} again`);
      await term.key('G', (s) => s.includes(name), `${name}, last row`);
      await term.key('Enter', detail, `${name} detail of the last row`);
      await term.key('Escape', (s) => !detail(s), `${name} again`);
    }
    await term.key('3', (s) => s.includes('[3 Usage]'), 'Usage');
    await term.key('G', (s) => s.includes('[3 Usage]'), 'Usage, bottom');
    await term.key('?', (s) => s.includes('Keys'), 'help');
    await term.key('G', (s) => s.includes('Colour is never'), 'help, bottom');
    await term.key('Escape', (s) => !s.includes('Colour is never'), 'Usage again');
    const after = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(after).toContain('EXIT=0');
    expect(title()).toBe('BEFORE-TITLE');
    expect(buffers()).toBe('BEFORE');
  }, 60_000);
});
