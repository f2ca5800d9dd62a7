/** Traces that once crashed the app or bent its numbers (issue 15, "no crash, whatever the input"). */

const meta = { v: 1, type: 'meta', startedAt: '2026-05-12T23:00:00.000Z', label: 'hostile', kind: 'llm' };
const call = (id: number, name: string, t: string) => ({
  t,
  dir: 'in',
  raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
});
const reply = (id: number, t: string) => ({
  t,
  dir: 'out',
  raw: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } },
});
const turn = (t: string, usage: object, model = 'claude-sonnet-4-5') => ({
  t,
  type: 'turn',
  role: 'assistant',
  model,
  blocks: [{ type: 'text', text: 'hi' }],
  usage,
  timing: { duration_ms: 1200 },
});

/** Responses at the end of the date range and past it, in an otherwise ordinary trace. */
export const FAR_TIMES: object[] = [
  meta,
  call(1, 'read_file', '2026-05-12T23:00:01.000Z'),
  reply(1, '2026-05-12T23:00:01.250Z'),
  call(2, 'read_file', '2026-05-12T23:00:02.000Z'),
  reply(2, '9999-12-31T23:59:59.999Z'),
  call(3, 'write_file', '2026-05-12T23:00:03.000Z'),
  reply(3, '+275760-09-13T00:00:00Z'),
  turn('2026-05-12T23:00:04.000Z', { input_tokens: 100, output_tokens: 20 }),
  turn('9999-12-31T23:59:59.999Z', { input_tokens: 7, output_tokens: 3 }),
  turn('+275760-09-13T00:00:00Z', { input_tokens: 5, output_tokens: 1 }),
  // Past the date range (unparsable as a Date): no time at all.
  turn('+275761-01-01T00:00:00Z', { input_tokens: 1, output_tokens: 1 }),
  { type: 'end', t: '9999-12-31T23:59:59.999Z', reason: 'done' },
];

/** An mcp-rec trace whose epoch seconds no Date can hold. */
export const EPOCH_OVERFLOW: object[] = [
  {
    ts: 1778626800,
    dir: 'client->server',
    msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } },
  },
  { ts: 1e300, dir: 'server->client', msg: { jsonrpc: '2.0', id: 1, result: {} } },
  {
    ts: 1778626801,
    dir: 'client->server',
    msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'b' } },
  },
  { ts: 1778626802, dir: 'server->client', msg: { jsonrpc: '2.0', id: 2, result: {} } },
];

/** Token counts no double holds exactly (1e308), beside an ordinary turn. */
export const HUGE_COUNTS: object[] = [
  meta,
  turn('2026-05-12T23:00:01.000Z', { input_tokens: 1000, output_tokens: 200 }),
  turn('2026-05-12T23:00:02.000Z', { input_tokens: 1e308, output_tokens: 1e308, cache_read_input_tokens: 1e308 }),
  turn('2026-05-12T23:00:03.000Z', { input_tokens: 2 ** 60, output_tokens: 5 }, 'gpt-4o'),
  { type: 'end', t: '2026-05-12T23:00:04.000Z', reason: 'done' },
];

/** Tool names that once overflowed the stack in text truncation. */
export const WIDE_NAMES: object[] = [
  meta,
  call(1, '\u200b'.repeat(2000), '2026-05-12T23:00:01.000Z'),
  reply(1, '2026-05-12T23:00:01.100Z'),
  call(2, `a${'\u0301'.repeat(2000)}`, '2026-05-12T23:00:02.000Z'),
  reply(2, '2026-05-12T23:00:02.100Z'),
  call(3, '日本語'.repeat(700), '2026-05-12T23:00:03.000Z'),
  reply(3, '2026-05-12T23:00:03.100Z'),
];

/** Session fields (label, kind, producer, start, end reason) of 2,000 wide characters: summary's heading once ran on for 4,000 cells. */
const WIDE = '日本語'.repeat(700);
export const WIDE_SESSION: object[] = [
  {
    v: 1,
    type: 'meta',
    startedAt: WIDE,
    label: WIDE,
    kind: WIDE,
    source: WIDE,
    producer: { name: WIDE, version: WIDE },
  },
  call(1, 'read_file', '2026-05-12T23:00:01.000Z'),
  reply(1, '2026-05-12T23:00:01.100Z'),
  { type: 'end', t: '2026-05-12T23:00:02.000Z', reason: WIDE },
];

export const jsonl = (lines: object[]): string => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
