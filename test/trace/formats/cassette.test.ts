import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CassetteValidator } from '../../../src/trace/formats/cassette-validator.js';
import { minify, valueSpans } from '../../../src/trace/formats/json-spans.js';
import { readDocument } from '../../../src/trace/formats/read-document.js';
import { REAL_PRODUCERS } from '../../helpers/shared.js';

const T = '2026-12-03T06:16:25.781198+00:00';
const call = (id: number | string, latency: number, response: object | null = { jsonrpc: '2.0', id, result: {} }) => ({
  type: 'jsonrpc_request',
  request: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { n: id } } },
  response,
  response_is_sse: false,
  response_status: 200,
  latency_ms: latency,
  http_method: null,
  http_path: null,
});
const note = () => ({
  type: 'notification',
  request: { jsonrpc: '2.0', method: 'notifications/initialized' },
  response: null,
  response_is_sse: false,
  response_status: 202,
  latency_ms: 0,
  http_method: null,
  http_path: null,
});
const cassette = (interactions: unknown[]) => ({
  version: '1.0',
  metadata: {
    recorded_at: T,
    server_url: 'stdio://x',
    transport_type: 'stdio',
    protocol_version: '2025-11-25',
    server_info: { name: 'srv', version: '1' },
  },
  interactions,
});
const pretty = (doc: unknown) => JSON.stringify(doc, null, 2);

const linesOf = (text: string) => {
  const read = readDocument(text, 'c.json');
  if (read === null || 'notTrace' in read) throw new Error('not read');
  return read.lines;
};

describe('json-spans', () => {
  it('finds each value by path, with its line and its text as written', () => {
    const text = '{\n  "a": [\n    {"id": 12345678901234567890},\n    1.0\n  ],\n  "b": "x\\"}"\n}';
    const spans = valueSpans(text, 3);
    const at = (p: string) => [spans.get(p)!.line, text.slice(spans.get(p)!.start, spans.get(p)!.end)];
    expect(at('a/0/id')).toEqual([3, '12345678901234567890']);
    expect(at('a/1')).toEqual([4, '1.0']);
    expect(at('b')).toEqual([6, '"x\\"}"']);
    expect(at('a/0')).toEqual([3, '{"id": 12345678901234567890}']);
    expect(minify(text)).toBe('{"a":[{"id":12345678901234567890},1.0],"b":"x\\"}"}');
  });

  it('minifies every real cassette to what JSON.stringify writes of it, strings untouched', () => {
    const text = readFileSync(`${REAL_PRODUCERS}mcprecorder-everything.json`, 'utf8');
    expect(minify(text)).toBe(JSON.stringify(JSON.parse(text)));
  });
});

describe('a cassette read as v1 lines', () => {
  it('pairs each request with its response latency_ms later; the next starts when it was answered', () => {
    const lines = linesOf(pretty(cassette([call(1, 283), note(), call(2, 5), call(3, 7, null)])));
    const records = lines.map((l) => ('text' in l ? JSON.parse(l.text) : l));
    expect(records.map((r) => [r.type ?? r.dir, r.t ?? r.startedAt])).toEqual([
      ['meta', '2026-12-03T06:16:25.781Z'],
      ['in', '2026-12-03T06:16:25.781Z'],
      ['out', '2026-12-03T06:16:26.064Z'],
      ['in', '2026-12-03T06:16:26.064Z'],
      ['in', '2026-12-03T06:16:26.064Z'],
      ['out', '2026-12-03T06:16:26.069Z'],
      ['in', '2026-12-03T06:16:26.069Z'],
      ['end', '2026-12-03T06:16:26.076Z'],
    ]);
    expect(records[0]).toMatchObject({
      v: 1,
      label: 'srv',
      command: [],
      cassette: { version: '1.0', metadata: { recorded_at: T } },
    });
    expect(records.at(-1)).toEqual({ t: '2026-12-03T06:16:26.076Z', type: 'end', durationMs: 295, reason: 'imported' });
  });

  it('keeps ids as written (past 2^53, 1.0) and names the document lines, one-line cassettes too', () => {
    const text = pretty(cassette([call(1, 1)])).replace(/"id": 1\b/g, '"id": 12345678901234567891');
    expect(
      linesOf(text)
        .filter((l) => 'text' in l)
        .map((l) => ('text' in l ? l.text : ''))
        .join('\n'),
    ).toContain('"raw":{"jsonrpc":"2.0","id":12345678901234567891,"method":"tools/call"');
    const numbered = linesOf(text).map((l) => l.lineNo);
    const all = text.split('\n');
    expect(numbered.map((n) => all[n - 1]!.trim())).toEqual(['{', '"request": {', '"response": {', '}']);
    expect(linesOf(JSON.stringify(cassette([call(1, 1)]))).map((l) => l.lineNo)).toEqual([1, 1, 1, 1]);
  });

  it.each(['1e308', '9007199254740993', '8.64e15', '1e400'])(
    'a latency_ms of %s: the response has no time, keeps the latency as written; the others read on',
    (given) => {
      const text = pretty(cassette([call(1, 5), call(2, 777), call(3, 5)])).replace(
        '"latency_ms": 777',
        `"latency_ms": ${given}`,
      );
      const records = linesOf(text).map((l) => ('text' in l ? JSON.parse(l.text) : l));
      expect(records.map((r) => [r.type ?? r.dir, r.t ?? r.startedAt ?? null])).toEqual([
        ['meta', '2026-12-03T06:16:25.781Z'],
        ['in', '2026-12-03T06:16:25.781Z'],
        ['out', '2026-12-03T06:16:25.786Z'],
        ['in', '2026-12-03T06:16:25.786Z'],
        ['out', null],
        // A latency over 100 years does not move the clock.
        ['in', '2026-12-03T06:16:25.786Z'],
        ['out', '2026-12-03T06:16:25.791Z'],
        ['end', '2026-12-03T06:16:25.791Z'],
      ]);
      const far = linesOf(text).find((l) => 'text' in l && l.text.includes('"latency_ms"'));
      expect(far && 'text' in far ? far.text : '').toContain(`"latency_ms":${given},"raw":{"jsonrpc":"2.0","id":2,`);
    },
  );

  it('a latency over 100 years inside the date range: its time is kept (off the axis), the clock not moved', () => {
    const text = pretty(cassette([call(1, 8.64e12), call(2, 5)]));
    const records = linesOf(text).map((l) => ('text' in l ? JSON.parse(l.text) : l));
    expect(records.map((r) => r.t ?? r.startedAt)).toEqual([
      '2026-12-03T06:16:25.781Z',
      '2026-12-03T06:16:25.781Z',
      '2300-09-18T06:16:25.781Z',
      '2026-12-03T06:16:25.781Z',
      '2026-12-03T06:16:25.786Z',
      '2026-12-03T06:16:25.786Z',
    ]);
    expect(records[2]).toMatchObject({ latency_ms: 8640000000000 });
  });

  it('is not a trace when the JSON is no cassette, naming what it is', () => {
    expect(readDocument('{"name": "x", "version": "1"}', 'package.json')).toEqual({
      notTrace: 'package.json is a JSON document with keys name, version',
    });
    expect(readDocument('[1, 2]', 'a.json')).toEqual({
      notTrace: 'a.json is a JSON array of 2 values, not a recording',
    });
    expect(readDocument('{}', 'e.json')).toEqual({ notTrace: 'e.json is a JSON document with no keys' });
    expect(readDocument('{"a":', 'broken.json')).toBeNull();
  });
});

/** One fault each: what is changed, the rule, and the line of the finding in the pretty text. */
const FAULTS: { name: string; rule: string; change: (doc: ReturnType<typeof cassette>) => void; on: RegExp }[] = [
  {
    name: 'no recorded_at',
    rule: 'cassette-metadata',
    change: (d) => delete (d.metadata as { recorded_at?: string }).recorded_at,
    on: /"metadata": \{/,
  },
  {
    name: 'a bad recorded_at',
    rule: 'cassette-metadata',
    change: (d) => void (d.metadata.recorded_at = 'yesterday'),
    on: /"recorded_at"/,
  },
  {
    name: 'server_url a number',
    rule: 'cassette-metadata',
    change: (d) => void ((d.metadata as Record<string, unknown>).server_url = 1),
    on: /"server_url"/,
  },
  {
    name: 'interactions not an array',
    rule: 'cassette-fields',
    change: (d) => void ((d as Record<string, unknown>).interactions = {}),
    on: /"interactions"/,
  },
  {
    name: 'an interaction not an object',
    rule: 'cassette-interaction',
    change: (d) => void (d.interactions[1] = 7),
    on: /^ {4}7,?$/,
  },
  {
    name: 'an unknown type',
    rule: 'cassette-type',
    change: (d) => void ((d.interactions[1] as { type: string }).type = 'rpc'),
    on: /"type": "rpc"/,
  },
  {
    name: 'a request not an object',
    rule: 'cassette-request',
    change: (d) => void ((d.interactions[1] as { request: unknown }).request = 'x'),
    on: /"request": "x"/,
  },
  {
    name: 'a request without an id',
    rule: 'cassette-request',
    change: (d) => delete (d.interactions[1] as { request: { id?: number } }).request.id,
    on: /"request": \{/,
  },
  {
    name: 'an id mismatch',
    rule: 'cassette-id-mismatch',
    change: (d) => void ((d.interactions[1] as { response: { id: number } }).response.id = 9),
    on: /"response": \{/,
  },
  {
    name: 'a response to a notification',
    rule: 'cassette-notification-response',
    change: (d) => void ((d.interactions[0] as { response: object }).response = { jsonrpc: '2.0', result: {} }),
    on: /"response": \{/,
  },
  {
    name: 'a response without result or error',
    rule: 'cassette-response',
    change: (d) => delete (d.interactions[1] as { response: { result?: object } }).response.result,
    on: /"response": \{/,
  },
  {
    name: 'latency_ms a string',
    rule: 'cassette-latency',
    change: (d) => void ((d.interactions[1] as { latency_ms: unknown }).latency_ms = 'slow'),
    on: /"latency_ms": "slow"/,
  },
  {
    name: 'response_status a string',
    rule: 'cassette-fields',
    change: (d) => void ((d.interactions[1] as { response_status: unknown }).response_status = 'ok'),
    on: /"response_status": "ok"/,
  },
];

describe('cassette rules', () => {
  const validate = (text: string) => {
    const v = new CassetteValidator();
    v.document(text, JSON.parse(text));
    return v.finish();
  };

  it('a well-formed cassette has no finding', () =>
    expect(validate(pretty(cassette([note(), call(1, 3)])))).toEqual([]));

  it.each([
    ['1e308', '1e308'],
    ['9007199254740993', '9007199254740993'],
    ['8.64e12', '8.64e12'],
  ])('a latency_ms of %s warns (cassette-latency-range), quoting it as written, on its line', (given, quoted) => {
    const text = pretty(cassette([call(1, 3), call(2, 777)])).replace('"latency_ms": 777', `"latency_ms": ${given}`);
    const findings = validate(text);
    expect(findings.map((f) => [f.severity, f.rule, f.message])).toEqual([
      [
        'warning',
        'cassette-latency-range',
        `interactions[1].latency_ms ${quoted} is over 100 years: the response is left off the time axis and its latency left out`,
      ],
    ]);
    expect(text.split('\n')[findings[0]!.line - 1]).toContain(`"latency_ms": ${given}`);
  });

  it.each([
    ['"\\u0041"', '"A"', null],
    ['"\\u00e9"', '"é"', null],
    ['123456789012345678901234567890', '123456789012345678901234567891', 'mismatch'],
    ['2', '"2"', 'mismatch'],
    ['1.0', '1', 'mismatch'],
    ['7', '7', null],
  ])('request id %s, response id %s: compared as pairing compares them (%s)', (reqId, resId, want) => {
    const text = pretty(cassette([call(1, 3)]))
      .replace('"id": 1,', `"id": ${reqId},`)
      .replace('"id": 1,', `"id": ${resId},`);
    expect(text).toContain(resId);
    const findings = validate(text);
    expect(findings.map((f) => f.message)).toEqual(
      want === null ? [] : [`interactions[0].response id ${resId} does not match request id ${reqId}`],
    );
  });

  it('an id of any length is cut in the message', () => {
    const long = `"${'x'.repeat(2000)}"`;
    const text = pretty(cassette([call(1, 3)]))
      .replace('"id": 1,', `"id": ${long},`)
      .replace('"id": 1,', '"id": 2,');
    const [finding] = validate(text);
    expect(finding!.message).toBe(
      `interactions[0].response id 2 does not match request id "${'x'.repeat(38)}… (2,002 characters)`,
    );
  });

  it('a latency of 100 years or less is no finding', () =>
    expect(validate(pretty(cassette([call(1, 100 * 365.25 * 86_400_000)])))).toEqual([]));

  it.each(FAULTS.map((f) => [f.name, f]))('%s: one finding, on the line of its field', (_n, fault) => {
    const doc = cassette([note(), call(1, 3)]);
    fault.change(doc);
    const text = pretty(doc);
    const findings = validate(text);
    expect(findings.map((f) => f.rule)).toEqual([fault.rule]);
    const line = text.split('\n').findIndex((l, i) => fault.on.test(l) && i + 1 >= findings[0]!.line) + 1;
    expect(findings[0]!.line).toBe(line);
  });

  it.each(
    FAULTS.filter(
      (f) => ['cassette-interaction', 'cassette-request'].includes(f.rule) && f.name !== 'a request without an id',
    ).map((f) => [f.name, f]),
  )('%s: the reading skips that interaction with the words and line validate gives', (_n, fault) => {
    const doc = cassette([note(), call(1, 3)]);
    fault.change(doc);
    const text = pretty(doc);
    const [finding] = validate(text);
    const skips = linesOf(text).filter((l) => 'skip' in l);
    expect(skips).toEqual([{ skip: `${finding!.message} (${finding!.rule})`, lineNo: finding!.line }]);
  });
});
