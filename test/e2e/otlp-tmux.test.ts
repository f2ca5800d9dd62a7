import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN, run } from '../helpers/cli.js';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.js';

const term = tmuxTerminal();
const { waitFor, key } = term;
const dir = mkdtempSync(join(tmpdir(), 'otlp-tmux-'));

afterEach(() => term.kill());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const footer = (s: string) => s.split('\n').filter(Boolean).at(-1) ?? '';

describe.skipIf(!hasTmux)('the binary both ways: --export-otlp, then the file opened (tmux, 80x24)', () => {
  it('the spans of a run show as its calls and model turns, a span’s detail, and q quits', async () => {
    const spans = join(dir, 'spans.json');
    const planes = ['test/fixtures/two-planes/mcp.jsonl', 'test/fixtures/two-planes/agent.jsonl'];
    expect(run([...planes, '--export-otlp', spans]).code).toBe(0);
    term.start(`node ${BIN} ${spans}; echo "EXIT=$?"; sleep 30`, 80, 24);
    let screen = await waitFor((s) => s.includes('OTLP/JSON traces') && s.includes('tools/call search'), 'the calls');
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(screen.split('\n')[0]).toMatch(/run-1 .*OTLP\/JSON traces/);
    expect(screen.match(/tools\/call search/g)).toHaveLength(2);
    screen = await key('3', (s) => s.includes('MODELS'), 'the Usage pane');
    expect(screen).toMatch(/claude-sonnet-5 +2 +300 +30 /);
    screen = await key('1', (s) => footer(s).includes('1 of 2'), 'back to the calls');
    screen = await key('Enter', (s) => s.includes('"otlp"'), 'the detail of a call');
    // The span it came from, and the turn that asked for it (its parent) as the record's corr_id.
    expect(screen).toContain('"name": "tools/call search"');
    const parent = /"parentSpanId": "([0-9a-f]{16})"/.exec(screen)?.[1];
    expect(screen).toContain(`"corr_id": "${parent}"`);
    // The span's own fields follow its arguments, below the first screen.
    await key('G', (s) => s.includes('"durationMs": 400'), "the span's duration");
    await key('q', (s) => s.includes('EXIT=0'), 'q quits');
  });
});
