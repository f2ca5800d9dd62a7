import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

const firstFrame = (s: string) => s.includes('[1 Calls]') && s.includes('of 13') && s.includes('ended');
const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
const selectedOf = (screen: string) => screen.split('\n').find((l) => l.startsWith('›')) ?? '';

/**
 * What a terminal sends in SGR mouse mode, typed into the pane as it is (tmux's own
 * `send-keys -M` only forwards a mouse event tmux itself received): `ESC [ < b ; x ; y M`,
 * cells from 1.
 */
const sgr = (button: number, x: number, y: number, final = 'M') => `\x1b[<${button};${x + 1};${y + 1}${final}`;
const click = (x: number, y: number) => term.tmux('send-keys', '-t', 'e2e', '-l', sgr(0, x, y) + sgr(0, x, y, 'm'));
const wheel = (down: boolean, x: number, y: number) =>
  term.tmux('send-keys', '-t', 'e2e', '-l', sgr(down ? 65 : 64, x, y));

describe.skipIf(!hasTmux)('the mouse, end to end (tmux, 80x24)', () => {
  it('a click selects a row, the wheel scrolls, a click on a tab switches pane; none of it reads as keys', async () => {
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    await term.waitFor(firstFrame, 'the first frame');
    click(30, 4);
    let screen = await term.waitFor((s) => footerOf(s).endsWith('4 of 13'), 'the clicked row');
    expect(selectedOf(screen)).toContain('tools/call search_files');
    wheel(true, 30, 10);
    wheel(true, 30, 10);
    screen = await term.waitFor((s) => footerOf(s).endsWith('10 of 13'), 'two notches down');
    wheel(false, 30, 10);
    await term.waitFor((s) => footerOf(s).endsWith('7 of 13'), 'a notch up');
    // A click on the selected row opens it; the wheel moves the detail view's cursor three
    // nodes (the request part, its "t", its "dir").
    click(30, 7);
    await term.waitFor((s) => s.includes(' request {') && footerOf(s).endsWith('top'), 'the detail view');
    wheel(true, 30, 10);
    screen = await term.waitFor((s) => footerOf(s).endsWith('key 2 of 3'), 'the detail view moved');
    expect(selectedOf(screen)).toContain('"dir"');
    // `[1 Calls] 2  3  4  5 `: column 15 is the tab of Events.
    click(15, 0);
    screen = await term.waitFor((s) => s.includes('[4 Events]'), 'Events');
    // No byte of a report was read as a key: no "not in" message, no pane or problem jump by its digits.
    expect(footerOf(screen)).toMatch(/^\? help/);
    click(20, 3);
    screen = await term.waitFor((s) => footerOf(s).endsWith('3 of 36'), 'the row in Events');
    expect(selectedOf(screen)).toMatch(/L3 /);
    await term.key('q', (s) => s.includes('EXIT=0'), 'quit');
    expect(term.tmux('display-message', '-p', '-t', 'e2e', '#{mouse_any_flag}').trim()).toBe('0');
  });

  it('Escape and a key typed right after it stay two keys (an ESC is held for a report that may follow)', async () => {
    term.start(`node ${BIN} examples/demo.jsonl; echo "EXIT=$?"; sleep 30`);
    await term.waitFor(firstFrame, 'the first frame');
    for (let round = 0; round < 5; round++) {
      await term.key('Enter', (s) => s.includes(' request {'), 'the detail view');
      // Milliseconds apart, within the hold: read together they would be Alt-2.
      term.send('Escape');
      term.send('2');
      await term.waitFor((s) => s.includes('[2 Turns]') && !s.includes(' request {'), `Esc, then 2 (round ${round})`);
      await term.key('1', (s) => s.includes('[1 Calls]'), 'Calls');
    }
    term.send('Escape');
    term.send('q');
    await term.waitFor((s) => s.includes('EXIT=0'), 'Esc, then q');
  });
});
