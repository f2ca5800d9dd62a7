import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../src/sources/line-splitter.js';
import { otlpLineReader } from '../../src/trace/formats/otlp/otlp-file.js';

/*
 * Bad input: 10^6 spans in one line of JSON Lines are read, each span its record, and
 * every bad one skipped and named. Ids in base64 (protobuf's JSON mapping, which the
 * reader takes too) keep the line under the longest line a file may have.
 */

const SPANS = 1_000_000;
/** Every this many spans, one has a trace id that is no id. */
const BAD_EVERY = 1000;
const TRACE = Buffer.from('0af7651916cd43dd8448eb211c80319c', 'hex').toString('base64');
/** Span k's id: k + 1 as 8 bytes, base64. */
function spanId(k: number): string {
  const b = Buffer.alloc(8);
  b.writeUInt32BE(k + 1, 4);
  return b.toString('base64');
}

function millionSpanLine(): string {
  const spans: string[] = [];
  for (let k = 0; k < SPANS; k++)
    spans.push(`{"traceId":"${k % BAD_EVERY === BAD_EVERY - 1 ? 'abc' : TRACE}","spanId":"${spanId(k)}"}`);
  return `{"resourceSpans":[{"scopeSpans":[{"spans":[${spans.join(',')}]}]}]}`;
}

describe('10^6 spans in one line', () => {
  it('reads each span as its record and names each bad one, in order', () => {
    const line = millionSpanLine();
    expect(Buffer.byteLength(line)).toBeLessThan(MAX_LINE_BYTES);
    const read = otlpLineReader();
    const lines = read(line, 1);
    const bad = SPANS / BAD_EVERY;
    // The meta line, then a record per good span and a skip per bad one.
    expect(lines).toHaveLength(1 + SPANS);
    let records = 0;
    let skips = 0;
    let elsewhere = 0;
    for (const l of lines) {
      if (l.lineNo !== 1) elsewhere++;
      if ('skip' in l) skips++;
      else records++;
    }
    expect([records, skips, elsewhere]).toEqual([1 + SPANS - bad, bad, 0]);
    expect(lines[BAD_EVERY]).toEqual({
      skip: `span resourceSpans[0].scopeSpans[0].spans[${BAD_EVERY - 1}]: traceId is not 32 hex digits ("abc")`,
      lineNo: 1,
    });
    // The last span is a bad one; the one before it is read.
    expect(lines.at(-1)).toMatchObject({ skip: expect.stringContaining(`spans[${SPANS - 1}]`) });
    const last = lines.at(-2)!;
    expect('text' in last && JSON.parse(last.text)).toMatchObject({
      dir: 'event',
      kind: '(no name)',
      raw: { spanId: Buffer.from(spanId(SPANS - 2), 'base64').toString('hex') },
    });
    // No span has a time: no end line.
    expect(read.finish()).toEqual([]);
  });
});
