import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
const flag = (name: string) => term.tmux('display-message', '-p', '-t', 'e2e', `#{${name}}`).trim();

/** The binary with a config file of `config` (`--config`), as the shell in the pane runs it. */
function withConfig(config: object): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mrt-config-e2e-')), 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return `node ${BIN} --config ${path}`;
}

describe.skipIf(!hasTmux)('the config file, end to end (tmux, 80x24)', () => {
  it('its keys, theme and flag defaults are in effect from the first frame; flags on the command line win', async () => {
    const app = withConfig({
      keys: { 'list.down': ['x', 'ctrl-n'] },
      theme: 'none',
      utc: true,
      ascii: true,
      mouse: false,
    });
    term.start(`${app} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    let screen = await term.waitFor((s) => s.includes('of 13') && s.includes('ended'), 'the first frame');
    // utc: clock times, and the footer says UTC; ascii: `>` marks the selection; mouse: false.
    expect(screen).toMatch(/^> +14:00:00\.012 > +initialize/m);
    expect(footerOf(screen)).toMatch(/UTC \. 1 of 13$/);
    expect(flag('mouse_any_flag')).toBe('0');
    // theme none: styles (inverse for the selection), no colour.
    const painted = term.tmux('capture-pane', '-p', '-e', '-t', 'e2e');
    expect(painted).not.toMatch(/\x1b\[[0-9;]*3[0-7]m/);
    expect(painted).toMatch(/\x1b\[[0-9;]*7m/);
    screen = await term.key('x', (s) => footerOf(s).endsWith('2 of 13'), 'x, the key of list.down');
    screen = await term.key('C-n', (s) => footerOf(s).endsWith('3 of 13'), 'Ctrl-N, its other key');
    // A refusal is an error: `✗`, in ASCII `x`.
    screen = await term.key('j', (s) => footerOf(s).startsWith('x j: not in Calls'), 'j, no longer bound');
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
    term.kill();

    term.start(`${app} --no-utc --no-ascii --mouse examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    screen = await term.waitFor((s) => s.includes('of 13') && s.includes('ended'), 'the first frame');
    expect(screen).toMatch(/^› +\+0\.012s → +initialize/m);
    expect(flag('mouse_any_flag')).toBe('1');
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
  });

  it('a config that cannot be used: one line naming file, place, field and why, exit 2, no screen', async () => {
    const app = withConfig({ keys: { 'calls.sort': ['j'] } });
    term.start(`${app} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    const screen = await term.waitFor((s) => s.includes('EXIT='), 'the shell');
    // One line, which the 80-column terminal wraps.
    expect(screen.replace(/\n/g, '')).toMatch(
      /mcp-replay-tui: config \S+config\.json:1:10: keys\."calls\.sort": j is also list\.down in Calls/,
    );
    expect(screen).toContain('EXIT=2');
    expect(flag('alternate_on')).toBe('0');
  });
});
