/**
 * Traces with JSON nested thousands deep (issue 15, item 3): JSON.parse takes 100,000
 * levels, a recursive walk over the parsed value does not. The deep value goes into every
 * field the spec defines (hostile-fields.ts) and into every whole payload (arguments,
 * result, error, input, content, blocks, usage…), as JSON text: building the lines with
 * JSON.stringify would itself overflow the stack.
 */
import { baseTrace, FIELDS } from './hostile-fields.js';

/** Arrays and objects in turn, `depth` levels, around a string: `[{"a":[{"a":"deep"}]}]`. */
export function deepText(depth: number): string {
  const open: string[] = [];
  for (let i = 0; i < depth; i++) open.push(i % 2 === 0 ? '[' : '{"a":');
  const close = open.map((o) => (o === '[' ? ']' : '}')).reverse();
  return `${open.join('')}"deep"${close.join('')}`;
}

const HOLE = '\u0001deep-hole';
const HOLE_JSON = JSON.stringify(HOLE);

/** Whole payloads, beyond the fields: each replaced by the deep value. */
const WHOLE: [role: string, path: (string | number)[]][] = [
  ['meta', ['command']],
  ['meta', ['producer']],
  ['call', ['raw', 'params', 'arguments']],
  ['failingCall', ['raw', 'params']],
  ['result', ['raw', 'result']],
  ['toolError', ['raw', 'result', 'content']],
  ['rpcError', ['raw', 'error']],
  ['reply', ['raw', 'result', 'contents']],
  ['notification', ['raw', 'params']],
  ['event', ['raw']],
  ['request', ['raw']],
  ['event', ['attest']],
  ['llmError', ['raw', 'error']],
  ['assistantTurn', ['blocks', 2, 'input']],
  ['assistantTurn', ['usage']],
  ['assistantTurn', ['timing']],
  ['resultTurn', ['blocks', 1, 'content']],
  ['resultTurn', ['blocks', 3]],
  ['userTurn', ['blocks']],
  ['mcpRecCall', ['msg', 'params', 'arguments']],
  ['mcpRecReply', ['msg', 'result']],
  ['end', ['exitCode']],
];

/** Keys cannot hold a value: those fields keep a plain key. */
const isKeyField = (name: string) => name.endsWith(' key');

/**
 * Three traces (JSON lines) with the value `depth` deep: in every field, in every whole
 * payload (a payload holds fields, so it gets a trace of its own), and the tester's own.
 */
export function deepTraces(depth: number): { name: string; lines: string[] }[] {
  const deep = deepText(depth);
  const fill = (trace: ReturnType<typeof baseTrace>) =>
    trace.lines.map((l) => JSON.stringify(l).replaceAll(HOLE_JSON, () => deep));
  const fields = baseTrace();
  for (const f of FIELDS) if (!isKeyField(f.name)) f.put(fields, HOLE);
  const wholes = baseTrace();
  for (const [role, path] of WHOLE) {
    let o = wholes.at[role]!;
    for (const key of path.slice(0, -1)) o = o[key];
    o[path[path.length - 1]!] = HOLE;
  }
  return [
    { name: `fields-${depth}.jsonl`, lines: fill(fields) },
    { name: `payloads-${depth}.jsonl`, lines: fill(wholes) },
    { name: `tester-${depth}.jsonl`, lines: testerLines(depth) },
  ];
}

/** /tmp/attack/gen-deep.mjs: a call whose arguments, result and tool_use input are nested `n` deep. */
export function testerLines(n: number): string[] {
  const arr = `${'['.repeat(n)}${']'.repeat(n)}`;
  const obj = `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  return [
    `{"t":"2026-05-12T23:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":"deep-1","method":"tools/call","params":{"name":"deep","arguments":${arr}}}}`,
    `{"t":"2026-05-12T23:00:02.000Z","dir":"out","raw":{"jsonrpc":"2.0","id":"deep-1","result":{"content":[{"type":"text","text":"ok"}],"x":${obj}}}}`,
    `{"t":"2026-05-12T23:00:03.000Z","type":"turn","role":"assistant","model":"claude-sonnet-4-5","blocks":[{"type":"tool_use","id":"deep-t1","name":"deep","input":${arr}}],"usage":{"input_tokens":1,"output_tokens":1}}`,
    `{"t":"2026-05-12T23:00:04.000Z","type":"turn","role":"user","blocks":[{"type":"tool_result","tool_use_id":"deep-t1","content":${arr}}]}`,
  ];
}
