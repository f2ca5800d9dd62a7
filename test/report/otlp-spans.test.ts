import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { hrTimeOf, otlpSpanBatches } from '../../src/report/otlp-spans.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { at, storeOf, T0 } from '../helpers/store.js';
import { twoPlanes } from '../helpers/two-planes.js';

const all = (store: TraceStore) => Int32Array.from({ length: store.count }, (_, i) => i);
const spansOf = (store: TraceStore, rows: ArrayLike<number> = all(store), batch?: number) =>
  [...otlpSpanBatches(store, rows, batch)].flat();
const ms = (t: ReadableSpan['startTime']) => t[0] * 1000 + t[1] / 1e6;
const byName = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);

const req = (t: number, id: unknown, method: string, params?: object, dir = 'in') => ({
  t: at(t),
  dir,
  raw: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) },
});
const res = (t: number, id: unknown, body: object, dir = 'out') => ({
  t: at(t),
  dir,
  raw: { jsonrpc: '2.0', id, ...body },
});
const ok = { result: {} };

/** Every kind of call and turn the export has a rule for. */
function fixture(): TraceStore {
  return storeOf([
    { v: 1, type: 'meta', startedAt: at(0), label: 'fx', command: ['x'] },
    req(100, 1, 'initialize'),
    res(200, 1, ok),
    { t: at(250), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    req(300, 2, 'tools/call', { name: 'echo', arguments: { s: 'hi' } }),
    res(350, 2, { result: { content: [{ type: 'text', text: 'hi' }] } }),
    req(400, 3, 'tools/call', { name: 'fail' }),
    res(460, 3, { result: { isError: true, content: [{ type: 'text', text: 'boom' }] } }),
    req(500, 4, 'prompts/get', { name: 'greet' }),
    res(520, 4, { error: { code: -32602, message: 'Invalid params' } }),
    req(600, 'r-5', 'resources/read', { uri: 'file:///a.txt' }),
    req(700, 6, 'tools/call', { name: 'slow' }),
    { t: at(800), dir: 'in', raw: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 6 } } },
    req(900, 7, 'sampling/createMessage', {}, 'out'),
    res(950, 7, ok, 'in'),
    {
      t: at(1000),
      dir: 'in',
      raw: [
        { jsonrpc: '2.0', id: 8, method: 'ping' },
        { jsonrpc: '2.0', id: 9, method: 'tools/list' },
      ],
    },
    {
      t: at(1100),
      dir: 'out',
      raw: [
        { jsonrpc: '2.0', id: 8, result: {} },
        { jsonrpc: '2.0', id: 9, result: { tools: [] } },
      ],
    },
    '{"t":"2026-05-12T23:00:01.200Z","dir":"in","raw":{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}}',
    '{"t":"2026-05-12T23:00:01.300Z","dir":"out","raw":{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":{}}}',
    { t: at(2000), type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'q' }] },
    {
      t: at(3000),
      type: 'turn',
      role: 'assistant',
      model: 'claude-sonnet-5',
      blocks: [{ type: 'text', text: 'a' }],
      usage: {
        input_tokens: 100,
        output_tokens: 20,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 5,
        thinking_tokens: 7,
      },
      timing: { duration_ms: 400, ttft_ms: 120 },
    },
    {
      t: at(3500),
      type: 'turn',
      role: 'assistant',
      model: 'claude-sonnet-5',
      echoed: true,
      blocks: [{ type: 'text', text: 'a' }],
    },
    '{"t":"2026-05-12T23:00:04.000Z","type":"turn","role":"assistant","blocks":[],"usage":{"input_tokens":1e400,"output_tokens":5}}',
    {
      t: at(5000),
      type: 'turn',
      role: 'assistant',
      model: 'm',
      blocks: [],
      usage: { input_tokens: 10, output_tokens: 2, cache_read_input_tokens: -3 },
    },
    { t: at(10_000), type: 'end', reason: 'done', durationMs: 10_000 },
  ]);
}

describe('OTLP spans: one per call, one per counted turn', () => {
  it('a span per request (either way) and per non-echoed assistant turn; none for notifications, user or echoed turns', () => {
    const spans = spansOf(fixture());
    expect(spans.map((s) => s.name)).toEqual([
      'initialize',
      'tools/call echo',
      'tools/call fail',
      'prompts/get greet',
      'resources/read',
      'tools/call slow',
      'sampling/createMessage',
      'ping',
      'tools/list',
      'ping',
      'chat claude-sonnet-5',
      'chat',
      'chat m',
    ]);
    const store = fixture();
    const calls = [...store.aggregates.methods.values()].reduce((n, m) => n + m.calls, 0);
    expect(spans).toHaveLength(calls + store.aggregates.assistantTurns);
  });

  it('kind CLIENT for what the client sent, SERVER for a request the server sent it; turns CLIENT', () => {
    const spans = spansOf(fixture());
    expect(byName(spans, 'sampling/createMessage')[0]!.kind).toBe(SpanKind.SERVER);
    expect(spans.filter((s) => s.kind === SpanKind.SERVER)).toHaveLength(1);
    expect(byName(spans, 'chat m')[0]!.kind).toBe(SpanKind.CLIENT);
  });

  it('MCP attributes: method, tool, prompt, resource, the request id as written, the session', () => {
    const spans = spansOf(fixture());
    const echo = byName(spans, 'tools/call echo')[0]!;
    expect(echo.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.session.id': echo.spanContext().traceId,
      'jsonrpc.request.id': '2',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.call.arguments': '{"s":"hi"}',
    });
    expect(byName(spans, 'prompts/get greet')[0]!.attributes['gen_ai.prompt.name']).toBe('greet');
    expect(byName(spans, 'resources/read')[0]!.attributes).toMatchObject({
      'mcp.resource.uri': 'file:///a.txt',
      'jsonrpc.request.id': 'r-5',
    });
    expect(byName(spans, 'ping').map((s) => s.attributes['jsonrpc.request.id'])).toEqual([
      '8',
      '123456789012345678901234567890',
    ]);
    expect(byName(spans, 'tools/list')[0]!.attributes['jsonrpc.request.id']).toBe('9');
  });

  it('times: request to response; an unanswered call ends at the trace end, status unset, pending', () => {
    const spans = spansOf(fixture());
    const echo = byName(spans, 'tools/call echo')[0]!;
    expect([ms(echo.startTime), ms(echo.endTime)]).toEqual([T0 + 300, T0 + 350]);
    expect(ms(echo.duration)).toBe(50);
    const pending = byName(spans, 'resources/read')[0]!;
    expect([ms(pending.startTime), ms(pending.endTime)]).toEqual([T0 + 600, T0 + 10_000]);
    expect(pending.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(pending.attributes['mcp_replay.pending']).toBe(true);
    const cancelled = byName(spans, 'tools/call slow')[0]!;
    expect(cancelled.attributes).toMatchObject({ 'mcp_replay.pending': true, 'mcp_replay.cancelled': true });
    expect(ms(cancelled.endTime)).toBe(T0 + 10_000);
    expect(spans.filter((s) => s.attributes['mcp_replay.pending'])).toHaveLength(2);
  });

  it('errors: tool_error for isError, the JSON-RPC code otherwise; status ERROR with the message', () => {
    const spans = spansOf(fixture());
    const fail = byName(spans, 'tools/call fail')[0]!;
    expect(fail.attributes['error.type']).toBe('tool_error');
    expect(fail.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
    const prompt = byName(spans, 'prompts/get greet')[0]!;
    expect(prompt.attributes).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
    expect(prompt.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Invalid params' });
    expect(spans.filter((s) => s.attributes['error.type'] !== undefined)).toHaveLength(2);
    expect(spans.filter((s) => s.status.code === SpanStatusCode.ERROR)).toHaveLength(2);
  });

  it('a turn: chat {model}, usage as the GenAI conventions count it, from t − duration to t', () => {
    const turn = byName(spansOf(fixture()), 'chat claude-sonnet-5')[0]!;
    expect(turn.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      // Required by the conventions: the maker of the model's family.
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-5',
      // 100 + 30 cache reads + 5 cache writes: the convention's input includes the cache.
      'gen_ai.usage.input_tokens': 135,
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.usage.cache_read.input_tokens': 30,
      'gen_ai.usage.cache_write.input_tokens': 5,
      'gen_ai.usage.reasoning.output_tokens': 7,
      'gen_ai.response.time_to_first_chunk': 0.12,
    });
    expect([ms(turn.startTime), ms(turn.endTime)]).toEqual([T0 + 2600, T0 + 3000]);
  });

  it('an overflowing or invalid count is left out, with any sum it is part of', () => {
    const spans = spansOf(fixture());
    expect(byName(spans, 'chat')[0]!.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': '_OTHER',
      'gen_ai.usage.output_tokens': 5,
    });
    expect(byName(spans, 'chat m')[0]!.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': '_OTHER',
      'gen_ai.request.model': 'm',
      'gen_ai.usage.output_tokens': 2,
    });
  });

  it('a count up to 2^53 goes through exactly', () => {
    const store = storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        model: 'm',
        blocks: [],
        usage: { input_tokens: 2 ** 53 - 10, output_tokens: 2 ** 53, cache_read_input_tokens: 10 },
      },
    ]);
    expect(spansOf(store)[0]!.attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 2 ** 53,
      'gen_ai.usage.output_tokens': 2 ** 53,
    });
  });
});

describe('OTLP ids: hex, deterministic, one trace per session', () => {
  it('32 and 16 hex digits; the same spans every time; every span of a file in one trace', () => {
    const a = spansOf(fixture());
    const b = spansOf(fixture());
    expect(a.map((s) => s.spanContext())).toEqual(b.map((s) => s.spanContext()));
    for (const s of a) {
      expect(s.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(a.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(new Set(a.map((s) => s.spanContext().spanId)).size).toBe(a.length);
  });

  it('a span id does not depend on what else is exported (a filter, a batch size)', () => {
    const store = fixture();
    const whole = spansOf(store);
    const some = spansOf(store, [4, 5], 1);
    expect(some.map((s) => s.spanContext())).toEqual([byName(whole, 'tools/call echo')[0]!.spanContext()]);
  });

  it('another session (label or start) is another trace', () => {
    const one = (label: string, start: number) =>
      spansOf(
        storeOf([
          { v: 1, type: 'meta', startedAt: at(start), label, command: ['x'] },
          req(100, 1, 'ping'),
          res(200, 1, ok),
        ]),
      )[0]!.spanContext();
    expect(one('a', 0)).toEqual(one('a', 0));
    expect(one('a', 0).traceId).not.toBe(one('b', 0).traceId);
    expect(one('a', 0).traceId).not.toBe(one('a', 1).traceId);
    // The same line in another session is another span.
    expect(one('a', 0).spanId).not.toBe(one('a', 1).spanId);
  });
});

describe('OTLP parents: a tools/call is the child of the turn whose tool_use it became', () => {
  it('two planes opened together: one trace, each linked call under its turn', async () => {
    const store = await twoPlanes();
    const spans = spansOf(store);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    const turns = spans.filter((s) => s.name.startsWith('chat'));
    const calls = spans.filter((s) => s.name === 'tools/call search');
    expect([turns.length, calls.length]).toEqual([2, 2]);
    // Both calls came from the first assistant turn's two tool_uses; the second turn's never reached the wire.
    for (const call of calls) expect(call.parentSpanContext?.spanId).toBe(turns[0]!.spanContext().spanId);
    expect(turns.every((t) => t.parentSpanContext === undefined)).toBe(true);
  });

  it('no parent when the turn is not exported (a filter left it out)', async () => {
    const store = await twoPlanes();
    const mcpOnly = all(store).filter((row) => store.fileOf(row) === 1);
    const spans = spansOf(store, mcpOnly);
    expect(spans.map((s) => s.name)).toEqual(['tools/call search', 'tools/call search']);
    expect(spans.every((s) => s.parentSpanContext === undefined)).toBe(true);
    // The same span ids as in the whole export: sending both never duplicates.
    const whole = spansOf(store).filter((s) => s.name === 'tools/call search');
    expect(spans.map((s) => s.spanContext().spanId)).toEqual(whole.map((s) => s.spanContext().spanId));
  });

  it('a chosen response brings its request', () => {
    const store = fixture();
    const response = all(store).find((row) => store.lineOf(row) === 6)!;
    expect(spansOf(store, [response]).map((s) => s.name)).toEqual(['tools/call echo']);
  });
});

describe('OTLP times', () => {
  it('ms to [s, ns], fractions kept, clamped into what OTLP holds', () => {
    expect(hrTimeOf(1_500.25)).toEqual([1, 500_250_000]);
    expect(hrTimeOf(-5)).toEqual([0, 0]);
    expect(hrTimeOf(Number.NaN)).toEqual([0, 0]);
    const [s] = hrTimeOf(8.64e15);
    expect(BigInt(s) * 1_000_000_000n).toBeLessThan(2n ** 63n);
  });

  it('batches of the asked size, in row order', () => {
    const sizes = [...otlpSpanBatches(fixture(), all(fixture()), 5)].map((b) => b.length);
    expect(sizes).toEqual([5, 5, 3]);
  });
});
