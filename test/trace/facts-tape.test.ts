import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineFacts } from '../../src/trace/facts.js';
import { TapeReader, TapeWriter } from '../../src/trace/facts-tape.js';
import type { LineFacts } from '../../src/trace/line-facts.js';
import { realTraceFiles } from '../helpers/shared.js';

/** Every line's facts, written to a tape and read back, are the facts written. */
function roundTrip(lines: string[]): void {
  const writer = new TapeWriter();
  const want: [number, number, number, LineFacts][] = [];
  lines.forEach((text, i) => {
    const facts = lineFacts(text);
    writer.line(i, i * 1000, text.length, facts);
    if (facts.kind !== 'blank') want.push([i, i * 1000, text.length, facts]);
  });
  const got: [number, number, number, LineFacts][] = [];
  // The reader reuses its objects between lines: keep copies.
  new TapeReader(writer.finish()).read(
    (index, offset, length, facts) => got.push([index, offset, length, structuredClone(facts)]),
    Infinity,
  );
  expect(got).toEqual(want);
}

describe('facts tapes', () => {
  it('give back every kind of line as written', () => {
    roundTrip(readFileSync('examples/demo.jsonl', 'utf8').split('\n'));
    roundTrip(readFileSync('test/fixtures/malformed.jsonl', 'utf8').split('\n'));
    roundTrip(readFileSync('test/fixtures/mcp-rec.jsonl', 'utf8').split('\n'));
    roundTrip([
      '{"dir":"in","raw":[{"id":1,"method":"a"},{"method":"notifications/cancelled","params":{"requestId":"x"}},7]}',
      '{"dir":"out","raw":{"id":"7","error":{"code":-1,"message":"no"}}}',
      '{"dir":"event","kind":"llm.error","raw":{"status":500,"endpoint":"/v1"}}',
      '{"dir":"telemetry","raw":{"method":"m"}}',
      '{"dir":"sideways","raw":{}}',
      '{"type":"turn","role":"assistant","model":null,"blocks":[{"type":"tool_use","id":null,"name":"x"},{"type":"tool_result","tool_use_id":"a","is_error":true,"content":"bad"}],"usage":{"input_tokens":1,"output_tokens":2,"cache_read_input_tokens":0},"timing":{"ttft_ms":1.5}}',
    ]);
  });

  it.skipIf(realTraceFiles.length === 0)('give back every line of the real traces', () => {
    for (const file of realTraceFiles) roundTrip(readFileSync(file, 'utf8').split('\n'));
  });
});
