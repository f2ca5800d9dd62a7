import { describe, expect, it } from 'vitest';
import { parseLine } from '../../src/trace/parse-line.js';
import { Validator } from '../../src/trace/validate.js';

const META = '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z","label":"x","command":["x"]}';
const MSG = '{"t":"2026-05-12T23:00:00.100Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}';
const END = '{"t":"2026-05-12T23:00:01.000Z","type":"end","exitCode":0,"durationMs":1000}';
const HEX = 'a'.repeat(64);

function check(lines: string[]) {
  const v = new Validator();
  for (const [i, l] of lines.entries()) v.push(l, i + 1);
  return v.finish().map((f) => [f.line, f.severity, f.rule]);
}

describe('validate', () => {
  it('passes a well-formed trace', () => {
    expect(
      check([
        META,
        MSG,
        '{"t":"2026-05-12T23:00:00.200Z","type":"turn","role":"assistant","blocks":[{"type":"text","text":"hi"}],"usage":{"input_tokens":1,"output_tokens":5,"thinking_tokens":5}}',
        END,
      ]),
    ).toEqual([]);
  });

  it.each([
    ['not JSON', [META, '{"t":', END], [[2, 'error', 'not-json']]],
    ['not an object', [META, '[1,2]', END], [[2, 'error', 'not-object']]],
    [
      'meta not first',
      [MSG, META, END],
      [
        [1, 'error', 'meta-first'],
        [2, 'error', 'meta-first'],
      ],
    ],
    [
      'no meta at all',
      [MSG, END],
      [
        [1, 'error', 'meta-first'],
        [1, 'error', 'meta-missing'],
      ],
    ],
    [
      'meta fields',
      ['{"v":1,"type":"meta","label":"x"}', END],
      [
        [1, 'error', 'meta-fields'],
        [1, 'error', 'meta-fields'],
      ],
    ],
    ['message fields', [META, '{"t":"2026-05-12T23:00:00.100Z","dir":"in"}', END], [[2, 'error', 'message-fields']]],
    [
      'turn fields',
      [
        META,
        '{"t":"2026-05-12T23:00:00.100Z","type":"turn","blocks":[]}',
        '{"t":"2026-05-12T23:00:00.100Z","type":"turn","role":"user"}',
        END,
      ],
      [
        [2, 'error', 'turn-fields'],
        [3, 'error', 'turn-fields'],
      ],
    ],
    ['end not last', [META, END, MSG], [[2, 'error', 'end-not-last']]],
    [
      'end without durationMs',
      [META, '{"t":"2026-05-12T23:00:01.000Z","type":"end","exitCode":0}'],
      [[2, 'error', 'end-fields']],
    ],
    [
      'echoed user turn',
      [META, '{"t":"2026-05-12T23:00:00.100Z","type":"turn","role":"user","echoed":true,"blocks":[]}', END],
      [[2, 'error', 'echoed-role']],
    ],
    [
      'thinking over output',
      [
        META,
        '{"t":"2026-05-12T23:00:00.100Z","type":"turn","role":"assistant","blocks":[],"usage":{"output_tokens":5,"thinking_tokens":9}}',
        END,
      ],
      [[2, 'error', 'thinking-over-output']],
    ],
    [
      'malformed history_elided',
      [
        META,
        `{"t":"2026-05-12T23:00:00.100Z","type":"turn","role":"user","blocks":[{"type":"history_elided","count":0,"sha256":"${HEX.toUpperCase()}","request_sha256":"${HEX}"}]}`,
        END,
      ],
      [[2, 'error', 'history-elided']],
    ],
    ['t not ISO', [META, '{"t":"yesterday","dir":"in","raw":{}}', END], [[2, 'error', 't-iso']]],
    [
      'exitCode with no process',
      [META, '{"t":"2026-05-12T23:00:01.000Z","type":"end","reason":"imported","exitCode":0,"durationMs":1}'],
      [[2, 'warning', 'end-exitcode']],
    ],
    [
      'unknown type, dir and block',
      [
        META,
        '{"t":"2026-05-12T23:00:00.100Z","type":"heartbeat"}',
        '{"t":"2026-05-12T23:00:00.100Z","dir":"sideways","raw":{}}',
        '{"t":"2026-05-12T23:00:00.100Z","type":"turn","role":"assistant","blocks":[{"type":"image"}]}',
        END,
      ],
      [
        [2, 'warning', 'unknown-type'],
        [3, 'warning', 'unknown-dir'],
        [4, 'warning', 'unknown-block'],
      ],
    ],
  ])('%s', (_name, lines, expected) => {
    expect(check(lines)).toEqual(expected);
  });
});

describe('validate caps', () => {
  it('keeps the first 20 findings of each rule, counts every one', () => {
    const v = new Validator();
    const lines = [
      META,
      ...Array.from({ length: 50 }, () => ''),
      ...Array.from({ length: 25 }, () => '{"t":'),
      MSG,
      END,
    ];
    for (const [i, l] of lines.entries()) v.push(l, i + 1);
    const findings = v.finish();
    expect(findings.filter((f) => f.rule === 'blank-line').map((f) => f.line)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    );
    expect(findings.filter((f) => f.rule === 'not-json')).toHaveLength(20);
    expect(v.omitted()).toEqual([
      { rule: 'blank-line', count: 30 },
      { rule: 'not-json', count: 5 },
    ]);
    expect([v.errors, v.warnings]).toEqual([25, 50]);
  });

  it('keeps every one when asked (--all), and an unread line is an error', () => {
    const v = new Validator(Infinity);
    for (let i = 1; i <= 100; i++) v.push('', i);
    v.unread(101, 'line longer than 64 MiB (70000000 bytes): not read');
    expect(v.finish()).toHaveLength(101);
    expect(v.omitted()).toEqual([]);
    expect(v.errors).toBe(1);
  });
});

describe('validate words a line that is no record as summary and the Events pane do', () => {
  it.each(['{"t":', 'nope', '[1,2]', 'null', '42', '"text"', 'true'])('%s', (bad) => {
    const v = new Validator();
    for (const [i, l] of [META, bad, END].entries()) v.push(l, i + 1);
    const finding = v.finish().find((f) => f.line === 2);
    const parsed = parseLine(bad);
    expect(parsed.kind).toBe('skip');
    expect(finding?.message).toBe(parsed.kind === 'skip' ? parsed.reason : '');
  });
});
