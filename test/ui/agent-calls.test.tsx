import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyColorEnv } from '../../src/ui/theme.js';
import { claudeLine, claudeStore } from '../helpers/claude-lines.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';
import { at } from '../helpers/store.js';

beforeAll(() => applyColorEnv({ NO_COLOR: '1' }));

let app: Awaited<ReturnType<typeof renderApp>> | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** Three tool calls: Bash answered in 1.5 s, an MCP tool that failed, a Read still pending. */
const TRANSCRIPT = [
  { type: 'user', sessionId: 's1', uuid: 'u0', timestamp: at(0), message: { role: 'user', content: 'go' } },
  claudeLine(1000, 'assistant', { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls -la' } }, 'm1'),
  claudeLine(2500, 'user', { type: 'tool_result', tool_use_id: 't1', content: 'a b c' }, ''),
  claudeLine(
    3000,
    'assistant',
    { type: 'tool_use', id: 't2', name: 'mcp__github__get_issue', input: { issue: 33 } },
    'm2',
  ),
  claudeLine(3200, 'user', { type: 'tool_result', tool_use_id: 't2', content: 'Not Found', is_error: true }, ''),
  claudeLine(4000, 'assistant', { type: 'text', text: 'reading now' }, 'm3'),
  claudeLine(4100, 'assistant', { type: 'tool_use', id: 't3', name: 'Read', input: { file_path: 'x.ts' } }, 'm3'),
];

const transcriptStore = () => claudeStore(TRANSCRIPT);

const rowWith = (frame: string, text: string) => frame.split('\n').find((l) => l.includes(text)) ?? '';

describe("an agent transcript's tool calls in Calls", () => {
  it('lists each tool_use with its tool, status and latency; an MCP tool by its server and tool', async () => {
    app = await renderApp({ store: transcriptStore(), columns: 80, rows: 24 });
    // A conversation opens on Turns, as with no call.
    expect(app.frame().split('\n')[0]).toContain('[2 Turns]');
    await app.press('pane.calls');
    const frame = app.frame();
    expect(rowWith(frame, 'Bash')).toMatch(/tool_use +Bash .*✓ ok +1\.50s/);
    expect(rowWith(frame, 'get_issue')).toMatch(/github +get_issue +Not Found.*✗ isError +200ms/);
    expect(rowWith(frame, 'Read')).toMatch(/tool_use +Read .*… pending/);
    // The turn of text asks for no tool: not a call.
    expect(frame).not.toContain('reading now');
  });

  it('shows the arguments where the pane is wide', async () => {
    app = await renderApp({ store: transcriptStore(), columns: 140, rows: 24 });
    await app.press('pane.calls');
    expect(rowWith(app.frame(), 'Bash')).toContain('{"command":"ls -la"}');
  });

  it('a filter keeps the calls it names; ] goes to the failed one', async () => {
    app = await renderApp({ store: transcriptStore(), columns: 80, rows: 24 });
    await app.press('pane.calls');
    await app.press('filter.open');
    await app.type('status:error\r');
    let frame = await waitForFrame(app.frame, (f) => !f.includes('Bash'));
    expect(frame).toContain('get_issue');
    await app.press('filter.clear');
    frame = await waitForFrame(app.frame, (f) => f.includes('Bash'));
    await app.press('list.nextProblem');
    expect(rowWith(app.frame(), '›')).toContain('get_issue');
  });

  it('Enter opens the call: its tool_use and its tool_result; l goes to the turn that asked', async () => {
    app = await renderApp({ store: transcriptStore(), columns: 80, rows: 24 });
    await app.press('pane.calls');
    await app.press('list.down');
    await app.press('list.open');
    const frame = app.frame();
    expect(frame).toMatch(/github get_issue · ✗ isError · 200ms/);
    expect(frame).toContain('error: Not Found');
    await app.press('detail.close');
    await app.press('link.jump');
    const turns = app.frame();
    expect(turns).toMatch(/Turns/);
    expect(rowWith(turns, '›')).toMatch(/assistant/);
    // l again comes back to the call.
    await app.press('link.jump');
    expect(rowWith(app.frame(), '›')).toContain('get_issue');
  });

  it('Usage → Enter on a tool row lands on that tool’s calls', async () => {
    app = await renderApp({ store: transcriptStore(), columns: 80, rows: 24 });
    await app.press('pane.usage');
    // Down to the Bash row (after the models), then Enter.
    for (let i = 0; i < 12 && !rowWith(app.frame(), '›').includes('Bash'); i++) await app.press('list.down');
    expect(rowWith(app.frame(), '›')).toContain('Bash');
    await app.press('usage.apply');
    const calls = app.frame();
    expect(calls).toContain('tool:Bash');
    expect(rowWith(calls, 'tool_use')).toMatch(/tool_use +Bash .*✓ ok/);
    expect(calls).not.toContain('get_issue');
  });
});
