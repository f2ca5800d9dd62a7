import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { insertedPair } from '../helpers/inserted-call.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const { waitFor, key } = term;

afterEach(() => {
  term.kill();
});

const footer = (s: string) => s.split('\n').filter(Boolean).at(-1) ?? '';

describe.skipIf(!hasTmux)('diff A B of a real trace and the same with one call inserted (tmux, 80x24)', () => {
  it('shows one differing call of 69; ] goes to it, Enter shows it side by side, q exits 1', async () => {
    const pair = insertedPair();
    term.start(`node ${BIN} diff ${pair.a} ${pair.b}; echo "EXIT=$?"; sleep 30`, 80, 24);
    let screen = await waitFor((s) => s.includes('1 of 69 differ') && s.includes('1 of 69'), 'the diff list');
    const lines = screen.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(lines.filter(Boolean).length).toBeLessThanOrEqual(24);
    // What each run counted under the title (two mcp planes: their calls and errors), then the list.
    expect(lines[1]).toMatch(/^ calls 68 → 69 · errors 33 → 33$/);
    // At 80 columns: no line columns; status, tool, the flip and latency, and what differs stay.
    // No call's outcome flipped: OK/ERROR, blank on every row, gives its room to what differs.
    expect(lines[2]).toMatch(/^ {2}A# B# STATUS +TOOL +(LINE B )?LATENCY WHAT DIFFERS/);
    expect(screen).toMatch(/› +1 +1 ═ same +execute +(L\d+ +)?\+0ms/);
    expect(footer(screen)).toMatch(/^\? help .*q quit +1 of 69$/);

    screen = await key(']', (s) => footer(s).endsWith(`${pair.insertedOrdinal} of 69`), '] to the inserted call');
    expect(screen).toMatch(new RegExp(`› +— +${pair.insertedOrdinal} \\+ added in B +${pair.tool}`));
    // The calls after it are the same again, each A call one place earlier in B.
    expect(screen).toMatch(new RegExp(` ${pair.insertedOrdinal} +${pair.insertedOrdinal + 1} ═ same`));

    screen = await key('Enter', (s) => s.includes('── arguments'), 'side by side');
    expect(screen).toMatch(new RegExp(`^B#${pair.insertedOrdinal} \\+ added in B · ${pair.tool}`, 'm'));
    expect(screen).toMatch(/── arguments · no call in A +│── arguments · B line \d+/);
    expect(screen).toContain('added in B: A has no call that matches');
    // B's lines only, each marked +; A's side blank.
    expect(screen).toMatch(/^ +│\+\{$/m);
    expect(screen).not.toMatch(/^-/m);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    screen = await key(']', (s) => footer(s).includes('change 1 of 2'), '] side by side');
    expect(footer(screen)).toMatch(/^\? help .*q quit/);
    await key('Escape', (s) => footer(s).endsWith(`${pair.insertedOrdinal} of 69`), 'the list again');
    screen = await key(']', (s) => s.includes('no difference below this call'), 'no other difference');
    await key('q', (s) => s.includes('EXIT=1'), 'exit 1: they differ');
  });
});

describe.skipIf(!hasTmux)('diff A B of two real runs of the same server (tmux, 80x24)', () => {
  it('side by side wraps a changed code argument: the difference past column 40 shows, marked, and ] lands on it', async () => {
    const run = (stamp: string) => join(REAL_TRACES, `mcp-api-coingecko-com-${stamp}.mcp.jsonl`);
    const [a, b] = [run('2026-08-19T21-52-31-372Z'), run('2026-08-19T23-43-21-646Z')];
    term.start(`node ${BIN} diff ${a} ${b}; echo "EXIT=$?"; sleep 30`, 80, 24);
    await waitFor((s) => footer(s).endsWith('1 of 71'), 'the diff list');
    // ] five times: the removed and two added calls, then two changed code arguments.
    for (const at of [10, 11, 12, 14, 15]) await key(']', (s) => footer(s).endsWith(`${at} of 71`), `] to row ${at}`);
    let screen = await key('Enter', (s) => s.includes('── arguments'), 'side by side');
    expect(screen).toMatch(/^A#13 B#14 ≠ changed args · execute · \+129ms/m);
    // What differs: both code values from just before where they differ.
    expect(screen).toMatch(/^….*\.code: "….*const res = await clien… → "….*const page1 = await cli…$/m);
    // The code is one JSON line; its 2nd row on each side holds the difference (the line's
    // 51st character), where a cut at the side's width hid it.
    expect(screen).toMatch(
      /^- {2}"code": "\\nasync function run\(client│\+ {2}"code": "\\nasync function run\(client$/m,
    );
    expect(screen).toMatch(
      /^-\) \{\\n {2}const res = await client\.ping\.g│\+\) \{\\n {2}const page1 = await client\.coin$/m,
    );
    // B's longer code goes on for rows of its own, each marked +, A's side blank beside them.
    expect(screen).toMatch(/^ {39}│\+t_cap_rank === 137\);\\n {2}return coin;\\n$/m);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    screen = await key(']', (s) => footer(s).endsWith('change 1 of 2'), '] to the first difference');
    // The current difference is the row where the two differ: its - and + shown inverse.
    const marked = term
      .capture(true)
      .split('\n')
      .find((l) => l.includes('const res = await client.ping'));
    expect(marked).toMatch(/\x1b\[7m[^-]*-.*│.*\x1b\[0?;?7m[^+]*\+/);
    await key('q', (s) => s.includes('EXIT=1'), 'exit 1: they differ');
  });
});
