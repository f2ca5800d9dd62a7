import { describe, expect, it } from 'vitest';
import { lineFacts } from '../../src/trace/facts.js';
import { cleanLabel, commandLabel, urlLabel } from '../../src/trace/record/label.js';
import { RECORD_SOURCE, RecordLines } from '../../src/trace/record/lines.js';
import { compilePatterns, REDACTED } from '../../src/trace/record/redact.js';
import { Validator } from '../../src/trace/validate.js';

const START = Date.parse('2026-05-12T23:00:00.000Z');

function validate(lines: string[]) {
  const v = new Validator();
  for (const [i, l] of lines.entries()) v.push(l, i + 1);
  return v.finish().map((f) => `${f.line} ${f.severity} ${f.rule}`);
}

describe('the lines of a recording', () => {
  const rec = new RecordLines(START, []);

  it('meta: the v1 fields, then the producer as format extensions §1 name it', () => {
    expect(JSON.parse(rec.meta('fs', ['npx', 'srv']))).toEqual({
      v: 1,
      type: 'meta',
      startedAt: '2026-05-12T23:00:00.000Z',
      label: 'fs',
      command: ['npx', 'srv'],
      source: 'mcp-replay-tui@0.1.0',
      producer: { name: 'mcp-replay-tui', version: '0.1.0' },
    });
    expect(JSON.parse(rec.meta('h', [], 'http://h/mcp')).url).toBe('http://h/mcp');
  });

  it('a message keeps its JSON text byte for byte in raw: ids past 2^53, number spellings, spaces, key order', () => {
    const raw = '{ "id" : 123456789012345678901, "result":{"x":1.50e0,"b":"\\u00e9"},"jsonrpc":"2.0" }';
    const line = rec.message('out', raw, START + 123);
    expect(line).toBe(`{"t":"2026-05-12T23:00:00.123Z","dir":"out","raw":${raw}}`);
    expect(lineFacts(line)).toMatchObject({ kind: 'rpc', dir: 'out' });
  });

  it('any JSON value is a message (a batch, a bare number), as mcp-tape logs it', () => {
    expect(JSON.parse(rec.message('in', '[{"jsonrpc":"2.0","id":1,"method":"a"}]', START)).raw).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'a' },
    ]);
    expect(JSON.parse(rec.message('in', '7', START)).raw).toBe(7);
  });

  it('a line that is not JSON becomes an event the Events pane lists by its kind, the text kept', () => {
    const line = rec.message('out', 'Server starting… \u001b[31m', START);
    expect(JSON.parse(line)).toEqual({
      t: '2026-05-12T23:00:00.000Z',
      dir: 'event',
      kind: 'record.not_json',
      source: RECORD_SOURCE,
      raw: { from: 'server', text: 'Server starting… \u001b[31m' },
    });
    expect(lineFacts(line)).toMatchObject({ kind: 'event', dir: 'event', label: 'record.not_json' });
  });

  it('the end line: exit code (and signal) for a process, a reason for none; durationMs from the start', () => {
    expect(JSON.parse(rec.end({ exitCode: 0 }, START + 30_000))).toEqual({
      t: '2026-05-12T23:00:30.000Z',
      type: 'end',
      exitCode: 0,
      durationMs: 30_000,
    });
    expect(JSON.parse(rec.end({ exitCode: 143, signal: 'SIGTERM' }, START + 5))).toMatchObject({
      exitCode: 143,
      signal: 'SIGTERM',
      durationMs: 5,
    });
    const shutdown = JSON.parse(rec.end({ reason: 'producer_shutdown' }, START + 1));
    expect(shutdown).toEqual({
      t: '2026-05-12T23:00:00.001Z',
      type: 'end',
      reason: 'producer_shutdown',
      durationMs: 1,
    });
  });

  it('the --redact patterns reach messages, non-JSON text and events', () => {
    const hiding = new RecordLines(START, compilePatterns(['hunter2']));
    expect(JSON.parse(hiding.message('in', '{"params":{"pw":"hunter2"}}', START)).raw.params.pw).toBe(REDACTED);
    expect(JSON.parse(hiding.message('out', 'pw is hunter2', START)).raw.text).toBe(`pw is ${REDACTED}`);
    expect(
      JSON.parse(hiding.event('record.spawn_failed', { command: ['x', 'hunter2'], error: 'e' }, START)).raw.command,
    ).toEqual(['x', REDACTED]);
  });

  it('a whole recording validates: meta, messages, events, end', () => {
    const lines = [
      rec.meta('x', ['x']),
      rec.message('in', '{"jsonrpc":"2.0","id":1,"method":"ping"}', START + 1),
      rec.message('out', 'oops', START + 2),
      rec.event('record.too_long', { from: 'server', bytes: 70_000_000 }, START + 3),
      rec.message('out', '{"jsonrpc":"2.0","id":1,"result":{}}', START + 4),
      rec.end({ exitCode: 0 }, START + 5),
    ];
    expect(validate(lines)).toEqual([]);
    expect(validate([rec.meta('h', [], 'http://h/'), rec.end({ reason: 'producer_shutdown' }, START)])).toEqual([]);
  });
});

describe('the label', () => {
  it.each([
    [['npx', '-y', '@modelcontextprotocol/server-filesystem', '/home/me'], 'server-filesystem'],
    [['node', '/x/node_modules/pkg/dist/index.js', 'stdio'], 'pkg'],
    [['uvx', 'mcp-server-git@1.2.3', '--repository', '.'], 'mcp-server-git'],
    [['/usr/local/bin/My_Server.EXE'], 'my-server'],
    [['node', '-e', 'process.exit(0)'], 'mcp'],
    [['env', 'TOKEN=x', 'python3', 'server.py'], 'server'],
    [['npx', REDACTED, 'weather'], 'weather'],
  ])('%j → %s', (argv, label) => {
    expect(commandLabel(argv)).toBe(label);
  });

  it('is made of [a-z0-9-], at most 32 characters, never empty', () => {
    expect(cleanLabel('A'.repeat(40))).toBe('a'.repeat(32));
    expect(cleanLabel('¿¿')).toBe('mcp');
    expect(urlLabel(new URL('http://127.0.0.1:3001/mcp'))).toBe('127-0-0-1-3001');
    expect(urlLabel(new URL('https://mcp.example.com/v1'))).toBe('mcp-example-com');
  });
});

describe('a message with line breaks between its tokens (a pretty-printed HTTP body)', () => {
  it('is one line whose raw is the same value', () => {
    const rec = new RecordLines(START, []);
    const body = '{\r\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": {"s": "a\\nb"}\n}\n';
    const line = rec.message('out', body, START);
    expect(line.includes('\n') || line.includes('\r')).toBe(false);
    expect(JSON.parse(line).raw).toEqual(JSON.parse(body));
  });
});

describe('a message written as the bytes it came in', () => {
  const at = Date.parse('2026-01-02T03:04:05.678Z');
  it('has the head of the line message makes, when its JSON is on one line and no pattern applies', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"n":1.50}}';
    const lines = new RecordLines(at, []);
    expect(`${lines.verbatimHead('out', text, at)}${text}}`).toBe(lines.message('out', text, at));
  });

  it('is refused for text that is not JSON, holds a line break, or meets a pattern', () => {
    const plain = new RecordLines(at, []);
    expect(plain.verbatimHead('in', 'not json', at)).toBeNull();
    expect(plain.verbatimHead('in', '{"a":\r1}', at)).toBeNull();
    expect(new RecordLines(at, compilePatterns(['zzz'])).verbatimHead('in', '{"a":1}', at)).toBeNull();
  });
});
