import { describe, expect, it } from 'vitest';
import { aggregateRows } from '../../src/store/aggregates.js';
import { modelsOf } from '../../src/store/stats.js';
import { toolCosts } from '../../src/store/tool-costs.js';
import type { TraceStore } from '../../src/store/trace-store.js';
import { lineFacts } from '../../src/trace/facts.js';
import { type Tape, TapeReader, TapeWriter } from '../../src/trace/facts-tape.js';
import { plain, storeOf } from '../helpers/store.js';

/** One line of a Claude Code API response: a content block, with the usage as written on that copy. */
const copy = (id: string, output: number, block: object, t = '2026-01-01T10:00:00.000Z') => ({
  type: 'assistant',
  sessionId: 's',
  cwd: '/w/proj',
  requestId: `req-${id}`,
  timestamp: t,
  message: {
    id,
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [block],
    usage: { input_tokens: 10, output_tokens: output, cache_read_input_tokens: 100, cache_creation_input_tokens: 50 },
  },
});
const text = (s: string) => ({ type: 'text', text: s });
const use = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: 'a' } });
const result = (id: string) => ({
  type: 'user',
  sessionId: 's',
  timestamp: '2026-01-01T10:00:03.000Z',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] },
});

const model = (store: TraceStore) => modelsOf(store.aggregates, store.prices)!.perModel[0]!;

describe('a Claude Code API response written as several lines', () => {
  // Newer Claude Code: the output count grows from copy to copy, the last one final.
  const lines = [copy('m1', 1, text('thinking it over')), copy('m1', 200, use('t1')), copy('m1', 417, use('t2'))];

  it('counts once, with the largest usage of its copies, whatever order they come in', () => {
    for (const order of [lines, [...lines].reverse(), [lines[1]!, lines[0]!, lines[2]!]]) {
      const m = model(storeOf(order));
      expect(m).toMatchObject({ calls: 1, inputTokens: 10, outputTokens: 417, cacheReadTokens: 100 });
      expect(m.cacheCreationTokens).toBe(50);
    }
  });

  it('costs what its final usage costs', () => {
    const once = storeOf([lines[2]!]);
    expect(model(storeOf(lines)).estCostUsd).toBe(model(once).estCostUsd);
  });

  it('pairs every copy’s tool_use with its result, each copy a turn of the Turns list', () => {
    const store = storeOf([...lines, result('t1'), result('t2')]);
    expect(store.rows('turns').length).toBe(5);
    expect([...store.aggregates.tools.get('Read')!.turn.latencies.view()]).toEqual([3000, 3000]);
  });

  it('gives a filter over all rows the store’s own figures', () => {
    const store = storeOf([...lines, copy('m2', 30, text('done'), '2026-01-01T10:01:00.000Z')]);
    const all = Array.from({ length: store.count }, (_, i) => i);
    expect(plain(aggregateRows(store, all).models)).toEqual(plain(store.aggregates.models));
    expect(model(store)).toMatchObject({ calls: 2, outputTokens: 447 });
  });

  it('reads the same from a facts tape (the parallel index) as from its lines', () => {
    const texts = [...lines, result('t1')].map((l) => JSON.stringify(l));
    const writer = new TapeWriter();
    texts.forEach((t, i) => {
      writer.line(i, i, t.length, lineFacts(t));
    });
    const tape: Tape = writer.finish();
    const back: unknown[] = [];
    new TapeReader(tape).read((_i, _o, _l, f) => back.push(structuredClone(f)), Infinity);
    expect(back).toEqual(texts.map((t) => lineFacts(t)));
  });

  it('says where the session ran, as a meta line would', () => {
    expect(storeOf(lines).files[0]!.meta).toMatchObject({
      label: 'proj',
      kind: 'llm',
      source: 'claude-code',
      cwd: '/w/proj',
      sessionId: 's',
      startedAt: '2026-01-01T10:00:00.000Z',
    });
  });
});

describe('a Codex session', () => {
  const at = (type: string, payload: object) => ({ timestamp: '2026-05-13T09:00:00.000Z', type, payload });
  const usage = { input_tokens: 1000, cached_input_tokens: 250, output_tokens: 125, reasoning_output_tokens: 75 };
  it('puts each token_count on the model its turn_context named, and counts its items as no generation', () => {
    const store = storeOf([
      at('turn_context', { model: 'gpt-5.2-codex' }),
      at('response_item', { type: 'reasoning', summary: [] }),
      at('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c' }),
      at('response_item', { type: 'function_call_output', call_id: 'c', output: 'ok' }),
      at('event_msg', { type: 'token_count', info: { last_token_usage: usage } }),
      at('turn_context', { model: 'gpt-5.3-codex' }),
      at('event_msg', { type: 'token_count', info: { last_token_usage: usage } }),
    ]);
    const models = modelsOf(store.aggregates, store.prices)!.perModel;
    expect(models.map((m) => [m.model, m.calls, m.inputTokens, m.cacheReadTokens])).toEqual([
      ['gpt-5.2-codex', 1, 750, 250],
      ['gpt-5.3-codex', 1, 750, 250],
    ]);
  });
});

describe('cost per tool in an agent session: a tool_use pays its share of its whole generation', () => {
  const use2 = (id: string, name: string, path: string) => ({ type: 'tool_use', id, name, input: { file_path: path } });
  const costOf = (store: TraceStore) =>
    Object.fromEntries(toolCosts(store).map((c) => [c.name, [c.attributedCalls, c.outputTokens, c.costUsd]]));

  it('Claude Code: the tool_uses on later copies of a response share its final output and cost', () => {
    // The first copy (thinking) counts 1 output token, the last 417: the response is 417.
    const lines = [
      copy('m1', 1, text('thinking it over')),
      copy('m1', 200, use2('t1', 'Read', 'a')),
      copy('m1', 417, use2('t2', 'Grep', 'a')),
      result('t1'),
      result('t2'),
    ];
    const store = storeOf(lines);
    const costs = costOf(store);
    // Arguments of the same size: an equal split, adding up to the response exactly.
    expect(costs.Read![1]! + costs.Grep![1]!).toBe(417);
    expect(Math.abs(costs.Read![1]! - costs.Grep![1]!)).toBeLessThanOrEqual(1);
    const whole = model(store).estCostUsd!;
    expect(costs.Read![2]! + costs.Grep![2]!).toBeCloseTo(whole, 9);
  });

  it('Claude Code: two responses charge their own tool_uses only', () => {
    const store = storeOf([
      copy('m1', 10, use2('t1', 'Read', 'a')),
      copy('m2', 90, text('next')),
      copy('m2', 90, use2('t2', 'Grep', 'a')),
    ]);
    const costs = costOf(store);
    expect(costs.Read![1]).toBe(10);
    expect(costs.Grep![1]).toBe(90);
  });

  it('Codex: the calls before a token_count pay its usage', () => {
    const at = (type: string, payload: object) => ({ timestamp: '2026-05-13T09:00:00.000Z', type, payload });
    const last = (output: number) => ({ input_tokens: 1000, cached_input_tokens: 0, output_tokens: output });
    const store = storeOf([
      at('turn_context', { model: 'gpt-5.2-codex' }),
      at('response_item', { type: 'reasoning', summary: [] }),
      at('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
      at('response_item', { type: 'function_call_output', call_id: 'c1', output: 'ok' }),
      at('event_msg', { type: 'token_count', info: { last_token_usage: last(125) } }),
      at('response_item', { type: 'function_call', name: 'apply_patch', arguments: '{}', call_id: 'c2' }),
      at('event_msg', { type: 'token_count', info: { last_token_usage: last(40) } }),
    ]);
    const costs = costOf(store);
    expect(costs.shell!.slice(0, 2)).toEqual([1, 125]);
    expect(costs.apply_patch!.slice(0, 2)).toEqual([1, 40]);
  });
});
