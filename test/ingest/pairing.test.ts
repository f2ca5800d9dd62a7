import { describe, expect, it } from 'vitest';
import { Flag } from '../../src/store/codes.js';
import { statsOf } from '../../src/store/stats.js';
import { Status } from '../../src/trace/enums.js';
import { at, storeOf } from '../helpers/store.js';

const req = (ms: number, dir: string, id: unknown, method: string, params?: object) => ({
  t: at(ms),
  dir,
  raw: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) },
});
const res = (ms: number, dir: string, id: unknown, body: object = { result: {} }) => ({
  t: at(ms),
  dir,
  raw: { jsonrpc: '2.0', id, ...body },
});

describe('RPC pairing', () => {
  it('pairs a client request with the next out response, with latency', () => {
    const s = storeOf([req(0, 'in', 1, 'tools/list'), res(120, 'out', 1)]);
    expect(s.pairedRow(0)).toBe(1);
    expect(s.statusOf(0)).toBe(Status.ok);
    expect(s.callLatency(0)).toBe(120);
    expect([...s.rows('calls')]).toEqual([0]);
  });

  it('never lets ids collide across directions: a server→client request pairs with an in response', () => {
    const s = storeOf([
      req(0, 'in', 1, 'tools/call', { name: 'a' }),
      req(10, 'out', 1, 'sampling/createMessage'),
      res(20, 'in', 1),
      res(50, 'out', 1),
    ]);
    expect(s.pairedRow(1)).toBe(2);
    expect(s.has(1, Flag.serverToClient)).toBeTruthy();
    expect(s.pairedRow(0)).toBe(3);
    expect(s.callLatency(0)).toBe(50);
    expect(s.callLatency(1)).toBe(10);
  });

  it('keeps 2 and "2" apart (JSON-RPC ids keep their type)', () => {
    const s = storeOf([req(0, 'in', 2, 'a'), req(1, 'in', '2', 'b'), res(5, 'out', '2'), res(9, 'out', 2)]);
    expect(s.pairedRow(1)).toBe(2);
    expect(s.pairedRow(0)).toBe(3);
  });

  it('splits a batch line into its elements and pairs each', () => {
    const s = storeOf([
      {
        t: at(0),
        dir: 'in',
        raw: [
          { jsonrpc: '2.0', id: 1, method: 'a' },
          { jsonrpc: '2.0', id: 2, method: 'b' },
          { jsonrpc: '2.0', method: 'notifications/x' },
        ],
      },
      {
        t: at(30),
        dir: 'out',
        raw: [
          { jsonrpc: '2.0', id: 2, result: {} },
          { jsonrpc: '2.0', id: 1, result: {} },
        ],
      },
    ]);
    expect(s.count).toBe(5);
    expect([s.lineOf(0), s.lineOf(2), s.lineOf(3)]).toEqual([1, 1, 2]);
    expect(s.pairedRow(0)).toBe(4);
    expect(s.pairedRow(1)).toBe(3);
    expect(s.has(0, Flag.batch)).toBeTruthy();
    expect([...s.rows('calls')]).toEqual([0, 1, 2]);
  });

  it('never pairs event, command or telemetry lines, even with raw.id', () => {
    const s = storeOf([
      req(0, 'in', 7, 'x'),
      { t: at(5), dir: 'event', kind: 'llm.request', raw: { id: 7, result: {} } },
      { t: at(6), dir: 'telemetry', raw: { id: 7, result: {} } },
    ]);
    expect(s.statusOf(0)).toBe(Status.pending);
    expect(s.pairedRow(0)).toBe(-1);
    expect(statsOf(s, 0).session.records).toMatchObject({ message: 1, event: 2 });
  });

  it('keeps latency non-negative when timestamps run backwards', () => {
    const s = storeOf([req(100, 'in', 1, 'x'), res(40, 'out', 1)]);
    expect(s.callLatency(0)).toBe(0);
  });

  it('keeps unanswered requests pending and marks cancelled ones', () => {
    const s = storeOf([
      req(0, 'in', 1, 'tools/call', { name: 'slow' }),
      req(1, 'in', 2, 'tools/call', { name: 'never' }),
      {
        t: at(2),
        dir: 'in',
        raw: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } },
      },
    ]);
    expect(s.statusOf(0)).toBe(Status.cancelled);
    expect(s.statusOf(1)).toBe(Status.pending);
    const tools = statsOf(s, 0).tools;
    expect(tools.map((t) => [t.name, t.calls, t.pending, t.p50Ms])).toEqual([
      ['never', 1, 1, null],
      ['slow', 1, 1, null],
    ]);
  });

  it('answers the oldest pending request first when an id is reused', () => {
    const s = storeOf([req(0, 'in', 1, 'a'), req(10, 'in', 1, 'b'), res(20, 'out', 1), res(40, 'out', 1)]);
    expect([s.pairedRow(0), s.pairedRow(1)]).toEqual([2, 3]);
  });

  it('shows a response with no request as an orphan row', () => {
    const s = storeOf([res(0, 'out', 99, { error: { code: -1, message: 'nope' } })]);
    expect(s.statusOf(0)).toBe(Status.orphan);
    expect(statsOf(s, 0).errors).toEqual([{ t: at(0), source: 'jsonrpc', name: 'id 99', message: 'nope (code -1)' }]);
  });

  it('counts protocol errors and isError results as tool errors, at the request time', () => {
    const s = storeOf([
      req(0, 'in', 1, 'tools/call', { name: 'x' }),
      res(10, 'out', 1, { error: { code: -32602, message: 'bad' } }),
      req(20, 'in', 2, 'tools/call', { name: 'x' }),
      res(25, 'out', 2, { result: { isError: true, content: [{ type: 'text', text: 'disk full' }] } }),
      req(30, 'in', 3, 'resources/read'),
      res(31, 'out', 3, { error: { code: -32002, message: 'not found' } }),
    ]);
    expect(s.statusOf(0)).toBe(Status.error);
    expect(s.statusOf(2)).toBe(Status.isError);
    const doc = statsOf(s, 0);
    expect(doc.tools).toEqual([
      { name: 'x', calls: 2, errors: 2, p50Ms: 5, p95Ms: 10, origin: 'mcp', pending: 0, maxMs: 10 },
    ]);
    expect(doc.errors).toEqual([
      { t: at(0), source: 'tool', name: 'x', message: 'bad (code -32602)' },
      { t: at(20), source: 'tool', name: 'x', message: 'disk full' },
      { t: at(31), source: 'jsonrpc', name: 'resources/read', message: 'not found (code -32002)' },
    ]);
  });

  it('keys pairs by the line source, so two producers in one file do not cross', () => {
    const s = storeOf([
      { ...req(0, 'in', 1, 'x'), source: 'a' },
      { ...res(5, 'out', 1), source: 'b' },
      { ...res(9, 'out', 1), source: 'a' },
    ]);
    expect(s.pairedRow(0)).toBe(2);
  });
});

describe('turn pairing', () => {
  const use = (ms: number, id: string, name: string, extra = {}) => ({
    t: at(ms),
    type: 'turn',
    role: 'assistant',
    model: 'm',
    blocks: [{ type: 'tool_use', id, name, input: {} }],
    ...extra,
  });
  const result = (ms: number, id: string, isError = false) => ({
    t: at(ms),
    type: 'turn',
    role: 'user',
    blocks: [
      {
        type: 'tool_result',
        tool_use_id: id,
        content: [{ type: 'text', text: 'r' }],
        ...(isError ? { is_error: true } : {}),
      },
    ],
  });

  it('pairs a tool_use with a later tool_result, drops echoed resends first, ignores orphans', () => {
    const s = storeOf([
      use(0, 'a', 'Read'),
      use(5, 'a', 'Read', { echoed: true }),
      result(40, 'a', true),
      result(50, 'zzz'),
      use(60, 'b', 'Grep'),
    ]);
    const doc = statsOf(s, 0);
    expect(doc.tools).toEqual([
      { name: 'Grep', calls: 1, errors: 0, p50Ms: null, p95Ms: null, origin: 'turn', pending: 1, maxMs: null },
      { name: 'Read', calls: 1, errors: 1, p50Ms: 40, p95Ms: 40, origin: 'turn', pending: 0, maxMs: 40 },
    ]);
    expect(doc.errors).toEqual([{ t: at(0), source: 'tool', name: 'Read', message: 'r' }]);
  });

  it('does not let a turn close its own tool_use', () => {
    const s = storeOf([
      {
        t: at(0),
        type: 'turn',
        role: 'assistant',
        blocks: [
          { type: 'tool_result', tool_use_id: 'x' },
          { type: 'tool_use', id: 'x', name: 'T' },
        ],
      },
    ]);
    expect(statsOf(s, 0).tools[0]).toMatchObject({ calls: 1, pending: 1 });
  });

  it('marks a name used by both kinds of pair as mixed', () => {
    const s = storeOf([
      { t: at(0), dir: 'in', raw: { id: 1, method: 'tools/call', params: { name: 'Read' } } },
      { t: at(3), dir: 'out', raw: { id: 1, result: {} } },
      use(10, 'a', 'Read'),
      result(20, 'a'),
    ]);
    expect(statsOf(s, 0).tools).toEqual([
      { name: 'Read', calls: 2, errors: 0, p50Ms: 3, p95Ms: 10, origin: 'mixed', pending: 0, maxMs: 10 },
    ]);
  });
});
