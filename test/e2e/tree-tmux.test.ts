import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { REAL_TRACES } from '../helpers/shared.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
afterEach(() => void term.kill());

const lines = (s: string) => s.split('\n');
/** The body's first line: the cursor's path in jq syntax. */
const pathOf = (s: string) => lines(s)[1]!.trimEnd();
const footer = (s: string) => lines(s).findLast((l) => l.trim() !== '') ?? '';

/**
 * The real binary at 80x24 on a real trace: a call opened as a tree, folded to its
 * parts, moved through, unfolded, a string of JSON opened in place; the path line
 * always there, every line within 80 columns; q quits cleanly.
 */
describe.skipIf(!hasTmux)('the detail view as a tree, in tmux at 80x24 on a real trace', () => {
  it('opens a call, folds, moves with the path shown, opens JSON in a string, quits clean', async () => {
    const file = join(REAL_TRACES, 'learn-microsoft-com-2026-08-19T21-37-57-580Z.mcp.jsonl');
    term.start(`MCP_REPLAY_TUI_CACHE_DIR=$(mktemp -d) node ${BIN} '${file}'; echo "EXIT=$?"; sleep 30`, 80, 24);
    await term.waitFor((s) => s.includes('[1 Calls]') && s.includes('microsoft_docs_search'), 'the calls');
    // The first tools/call: its result's text is a JSON document.
    term.send('/', 'microsoft_docs_search');
    const onIt = (s: string) =>
      lines(s).some((l) => l.startsWith('›') && l.includes('tools/call microsoft_docs_search'));
    await term.waitFor(onIt, 'the search typed');
    await term.key('Enter', (s) => onIt(s) && !footer(s).includes('▏'), 'the first match kept');
    let screen = await term.key('Enter', (s) => pathOf(s) === ' .', 'the tree, at its top');
    expect(screen).toContain('tools/call microsoft_docs_search');
    // The list’s search goes on in the detail view it opened: the tree’s matches are counted.
    expect(footer(screen)).toMatch(/^\? help .*q quit +\/microsoft_docs_sear… 1\/2 · top$/);
    screen = await term.key('z', (s) => s.includes(' response {…}'), 'folded to the parts');
    expect(screen).toMatch(/ request \{…\} \d+ keys/);
    await term.key('j', (s) => pathOf(s) === ' .request', 'j to the request');
    await term.key('j', (s) => pathOf(s) === ' .response', 'j to the response');
    await term.key('Right', (s) => s.includes('›response {  '), '→ unfolds it');
    await term.key('3', (s) => s.includes('"result": {…}'), '3: three levels');
    await term.key('Z', (s) => s.includes('"content": ['), 'Z: everything');
    // Down to content[0].text by the search, then J.
    term.send('/', 'fromjson-never');
    await term.waitFor((s) => footer(s).includes('no match'), 'a search with no match');
    await term.key('Escape', (s) => !footer(s).includes('no match'), 'the search left');
    for (const path of ['.response.t', '.response.dir', '.response.raw', '.response.raw.jsonrpc', '.response.raw.id'])
      await term.key('j', (s) => pathOf(s) === ` ${path}`, path);
    await term.key('j', (s) => pathOf(s) === ' .response.raw.result', 'result');
    await term.key('j', (s) => pathOf(s) === ' .response.raw.result.content', 'content');
    await term.key('j', (s) => pathOf(s) === ' .response.raw.result.content[0]', 'content[0]');
    await term.key('j', (s) => pathOf(s) === ' .response.raw.result.content[0].type', 'type');
    screen = await term.key('j', (s) => pathOf(s) === ' .response.raw.result.content[0].text', 'text');
    expect(screen).toContain('JSON (J opens)');
    screen = await term.key('J', (s) => s.includes('JSON (J closes)'), 'J');
    await term.key('j', (s) => pathOf(s) === ' .response.raw.result.content[0].text | fromjson | .results', 'inside');
    screen = await term.key('h', (s) => s.includes('"results": […]'), 'h folds');
    for (const l of lines(screen)) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines(screen).filter((l) => l !== '').length).toBeLessThanOrEqual(24);
    await term.key('Escape', (s) => s.includes('[1 Calls]') && !s.includes(' request {'), 'back to the calls');
    screen = await term.key('q', (s) => s.includes('EXIT='), 'the shell again');
    expect(screen).toContain('EXIT=0');
  }, 60_000);
});
