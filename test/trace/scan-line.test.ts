import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineFacts } from '../../src/trace/facts.js';
import { scanLine } from '../../src/trace/scan-line.js';
import { GENERATOR } from '../helpers/gen-trace.js';
import { seededRandom } from '../helpers/random.js';
import { agree, agreeOnMutations, scan } from '../helpers/scan-agree.js';
import { realTraceFiles } from '../helpers/shared.js';

/*
 * scanLine must agree with the JSON.parse path on every line it answers, and must
 * never answer a line JSON.parse rejects. These tests compare the two, line by line.
 */

function linesOf(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
}

describe('scanLine', () => {
  it('answers the common records, and its facts are those of JSON.parse', () => {
    const lines = [
      '{"t":"2026-05-12T23:00:00.068Z","dir":"in","raw":{"jsonrpc":"2.0","id":"req-4","method":"tools/call","params":{"name":"directory_tree","arguments":{"path":"/a"}}}}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"out","raw":{"jsonrpc":"2.0","id":"req-4","result":{"content":[{"type":"text","text":"ok"}]}}}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"out","raw":{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"no such file"},{"type":"text","text":"\\u00e9"}],"isError":true}}}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"out","raw":{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad \\"params\\""}}}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"out","raw":{"jsonrpc":"2.0","id":7,"error":null,"result":{"isError":true}}}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"in","raw":[{"id":1,"method":"a"},{"method":"notifications/cancelled","params":{"requestId":1}},5]}',
      '{"t":"2026-05-12T23:00:00.273Z","dir":"in","raw":[]}',
      '{"dir":"out","raw":{"id":-0,"method":"roots/list"},"source":"proxy"}',
      '{"t":"2026-05-12T23:00:02.643Z","dir":"event","source":"llm","kind":"llm.request","raw":{"id":"req_1","model":"m"}}',
      '{"t":"2026-05-12T23:00:02.643Z","dir":"telemetry","raw":{"method":"x/y"}}',
      '{"t":"2026-05-12T23:00:02.643Z","dir":"command","raw":[{"method":"x/y"}]}',
      '{"t":"2026-05-12T23:00:20.364Z","type":"turn","role":"assistant","model":"claude-sonnet-4-5","blocks":[{"type":"thinking","thinking":"héllo 😀 \\n"},{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}},{"type":"future","x":[1,2,{"y":null}]},"junk",[]],"usage":{"input_tokens":12,"output_tokens":5,"cache_read_input_tokens":"[REDACTED]","thinking_tokens":1.5e1},"timing":{"ttft_ms":300,"duration_ms":1200.5},"stop_reason":"truncated","echoed":false}',
      '{"type":"turn","role":"user","blocks":[{"type":"tool_result","tool_use_id":"toolu_1","is_error":true,"content":[{"type":"text","text":"denied"}]},{"type":"tool_result","tool_use_id":"toolu_2","content":"fine"}],"echoed":true,"truncated":true}',
      `{"type":"turn","role":"assistant","blocks":[{"type":"tool_use","id":"${'x'.repeat(300)}","name":"n"}]}`,
      '{"type":"turn","blocks":"[REDACTED]","usage":"[REDACTED]","timing":[],"role":5,"model":null}',
      '{"t":"2026-05-12T23:00:00.000Z","type":"turn","usage":{"input_tokens":123456789012345678,"output_tokens":1e400}}',
      '{ "t" : "0026-05-12T23:00:00.000Z" , "dir" : "in" , "raw" : { "id" : 1.0 , "method" : "ping" } } \t',
      '{"t":"2026-13-12T23:00:00.000Z","dir":"in","raw":{"id":"1","method":"ping"}}',
      '{"t":"2026-02-31T23:00:00.000Z","dir":"in","raw":{"id":"1","method":"ping"}}',
      '{"t":"2026-05-12T23:00:00Z","dir":"in","raw":{"id":"1","method":"ping"}}',
      '{"t":1715554800,"dir":"in","raw":{"id":"1","method":"ping"}}',
      // Ids keyed by their exact text: past 2^53, fractions, exponents, -0, in batches and cancellations.
      '{"dir":"in","raw":[{"id":123456789012345678901234567890,"method":"a"},{"id":-123456789012345678901234567891,"method":"b"},{"method":"notifications/cancelled","params":{"requestId":9007199254740993}}]}',
      '{"dir":"out","raw":{"id":1e0,"result":{}}}',
      '{"dir":"out","raw":{"id":-1.50E+2,"result":{}}}',
      '{"dir":"out","raw":{"id":"\\u0000#5","result":{}}}',
    ];
    for (const line of lines) expect(agree(line), line).toBe(true);
  });

  it('keys arguments and inputs as JSON.parse does, however they are written, and reads corr_id', () => {
    // Each written canonically, and not: spaces, keys out of order, escapes, fractions,
    // exponents, -0, long integers, non-ASCII, nesting, repeated keys, other types.
    const args = [
      '{"path":"/a"}',
      '{ "path" : "/a" }',
      '{"b":1,"a":{"d":[1,2,{"z":null,"y":true}],"c":false}}',
      '{"a":{"c":false,"d":[1,2,{"y":true,"z":null}]},"b":1}',
      '{"q":"\\u0041\\n\\"x\\""}',
      '{"q":"é 😀"}',
      '{"n":1.0,"m":1e2,"k":-0,"j":-12,"i":1234567890123456789}',
      '{"a":1,"a":2}',
      '{"a":1,"b":2,"a":3}',
      '{"10":1,"9":2,"":3}',
      '[]',
      '{}',
      '"text"',
      '42',
      'null',
      `${'['.repeat(80)}1${']'.repeat(80)}`,
    ];
    for (const a of args) {
      expect(
        agree(
          `{"t":"2026-05-12T23:00:00.068Z","dir":"in","raw":{"id":1,"method":"tools/call","params":{"name":"x","arguments":${a}}},"corr_id":"c-1"}`,
        ),
        a,
      ).toBe(true);
      const turn = `{"type":"turn","role":"assistant","corr_id":"c-2","blocks":[{"type":"tool_use","id":"u","name":"x","input":${a}},{"type":"tool_use","id":"v","name":"y"}]}`;
      expect(agree(turn), a).toBe(true);
    }
    // A batch: each call its own arguments; corr_id of another type is none.
    expect(
      agree(
        '{"dir":"in","corr_id":5,"raw":[{"id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":1}}},{"id":2,"method":"tools/call","params":{"name":"x"}}]}',
      ),
    ).toBe(true);
  });

  it('hands over what it does not read itself, and every malformed line', () => {
    const lines = [
      '',
      '   ',
      'not json',
      '[1,2]',
      '"str"',
      '{}',
      '{"v":1,"type":"meta","startedAt":"2026-05-12T23:00:00.000Z"}',
      '{"type":"end","t":"2026-05-12T23:00:00.000Z"}',
      '{"type":"heartbeat"}',
      '{"ts":1715554800.5,"dir":"client->server","msg":{"id":1,"method":"ping"}}',
      '{"dir":"sideways","raw":{}}',
      '{"dir":"event","kind":"llm.error","raw":{"status":500}}',
      '{"ty\\u0070e":"turn"}',
      '{"dir":"in","dir":"out","raw":{}}',
      '{"dir":"in","raw":{"id":1,"id":2,"method":"a"}}',
      '{"dir":"in","raw":{"method":"a\tb"}}',
      '{"dir":"in","raw":{"method":"a\\xb"}}',
      '{"dir":"in","raw":{"method":"\\u12g4"}}',
      '{"dir":"in","raw":{"id":01,"method":"a"}}',
      '{"dir":"in","raw":{"id":1.,"method":"a"}}',
      '{"dir":"in","raw":{"id":-,"method":"a"}}',
      '{"dir":"in","raw":{"id":1e,"method":"a"}}',
      '{"dir":"in","raw":{"id":+1,"method":"a"}}',
      '{"dir":"in","raw":{"x":tru,"method":"a"}}',
      '{"dir":"in","raw":{"x":nul}}',
      '{"dir":"in","raw":{"x":[1,]}}',
      '{"dir":"in","raw":{"x":{"a":1,}}}',
      '{"dir":"in","raw":{"x" 1}}',
      '{"dir":"in","raw":{}} x',
      '{"dir":"in","raw":{}',
      '{"dir":"in","raw":{"method":"a',
      '{"dir":"in","raw":{"method":"a\\',
      '{"dir":"in","raw":{"method":"a\\u00',
      '{"dir":"in","raw":{"x":1}}\ufeff',
      '{"dir":"in",\u00a0"raw":{}}',
    ];
    for (const line of lines) {
      expect(scan(line), line).toBeNull();
    }
  });

  it('is never more lenient than JSON.parse, over thousands of mutated lines', () => {
    const seeds = [
      '{"t":"2026-05-12T23:00:00.273Z","dir":"out","raw":{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a\\"b"}],"isError":true}}}',
      '{"t":"2026-05-12T23:00:20.364Z","type":"turn","role":"assistant","model":"m","blocks":[{"type":"thinking","thinking":"ab"},{"type":"tool_use","id":"t1","name":"r","input":{"p":[1,-2.5e3,true,false,null]}}],"usage":{"input_tokens":12,"output_tokens":5},"timing":{"ttft_ms":3}}',
      '{"dir":"in","raw":[{"id":"1","method":"tools/call","params":{"name":"x","arguments":{}}},{"method":"notifications/cancelled","params":{"requestId":"1"}}]}',
    ];
    const answered = agreeOnMutations(seeds, 6000, 42);
    // The mutations keep many lines valid: the fast path must have answered some.
    expect(answered).toBeGreaterThan(500);
  });

  it('reads long strings four bytes at a time exactly: every stop byte, at every position and alignment', () => {
    // Bytes around the word test's edges: controls, `"`, `\\`, their neighbours, DEL, UTF-8.
    const pieces = [
      'a',
      ' ',
      '!',
      '#',
      '[',
      ']',
      '\u007f',
      'é',
      '😀',
      '\u0000',
      '\u0001',
      '\t',
      '\u001f',
      '"',
      '\\',
      '\\n',
      '\\u0041',
      '\\"',
    ];
    const rand = seededRandom(7);
    let answered = 0;
    let rejected = 0;
    for (let n = 0; n < 4000; n++) {
      // Mostly plain text with now and then one of the other pieces.
      const parts: string[] = [];
      for (let len = rand(90); len > 0; len--) parts.push(rand(12) === 0 ? pieces[1 + rand(pieces.length - 1)]! : 'a');
      const text = `{"dir":"in","raw":{"method":"${parts.join('')}","id":1}}`;
      // Each line at a different byte offset, so strings start at every alignment.
      const line = Buffer.from(text);
      const lead = Buffer.from('{}\n'.padStart(3 + rand(8), ' '));
      const bytes = Buffer.concat([lead, line, Buffer.from('\n"}}\n')]);
      const fast = scanLine(bytes, lead.length, lead.length + line.length);
      const slow = lineFacts(text);
      if (fast === null) {
        if (slow.kind === 'skip') rejected++;
      } else {
        expect(fast, text).toStrictEqual(slow);
        answered++;
      }
    }
    expect(answered).toBeGreaterThan(500);
    expect(rejected).toBeGreaterThan(500);
  });

  it('does not answer a line that ends inside a long string, whatever bytes follow it in the buffer', () => {
    // The line stops inside a string; the bytes after it (no newline) would close it.
    const text = `{"dir":"in","raw":{"method":"${'a'.repeat(64)}`;
    for (let lead = 0; lead < 4; lead++) {
      const bytes = Buffer.from(`${' '.repeat(lead)}${text}${'a'.repeat(40)}"}}`);
      expect(scanLine(bytes, lead, lead + text.length)).toBeNull();
      expect(scanLine(bytes, lead, bytes.length)).not.toBeNull();
    }
  });

  it('agrees with JSON.parse on every line of every real trace', () => {
    let answered = 0;
    let total = 0;
    for (const file of realTraceFiles) {
      for (const line of linesOf(file)) {
        total++;
        if (agree(line)) answered++;
      }
    }
    // Only meta and end lines (two per file) and a handful of rare ones go the slow way.
    expect(answered).toBeGreaterThan(total * 0.95);
  });

  it('agrees with JSON.parse on a generated trace with malformed lines', () => {
    const out = spawnSync(process.execPath, [GENERATOR, '--lines', '20000', '--bad', '0.01', '--seed', '3'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }).stdout;
    let answered = 0;
    const lines = out.split('\n');
    for (const line of lines) if (agree(line)) answered++;
    expect(answered).toBeGreaterThan(lines.length * 0.95);
  });
});
