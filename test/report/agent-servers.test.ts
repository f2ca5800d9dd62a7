import { describe, expect, it } from 'vitest';
import { ZoneClock } from '../../src/kit/zone-time.js';
import { diffStores } from '../../src/store/diff.js';
import { BUILT_IN, runFigures } from '../../src/store/run-figures.js';
import { serversOf } from '../../src/store/stats.js';
import { mcpServerOf, mcpToolOf } from '../../src/trace/mcp-tool.js';
import { usageData } from '../../src/ui/panes/usage/usage-data.js';
import { usageLines } from '../../src/ui/panes/usage/usage-lines.js';
import { storeOf } from '../helpers/store.js';

describe('an MCP tool’s server, by the name an agent gives the tool', () => {
  it('splits mcp__<server>__<tool> and a plugin’s mcp__plugin_<plugin>_<server>__<tool>', () => {
    expect(mcpServerOf('mcp__github__get_issue')).toBe('github');
    expect(mcpToolOf('mcp__github__get_issue')).toBe('get_issue');
    expect(mcpServerOf('mcp__plugin_acme_db_main__query')).toBe('acme:db_main');
    expect(mcpServerOf('mcp__my-server__a__b')).toBe('my-server');
    expect(mcpToolOf('mcp__my-server__a__b')).toBe('a__b');
    for (const own of ['Bash', 'Read', 'mcp__', 'mcp____x', 'mcp_github__x']) expect(mcpServerOf(own)).toBeNull();
  });
});

/** A Claude Code session that calls two MCP servers' tools and one of its own. */
function session(command = 'ls') {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();
  const base = { sessionId: 's', cwd: '/w/app', gitBranch: 'main' };
  const ask = (n: number, name: string, input: object = {}) => ({
    ...base,
    type: 'assistant',
    timestamp: at(n),
    requestId: `r${n}`,
    message: {
      id: `m${n}`,
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'tool_use', id: `t${n}`, name, input }],
      usage: { input_tokens: 10, output_tokens: 20 },
    },
  });
  const answer = (n: number, error = false) => ({
    ...base,
    type: 'user',
    timestamp: at(n + 1),
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: 'x', is_error: error }] },
  });
  return storeOf([
    ask(0, 'mcp__github__get_issue'),
    answer(0),
    ask(2, 'mcp__github__list_prs'),
    answer(2, true),
    ask(4, 'mcp__plugin_acme_db__query'),
    answer(4),
    ask(6, 'Bash', { command }),
    answer(6),
  ]);
}

describe('an agent session’s calls by MCP server', () => {
  it('report --by server: each call on its server’s row, the session and its tokens on none', () => {
    const store = session();
    const r = runFigures('w/s', [store], { by: ['server'], clock: new ZoneClock('UTC'), since: null, until: null });
    const rows = Object.fromEntries(r.rows.map((x) => [String(x.key.server), x.figures]));
    expect(Object.keys(rows).sort()).toEqual([BUILT_IN, 'acme:db', 'github', 'null'].sort());
    expect(rows.github).toMatchObject({ toolCalls: 2, toolErrors: 1 });
    expect(rows['acme:db']).toMatchObject({ toolCalls: 1, toolErrors: 0 });
    expect(rows[BUILT_IN]).toMatchObject({ toolCalls: 1 });
    expect(rows.null).toMatchObject({ sessions: 1, toolCalls: 0, turns: 4, inputTokens: 40, outputTokens: 80 });
    expect(r.info).toMatchObject({ agent: 'claude-code', project: '/w/app', branch: 'main' });
  });

  it('the Usage pane: a SERVERS table under the tools', () => {
    const store = session();
    expect(serversOf(store.aggregates).map((s) => [s.name, s.tools, s.calls, s.errors])).toEqual([
      ['github', 2, 2, 1],
      ['acme:db', 1, 1, 0],
    ]);
    const text = usageLines(usageData(store), 80, 'calls')
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');
    expect(text).toMatch(/SERVERS the MCP servers of those tools/);
    expect(text).toMatch(/github +2 +1 /);
  });
});

describe('diff of two agent sessions', () => {
  it('reads each tool call’s arguments and result from the agent’s lines', () => {
    const doc = diffStores(session('ls'), session('ls -la'));
    expect(doc.calls.map((c) => [c.status, c.tool])).toEqual([
      ['same', 'mcp__github__get_issue'],
      ['same', 'mcp__github__list_prs'],
      ['same', 'mcp__plugin_acme_db__query'],
      ['changed args', 'Bash'],
    ]);
    expect(JSON.stringify(doc.calls[3])).toContain('ls -la');
  });
});
