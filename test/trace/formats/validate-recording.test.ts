import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RecordingValidator } from '../../../src/trace/formats/validate-recording.js';
import { parseLine } from '../../../src/trace/parse-line.js';
import { onePerLine } from '../../helpers/formats.js';
import { REAL_PRODUCERS } from '../../helpers/shared.js';

const validate = (lines: string[]) => {
  const v = new RecordingValidator();
  for (const [i, text] of lines.entries()) v.push(text, i + 1);
  const findings = v.finish();
  return { format: v.format.name, findings, rules: findings.map((f) => f.rule) };
};

const REC = (o: Record<string, unknown>) =>
  JSON.stringify({ ts: 1796278533.6, dir: 'client->server', msg: { jsonrpc: '2.0', id: 1, method: 'ping' }, ...o });

describe('a file with no record', () => {
  it.each([
    ['empty', []],
    ['blank lines only', ['', '  ']],
  ])('%s is no valid trace: one error, empty', (_name, lines) => {
    const { findings } = validate(lines);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([
      { line: 1, severity: 'error', rule: 'empty', message: 'no record: an empty file is not a trace' },
    ]);
  });

  it('a file with a record is never called empty', () => {
    expect(validate(['', REC({})]).rules).not.toContain('empty');
    expect(validate(['not json']).rules).toEqual(['not-json']);
  });
});

describe('validate picks the rules of the format the first line shows', () => {
  it('a well-formed mcp-rec recording: no meta or end line asked of it, no finding', () => {
    expect(validate([REC({}), REC({ dir: 'server->client', msg: { jsonrpc: '2.0', id: 1, result: {} } })])).toEqual({
      format: 'mcp-rec',
      findings: [],
      rules: [],
    });
  });

  it.each([
    ['ts a string', REC({ ts: '12:00' }), 'mcp-rec-ts', 'ts is "12:00", not a number (seconds since the epoch)'],
    ['no ts', REC({ ts: undefined }), 'mcp-rec-ts', 'ts is absent, not a number (seconds since the epoch)'],
    [
      'an unknown direction',
      REC({ dir: 'server->server' }),
      'mcp-rec-dir',
      'dir is "server->server", not "client->server" or "server->client"',
    ],
    ['msg not an object', REC({ msg: [1] }), 'mcp-rec-msg', 'msg is [1], not a JSON-RPC object'],
    ['msg an empty batch', REC({ msg: [] }), 'mcp-rec-msg', 'msg is [], not a JSON-RPC object'],
    [
      'msg a batch',
      REC({
        msg: [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', method: 'notifications/x' },
        ],
      }),
      'mcp-rec-batch',
      'msg is a JSON-RPC batch of 2 messages, each read as its own',
    ],
    [
      'msg a batch with an element that is no message',
      REC({ msg: [{ jsonrpc: '2.0', id: 1, method: 'ping' }, 7] }),
      'mcp-rec-batch',
      'msg is a JSON-RPC batch of 1 message, each read as its own; 1 element that are none, listed as invalid',
    ],
    [
      'msg no message',
      REC({ msg: { jsonrpc: '2.0' } }),
      'mcp-rec-msg',
      'msg is not a JSON-RPC message: it has no method, result or error',
    ],
    [
      'a line the recorder could not parse',
      REC({ msg: { _raw: 'x', _unparsed: true } }),
      'mcp-rec-unparsed',
      'msg holds a line the recorder could not parse as JSON',
    ],
    ['not JSON', '{"ts": 1, "dir"', 'not-json', null],
  ])('%s: one finding, on its line', (_name, bad, rule, message) => {
    const r = validate([REC({}), bad]);
    expect(r.format).toBe('mcp-rec');
    expect(r.findings.map((f) => [f.line, f.rule])).toEqual([[2, rule]]);
    if (message !== null) expect(r.findings[0]!.message).toBe(message);
    // First, the line still shows the file is mcp-rec, and its fault is named as such.
    if (rule.startsWith('mcp-rec')) {
      const first = validate([bad, REC({})]);
      expect([first.format, first.findings.map((f) => [f.line, f.rule])]).toEqual(['mcp-rec', [[1, rule]]]);
    }
    // Reading skips a line with an error, worded as validate words it (summary, the Events pane).
    const parsed = parseLine(bad);
    // What validate calls an error, reading skips; a warning (a batch) is read.
    if (r.findings[0]!.severity === 'error') expect(parsed).toEqual({ kind: 'skip', reason: r.findings[0]!.message });
    else expect(parsed.kind).toBe('message');
  });

  it('the v1 rules for a v1 trace, and for JSONL whose first line is broken', () => {
    expect(validate(['{"t":"2026-01-01T00:00:00Z","dir":"in","raw":{}}']).rules).toEqual([
      'meta-first',
      'meta-missing',
    ]);
    const broken = validate(['{"v":1,"type":"me', '{"t":"2026-01-01T00:00:00Z","dir":"in","raw":{}}']);
    expect([broken.format, broken.rules]).toEqual(['mcp-replay v1', ['not-json', 'meta-missing', 'meta-first']]);
  });

  it('a pretty-printed cassette by its own rules, findings on document lines', () => {
    const doc = JSON.stringify({ version: '1.0', metadata: { recorded_at: 'now' }, interactions: [] }, null, 2).split(
      '\n',
    );
    const r = validate(['', ...doc]);
    expect(r.format).toBe('mcp-recorder cassette');
    expect(r.findings.filter((f) => f.severity === 'error').map((f) => [f.line, f.rule])).toEqual([
      [5, 'cassette-metadata'],
    ]);
  });

  it('a real cassette laid out one interaction per line: a valid cassette still', () => {
    const text = readFileSync(`${REAL_PRODUCERS}mcprecorder-everything.json`, 'utf8');
    const r = validate(onePerLine(text).replace(/\n$/, '').split('\n'));
    expect([r.format, r.findings.filter((f) => f.severity === 'error')]).toEqual(['mcp-recorder cassette', []]);
  });

  it('JSON that is no recording: one error naming its keys', () => {
    expect(validate(['{', '  "name": "x"', '}']).findings).toEqual([
      { line: 1, severity: 'error', rule: 'not-a-trace', message: 'not a trace: a JSON document with keys name' },
    ]);
  });
});
