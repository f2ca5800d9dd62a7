import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineFacts } from '../../src/trace/facts.js';
import { type Tape, TapeReader, TapeWriter } from '../../src/trace/facts-tape.js';
import type { LineFacts } from '../../src/trace/line-facts.js';
import { realTraceFiles } from '../helpers/shared.js';

type Written = [number, number, number, LineFacts][];

/** Writes the lines' facts to `writer`; returns its tape and what reading it must give. */
function write(writer: TapeWriter, lines: string[]): { tape: Tape; want: Written } {
  const want: Written = [];
  lines.forEach((text, i) => {
    const facts = lineFacts(text);
    writer.line(i, i * 1000, text.length, facts);
    if (facts.kind !== 'blank') want.push([i, i * 1000, text.length, facts]);
  });
  return { tape: writer.finish(), want };
}

function read(tape: Tape): Written {
  const got: Written = [];
  // The reader reuses its objects between lines: keep copies.
  new TapeReader(tape).read(
    (index, offset, length, facts) => got.push([index, offset, length, structuredClone(facts)]),
    Infinity,
  );
  return got;
}

/** Every line's facts, written to a tape and read back, are the facts written. */
function roundTrip(lines: string[]): void {
  const { tape, want } = write(new TapeWriter(), lines);
  expect(read(tape)).toEqual(want);
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

  it('give back every line of the real traces', () => {
    for (const file of realTraceFiles) roundTrip(readFileSync(file, 'utf8').split('\n'));
  });

  it('stay whole when their writer goes on to the next range, each cut to its length', () => {
    // A worker writes every range into one writer: a tape already sent must not change,
    // and its buffer is just the tape (a posted view would take the whole buffer along).
    const writer = new TapeWriter();
    const demo = readFileSync('examples/demo.jsonl', 'utf8').split('\n');
    const first = write(writer, demo);
    writer.reset();
    const rec = readFileSync('test/fixtures/mcp-rec.jsonl', 'utf8').split('\n');
    const second = write(writer, rec);
    expect(read(first.tape)).toEqual(first.want);
    expect(second.tape).toEqual(write(new TapeWriter(), rec).tape);
    for (const { tape } of [first, second]) expect(tape.nums.buffer.byteLength).toBe(tape.nums.byteLength);
  });
});
