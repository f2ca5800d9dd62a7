import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => {
  term.kill();
});

const firstFrame = (s: string) => s.includes('[1 Calls]') && s.includes('of 13') && s.includes('ended');
const rowOf = (screen: string, text: string) => screen.split('\n').find((l) => l.includes(text)) ?? '';
const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';

describe.skipIf(!hasTmux)('the width of the terminal (tmux)', () => {
  it('at 120 columns Calls shows each request\u2019s arguments; at 80 it does not, and the footer keeps ? help and q quit', async () => {
    term.start(`node ${BIN} examples/demo.jsonl`, 120, 24);
    const wide = await term.waitFor(firstFrame, 'the first frame');
    // (The demo's failed calls take a column of their own for their errors, out of this room.)
    expect(rowOf(wide, 'search_files')).toMatch(
      /tools\/call search_files +\{"path":"\/home\/me\/project","patt… +✓ ok +230ms$/,
    );
    expect(rowOf(wide, '+0.012s')).toMatch(/initialize +\{"protocolVersion":"2025-06-18",.*… +✓ ok +84ms$/);
    // The failed calls' errors in their own column.
    expect(rowOf(wide, 'write_file')).toMatch(/\{"path".*… EACCES: permission denied.*✗ isError +160ms$/);
    expect(wide.split('\n').every((l) => l.length <= 120)).toBe(true);
    term.kill();

    term.start(`node ${BIN} examples/demo.jsonl`, 80, 24);
    const narrow = await term.waitFor(firstFrame, 'the first frame');
    expect(narrow).not.toContain('{"path"');
    for (const pane of ['1', '2', '3', '4']) {
      const screen = await term.key(pane, (s) => s.includes(`[${pane} `), `pane ${pane}`);
      expect(footerOf(screen), `pane ${pane}`).toMatch(/^\? help .* q quit/);
    }
    // With a mark (its hint joins the footer where there is room), still.
    await term.key('1', (s) => s.includes('[1 Calls]'), 'Calls');
    await term.key('m', (s) => rowOf(s, 'initialize').startsWith('›◆'), 'the mark');
    await term.key('j', (s) => footerOf(s).startsWith('?'), 'the hints again');
    expect(footerOf(term.capture())).toMatch(/^\? help .* q quit/);
  });
});
