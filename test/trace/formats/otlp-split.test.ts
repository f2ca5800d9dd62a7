import { describe, expect, it } from 'vitest';
import { isObject } from '../../../src/kit/values.js';
import { otlpLineReader } from '../../../src/trace/formats/otlp/otlp-file.js';
import { otlpLines, otlpSignal } from '../../../src/trace/formats/otlp/otlp-read.js';
import { splitSpans } from '../../../src/trace/formats/otlp/otlp-split.js';
import { notJsonReason } from '../../../src/trace/parse-line.js';

/*
 * A TracesData line is read span by span, cut at its spans without parsing it whole:
 * whatever the line, the lines it reads as are those of parsing it whole.
 */

const span = (id: string, more = '') =>
  `{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"${id}","name":"tools/call a","kind":3,` +
  `"startTimeUnixNano":"1778626800000000000","endTimeUnixNano":"1778626800004000000",` +
  `"attributes":[{"key":"mcp.method.name","value":{"stringValue":"tools/call"}},{"key":"gen_ai.tool.name","value":{"stringValue":"a]}\\"{"}}]${more}}`;
const line = (spans: string) =>
  `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"s"}}]},"scopeSpans":[{"scope":{"name":"x"},"spans":[${spans}]}]}]}`;

/** What parsing the line whole reads it as (the reader's way before the cut). */
function wholeRead(text: string) {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value) && otlpSignal(value) === 'traces') return otlpLines(value, { metaDone: false }, () => 7);
  } catch {}
  return null;
}

const LINES: [string, string][] = [
  ['two spans', line(`${span('a000000000000001')},${span('a000000000000002')}`)],
  ['spaces and newlines', line(` ${span('a000000000000001')} ,\n\t${span('a000000000000002')} `).replace(/,/g, ' , ')],
  ['a span that is no object, and null', line(`5,null,"x",[1],${span('a000000000000001')}`)],
  ['a span with a bad id', line(span('zz'))],
  ['no spans', line('')],
  ['escaped keys on the path', line(span('a000000000000001')).replace('"spans"', '"sp\\u0061ns"')],
  [
    'a repeated key: the last counts',
    line(span('a000000000000001')).replace(
      '"scopeSpans"',
      `"scopeSpans":[{"spans":[${span('b000000000000001')}]}],"scopeSpans"`,
    ),
  ],
  ['instrumentationLibrarySpans', line(span('a000000000000001')).replace('scopeSpans', 'instrumentationLibrarySpans')],
  ['strings with escaped quotes and backslashes', line(span('a000000000000001', ',"x":"\\\\\\"}]\\\\"'))],
  ['a nested spans array elsewhere', line(span('a000000000000001', ',"spans":[{"spans":[1]}]'))],
];

const BAD: [string, string][] = [
  ['cut short', line(span('a000000000000001')).slice(0, -5)],
  ['a trailing comma', line(`${span('a000000000000001')},`)],
  ['something after a span', line(`${span('a000000000000001')}.5`)],
  ['two spans without a comma', line(`${span('a000000000000001')} ${span('a000000000000002')}`)],
  ['garbage after the line', `${line(span('a000000000000001'))} x`],
  ['a bad escape in a span', line(span('a000000000000001', ',"x":"\\q"'))],
];

describe('a TracesData line cut at its spans', () => {
  it.each(LINES)('%s: the lines of reading it whole', (_what, text) => {
    const whole = wholeRead(text);
    expect(whole).not.toBeNull();
    expect(splitSpans(text)).not.toBeNull();
    expect(otlpLineReader()(text, 7)).toEqual(whole);
  });

  it('holds each span as its number, so the skeleton is small', () => {
    const text = line(`${span('a000000000000001')},${span('a000000000000002')}`);
    const cut = splitSpans(text)!;
    expect(cut.skeleton).toContain('"spans":[0,1]');
    expect(cut.bounds).toHaveLength(4);
    expect(JSON.parse(text.slice(cut.bounds[2], cut.bounds[3])).spanId).toBe('a000000000000002');
  });

  it.each(BAD)('%s: no JSON, skipped saying why, as when read whole', (_what, text) => {
    const read = otlpLineReader()(text, 7);
    expect(read).toHaveLength(1);
    let why: unknown = null;
    try {
      JSON.parse(text);
    } catch (error) {
      why = error;
    }
    expect(why).not.toBeNull();
    expect(read[0]).toEqual({ skip: notJsonReason(why), lineNo: 7 });
  });

  it('a line that is no OTLP passes as it is', () => {
    const v1 = '{"t":"2026-05-12T23:00:00.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"ping"}}';
    expect(otlpLineReader()(v1, 3)).toEqual([{ text: v1, lineNo: 3 }]);
  });
});
