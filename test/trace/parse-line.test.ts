import { describe, expect, it } from 'vitest';
import { absentArgsKey } from '../../src/trace/args-key.js';
import { parseLine } from '../../src/trace/parse-line.js';
import { rpcInfo } from '../../src/trace/rpc.js';
import { turnFacts } from '../../src/trace/turn.js';

describe('parseLine', () => {
  it.each([
    ['{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"x","command":[]}', 'meta'],
    ['{"t":"2026-05-12T23:00:00.123Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}', 'message'],
    ['{"t":"2026-05-12T23:00:01.000Z","type":"turn","role":"user","blocks":[]}', 'turn'],
    ['{"t":"2026-05-12T23:00:30.000Z","type":"end","exitCode":0,"durationMs":30000}', 'end'],
    ['{"t":"2026-05-12T23:00:30.000Z","type":"heartbeat"}', 'other'],
    ['{"hello":"world"}', 'other'],
  ])('%s is a %s record', (line, kind) => {
    expect(parseLine(line).kind).toBe(kind);
  });

  it.each(['event', 'command', 'telemetry', 'somethingNew'])(
    'keeps dir %s as a message-shaped record, never an error',
    (dir) => {
      const p = parseLine(JSON.stringify({ t: '2026-05-12T23:00:00.000Z', dir, raw: { id: 1 } }));
      expect(p.kind).toBe('message');
      expect(p.kind === 'message' && p.dir).toBe(dir === 'somethingNew' ? 'other' : dir);
    },
  );

  it('ignores blank lines but skips, with a reason, what is not a JSON object', () => {
    expect(parseLine('').kind).toBe('blank');
    expect(parseLine('   \t').kind).toBe('blank');
    for (const bad of ['{"t":', 'not json', '[1,2,3]', '42', 'null', '"text"']) {
      const p = parseLine(bad);
      expect(p.kind, bad).toBe('skip');
      expect(p.kind === 'skip' && p.reason.length).toBeGreaterThan(0);
    }
    expect(parseLine('[1,2,3]')).toMatchObject({ reason: 'not a JSON object (an array)' });
  });

  it('opens mcp-rec records: arrows map to in/out and epoch seconds to ms', () => {
    const p = parseLine(
      '{"ts": 1750000001.23, "dir": "client->server", "msg": {"jsonrpc":"2.0","id":1,"method":"tools/list"}}',
    );
    expect(p).toMatchObject({ kind: 'message', dir: 'in', t: 1750000001230, raw: { id: 1, method: 'tools/list' } });
    const q = parseLine('{"ts": 1750000001.45, "dir": "server->client", "msg": {"jsonrpc":"2.0","id":1,"result":{}}}');
    expect(q).toMatchObject({ kind: 'message', dir: 'out' });
    expect(new Date((q as { t: number }).t).toISOString()).toBe('2025-06-15T15:06:41.450Z');
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf->x'])(
    'a dir named like an object property (%s) is an unknown dir, not a function',
    (dir) => {
      const raw = '"raw":{"jsonrpc":"2.0","id":1,"method":"ping"}';
      const p = parseLine(`{"t":"2026-01-01T00:00:00Z","dir":${JSON.stringify(dir)},${raw}}`);
      expect(p).toMatchObject({ kind: 'message', dir: 'other', dirText: dir });
      const q = parseLine(`{"ts":1,"dir":${JSON.stringify(`${dir}->`)},"msg":{"jsonrpc":"2.0","method":"ping"}}`);
      // mcp-rec knows two directions only: any other is a fault of the line, named.
      expect(q).toEqual({
        kind: 'skip',
        reason: `dir is ${JSON.stringify(`${dir}->`)}, not "client->server" or "server->client"`,
      });
    },
  );

  it('takes t from ISO text; a missing or bad t is null, never an error', () => {
    expect(parseLine('{"t":"2026-05-12T23:00:00.123Z","dir":"in","raw":{}}')).toMatchObject({
      t: Date.parse('2026-05-12T23:00:00.123Z'),
    });
    expect(parseLine('{"t":"[REDACTED]","dir":"in","raw":{}}')).toMatchObject({ kind: 'message', t: null });
  });
});

describe('rpcInfo', () => {
  it('tells requests, notifications and responses apart, keeping the id JSON type', () => {
    expect(rpcInfo({ id: 2, method: 'x' })).toMatchObject({ shape: 'request', idKey: 2 });
    expect(rpcInfo({ id: '2', method: 'x' })).toMatchObject({ shape: 'request', idKey: '2' });
    expect(rpcInfo({ method: 'notifications/progress' })).toMatchObject({ shape: 'notification', idKey: null });
    expect(rpcInfo({ id: 2, result: {} })).toMatchObject({ shape: 'response' });
    expect(rpcInfo('just a string')).toMatchObject({ shape: 'invalid' });
  });

  it('reads both error kinds: protocol errors and result.isError', () => {
    expect(rpcInfo({ id: 1, error: { code: -32602, message: 'bad params' } }).protocolError).toBe(
      'bad params (code -32602)',
    );
    expect(
      rpcInfo({
        id: 1,
        result: {
          isError: true,
          content: [
            { type: 'text', text: 'boom' },
            { type: 'text', text: 'again' },
          ],
        },
      }).executionError,
    ).toBe('boom\nagain');
    expect(rpcInfo({ id: 1, result: { isError: true } }).executionError).toBe('tool reported an error');
    expect(rpcInfo({ id: 1, result: { isError: '[REDACTED]' } }).executionError).toBeNull();
  });

  it('names the tool of tools/call, with a fallback', () => {
    expect(rpcInfo({ id: 1, method: 'tools/call', params: { name: 'read_file' } }).toolName).toBe('read_file');
    expect(rpcInfo({ id: 1, method: 'tools/call', params: '[REDACTED]' }).toolName).toBe('(unknown)');
  });
});

describe('turnFacts', () => {
  it('treats [REDACTED] numbers as absent and every field beyond role/blocks as optional', () => {
    const f = turnFacts({
      type: 'turn',
      role: 'assistant',
      blocks: [],
      usage: { input_tokens: '[REDACTED]', output_tokens: 5, cache_read_input_tokens: '[REDACTED]' },
    });
    expect(f.usage).toEqual({ input: 0, output: 5, cacheRead: null, cacheWrite: null, cacheWrite1h: null });
    expect(turnFacts({ type: 'turn', role: 'user', blocks: '[REDACTED]' })).toMatchObject({
      toolUses: [],
      usage: null,
      model: null,
    });
  });

  it('keeps thinking_tokens exact when given, else estimates from thinking text', () => {
    const exact = turnFacts({
      role: 'assistant',
      blocks: [{ type: 'thinking', thinking: 'x'.repeat(400) }],
      usage: { output_tokens: 50, thinking_tokens: 20 },
    });
    expect([exact.thinkingExact, exact.thinkingEstimated]).toEqual([20, null]);
    const est = turnFacts({
      role: 'assistant',
      blocks: [{ type: 'thinking', thinking: 'x'.repeat(10) }],
      usage: { output_tokens: 50 },
    });
    expect([est.thinkingExact, est.thinkingEstimated]).toEqual([null, 3]);
    const tiny = turnFacts({ role: 'assistant', blocks: [{ type: 'thinking', thinking: 'x' }] });
    expect(tiny.thinkingEstimated).toBe(1);
    const empty = turnFacts({ role: 'assistant', blocks: [{ type: 'thinking', thinking: '', signature: 'abc' }] });
    expect(empty.thinkingEstimated).toBeNull();
  });

  it('never fails on unknown or invalid blocks', () => {
    const f = turnFacts({
      role: 'assistant',
      blocks: [
        { type: 'history_elided', count: 2 },
        { type: 'image' },
        'junk',
        { type: 'tool_use', id: 'x', name: 'T' },
      ],
    });
    // No `input`: keyed as `null` (4 bytes), as an absent argument always is.
    expect(f.toolUses).toEqual([{ id: 'x', name: 'T', argsKey: absentArgsKey().key, argsSize: 4 }]);
  });
});

describe('isoMs', () => {
  it('reads the usual shape by hand exactly as Date.parse does, and falls back for others', async () => {
    const { isoMs } = await import('../../src/kit/values.js');
    for (const t of [
      '2026-05-12T23:00:00.123Z',
      '1999-12-31T23:59:59.999Z',
      '2024-02-29T00:00:00.000Z',
      '2026-05-12T23:00:00Z',
      '2026-05-12T23:00:00.123+02:00',
      '2026-05-12',
    ])
      expect(isoMs(t), t).toBe(Date.parse(t));
    expect(isoMs('2026-13-12T23:00:00.123Z')).toBeNull();
    expect(isoMs('2026-05-12T2x:00:00.123Z')).toBeNull();
    expect(isoMs('[REDACTED]')).toBeNull();
  });
});
