import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/kit/values.js';
import { lineFacts } from '../../../src/trace/facts.js';
import { claudeCodeRecord } from '../../../src/trace/formats/agents/claude-code.js';
import { codexRecord } from '../../../src/trace/formats/agents/codex.js';
import { foldGeminiJsonl } from '../../../src/trace/formats/agents/gemini.js';
import { CLAUDE_CODE, CODEX } from '../../../src/trace/formats/format.js';
import { readDocument } from '../../../src/trace/formats/read-document.js';
import { sniffFirstLine } from '../../../src/trace/formats/sniff.js';
import type { LineFacts } from '../../../src/trace/line-facts.js';
import { AGENT_SESSIONS, filesUnder } from '../../helpers/agent-sessions.js';

const facts = (o: object): LineFacts => lineFacts(JSON.stringify(o));
const turnOf = (o: object) => {
  const f = facts(o);
  if (f.kind !== 'turn') throw new Error(`not a turn: ${f.kind}`);
  return f;
};

const claudeLine = {
  parentUuid: 'a',
  sessionId: 's-1',
  cwd: '/home/u/proj',
  gitBranch: 'main',
  type: 'assistant',
  requestId: 'req_1',
  timestamp: '2025-11-17T23:50:10.547Z',
  message: {
    id: 'msg_1',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__github__get_issue', input: { n: 1 } }],
    usage: {
      input_tokens: 10,
      output_tokens: 417,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 16376,
      cache_creation: { ephemeral_5m_input_tokens: 16000, ephemeral_1h_input_tokens: 376 },
    },
  },
};

describe('Claude Code lines', () => {
  it('read an assistant line as a v1 turn counted once per API response, its 1h cache apart', () => {
    const f = turnOf(claudeLine);
    expect(f.t).toBe(Date.parse('2025-11-17T23:50:10.547Z'));
    expect(f.turn).toMatchObject({
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      usage: { input: 10, output: 417, cacheRead: 0, cacheWrite: 16376, cacheWrite1h: 376 },
      toolUses: [{ id: 'toolu_1', name: 'mcp__github__get_issue' }],
      agent: { response: 'msg_1:req_1', part: false, inheritsModel: false },
    });
    expect(f.frame).toEqual({ agent: 'claude-code', cwd: '/home/u/proj', branch: 'main', session: 's-1' });
  });

  it('key a response by its message id alone when no request id is written', () => {
    const { requestId: _, ...line } = claudeLine;
    expect(turnOf(line).turn.agent?.response).toBe('msg_1');
  });

  it('read a user line (text or tool results), a system line, and the agent’s own lines', () => {
    const user = turnOf({ ...claudeLine, type: 'user', message: { role: 'user', content: 'hello' } });
    expect(user.turn).toMatchObject({ role: 'user', usage: null, toolResults: [] });
    const result = turnOf({
      ...claudeLine,
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: 'denied' }],
      },
    });
    expect(result.turn.toolResults).toEqual([{ toolUseId: 'toolu_1', isError: true, text: 'denied' }]);
    const system = turnOf({ ...claudeLine, type: 'system', message: undefined, content: 'limit reached' });
    expect(system.turn).toMatchObject({ role: 'system', agent: { part: true } });
    for (const type of ['summary', 'progress', 'file-history-snapshot', 'queue-operation', 'a-type-from-next-year'])
      expect(facts({ type, sessionId: 's-1', timestamp: claudeLine.timestamp })).toMatchObject({ kind: 'other', type });
  });

  it('name fast mode as a model of its own, and count no placeholder answer as a generation', () => {
    const fast = { ...claudeLine, message: { ...claudeLine.message, usage: { input_tokens: 1, speed: 'fast' } } };
    expect(turnOf(fast).turn.model).toBe('claude-sonnet-4-5-20250929-fast');
    const synthetic = { ...claudeLine, message: { ...claudeLine.message, model: '<synthetic>' } };
    expect(turnOf(synthetic).turn.agent?.part).toBe(true);
  });

  it('read lines with no type but an API message and a time (older transcripts)', () => {
    const line = { timestamp: '2026-01-09T10:00:00.000Z', message: { role: 'assistant', id: 'm', usage: {} } };
    expect(claudeCodeRecord(line)?.kind).toBe('turn');
  });

  it('leave v1, mcp-rec and Codex lines alone', () => {
    const lines: JsonObject[] = [
      { type: 'turn', role: 'user', blocks: [], sessionId: 'x' },
      { type: 'meta', sessionId: 'x' },
      { t: '2026-01-01T00:00:00Z', dir: 'in', raw: {}, message: {} },
      { timestamp: 'x', type: 'response_item', payload: {} },
    ];
    for (const line of lines) expect(claudeCodeRecord(line)).toBeNull();
  });

  it('are known by their first line, whatever its type', () => {
    expect(sniffFirstLine(JSON.stringify({ type: 'summary', summary: 's', leafUuid: 'l' }))).toEqual({
      lines: CLAUDE_CODE,
    });
    expect(sniffFirstLine(JSON.stringify(claudeLine))).toEqual({ lines: CLAUDE_CODE });
  });
});

const codexAt = (type: string, payload: object) => ({ timestamp: '2026-01-02T03:04:05.000Z', type, payload });

describe('Codex lines', () => {
  it('read a token_count as a counted turn, cached input out of input, reasoning part of output', () => {
    const f = turnOf(
      codexAt('event_msg', {
        type: 'token_count',
        info: {
          last_token_usage: {
            input_tokens: 1000,
            cached_input_tokens: 250,
            output_tokens: 125,
            reasoning_output_tokens: 75,
          },
          total_token_usage: { input_tokens: 99_999 },
        },
      }),
    );
    expect(f.turn).toMatchObject({
      role: 'assistant',
      model: null,
      usage: { input: 750, output: 125, cacheRead: 250 },
      thinkingExact: 75,
      agent: { part: false, inheritsModel: true },
    });
  });

  it('take a token_count’s own model when it names one', () => {
    const f = turnOf(codexAt('event_msg', { type: 'token_count', info: { model: 'gpt-5', last_token_usage: {} } }));
    expect(f.turn).toMatchObject({ model: 'gpt-5', agent: { inheritsModel: false } });
  });

  it('read items as turns that count nothing, tool calls paired by call id, a failed command as an error', () => {
    const call = turnOf(
      codexAt('response_item', { type: 'function_call', name: 'shell', arguments: '{"cmd":"ls"}', call_id: 'c1' }),
    );
    expect(call.turn).toMatchObject({
      role: 'assistant',
      agent: { part: true },
      toolUses: [{ id: 'c1', name: 'shell' }],
    });
    const output = JSON.stringify({ output: 'no such file', metadata: { exit_code: 2 } });
    const result = turnOf(codexAt('response_item', { type: 'function_call_output', call_id: 'c1', output }));
    expect(result.turn.toolResults).toEqual([{ toolUseId: 'c1', isError: true, text: output }]);
    const ok = turnOf(codexAt('response_item', { type: 'function_call_output', call_id: 'c1', output: 'fine' }));
    expect(ok.turn.toolResults[0]?.isError).toBe(false);
    expect(turnOf(codexAt('response_item', { type: 'message', role: 'developer', content: [] })).turn.role).toBe(
      'system',
    );
  });

  it('read the session’s meta and context lines as other records that say where it ran and which model', () => {
    expect(facts(codexAt('session_meta', { id: 'abc', cwd: '/w', git: { branch: 'dev' } }))).toMatchObject({
      kind: 'other',
      frame: { agent: 'codex', cwd: '/w', branch: 'dev', session: 'abc' },
    });
    expect(facts(codexAt('turn_context', { model: 'gpt-5-codex' }))).toMatchObject({
      kind: 'other',
      model: 'gpt-5-codex',
    });
    expect(facts(codexAt('event_msg', { type: 'agent_message', message: 'hi' }))).toMatchObject({
      kind: 'other',
      type: 'agent_message',
    });
    expect(codexRecord({ type: 'response_item', payload: {} })).toBeNull();
    expect(sniffFirstLine(JSON.stringify(codexAt('session_meta', {})))).toEqual({ lines: CODEX });
  });
});

describe('Gemini CLI chats', () => {
  const meta = { sessionId: 's', projectHash: 'h', startTime: '2026-01-01T10:00:00.000Z' };
  const user = { id: 'u1', timestamp: '2026-01-01T10:00:01.000Z', type: 'user', content: [{ text: 'read main.go' }] };
  const gemini = {
    id: 'g1',
    timestamp: '2026-01-01T10:00:02.000Z',
    type: 'gemini',
    content: 'reading',
    model: 'gemini-2.5-pro',
  };
  const withTools = {
    ...gemini,
    tokens: { input: 1000, output: 50, cached: 400, thoughts: 20, tool: 5, total: 1075 },
    toolCalls: [
      {
        id: 'c1',
        name: 'read_file',
        args: { path: 'main.go' },
        status: 'error',
        timestamp: '2026-01-01T10:00:05.000Z',
      },
    ],
  };
  const jsonl = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');

  it('fold the JSONL: a message written again replaces itself, $rewindTo takes messages back', () => {
    const c = foldGeminiJsonl(jsonl(meta, user, gemini, { $set: { lastUpdated: 'x' } }, withTools))!;
    expect(c.messages.map((m) => m.id)).toEqual(['u1', 'g1']);
    expect(c.messages[1]).toMatchObject({ toolCalls: [{ id: 'c1' }] });
    expect(c.metadata.lastUpdated).toBe('x');
    expect(foldGeminiJsonl(jsonl(meta, user, gemini, { $rewindTo: 'g1' }))!.messages.map((m) => m.id)).toEqual(['u1']);
    expect(foldGeminiJsonl(jsonl(meta, user, { $rewindTo: 'nowhere' }))!.messages).toEqual([]);
    expect(foldGeminiJsonl(jsonl(user))).toBeNull();
  });

  it('read as v1 lines: usage in the v1 invariant, each tool call answered at its own time', () => {
    const read = readDocument(jsonl(meta, user, withTools), 'tmp/proj/chats/session-1.jsonl');
    if (read === null || 'notTrace' in read) throw new Error('not read');
    const lines = read.lines.flatMap((l) => ('text' in l ? [lineFacts(l.text)] : []));
    expect(lines.map((l) => l.kind)).toEqual(['meta', 'turn', 'turn', 'turn', 'end']);
    expect(lines[0]).toMatchObject({ obj: { label: 'proj', source: 'gemini-cli', kind: 'llm' } });
    expect(lines[2]).toMatchObject({
      turn: {
        model: 'gemini-2.5-pro',
        // input 1000 holds the 400 cached; the tool-use prompt is input too; thoughts are output.
        usage: { input: 605, output: 70, cacheRead: 400 },
        thinkingExact: 20,
        toolUses: [{ id: 'c1', name: 'read_file' }],
      },
    });
    expect(lines[3]).toMatchObject({
      t: Date.parse('2026-01-01T10:00:05.000Z'),
      turn: { role: 'user', toolResults: [{ toolUseId: 'c1', isError: true, text: 'error' }] },
    });
  });

  it('read every real chat whole, JSON and JSONL', () => {
    const files = filesUnder(join(AGENT_SESSIONS, 'agentsview', 'gemini-tmp'), true);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const read = readDocument(readFileSync(file, 'utf8'), file);
      expect(read, file).not.toBeNull();
      expect(read && 'format' in read && read.format.name, file).toBe('Gemini CLI chat');
    }
  });
});
