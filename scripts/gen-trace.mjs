#!/usr/bin/env node
// Writes a synthetic, deterministic mcp-replay v1 trace (.jsonl) to stdout, for the tests and
// `npm run bench`. It mixes what real recordings hold: paired MCP calls (both directions),
// notifications, errors, unanswered calls, LLM turn records with usage, echoed resends,
// history_elided markers, llm.* event lines and unknown types. The same options and seed
// always give the same bytes.
//
//   node scripts/gen-trace.mjs --mb 100 [--seed 7] [--bad 0.001] [--models 4] > big.jsonl
//   node scripts/gen-trace.mjs --lines 5000 > small.jsonl
//
// --bad R     share of lines that are malformed (cut JSON, bare text, empty), default 0
// --models N  how many distinct models appear in assistant turns (1..6), default 4
// --no-end    leave the end line off (a recording still in progress)
//
// A port of the project's shared tools/gen-trace.mjs without its --live mode (a growing
// file for --follow; the follow tests write their own lines).

import { createHash } from 'node:crypto';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const has = (name) => args.includes(`--${name}`);

const targetBytes = Number(opt('mb', 0)) * 1024 * 1024;
const targetLines = Number(opt('lines', targetBytes ? 0 : 2000));
const badRate = Number(opt('bad', 0));
const modelCount = Math.max(1, Math.min(6, Number(opt('models', 4))));

let seed = Number(opt('seed', 7)) >>> 0 || 7;
const rand = () => {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

const MODELS = [
  'claude-sonnet-4-5',
  'claude-opus-4-1',
  'gpt-4o-2024-08-06',
  'gemini-2.5-pro',
  'claude-haiku-4-5',
  'gpt-4.1-mini',
].slice(0, modelCount);
const TOOLS = [
  'read_file',
  'write_file',
  'list_directory',
  'search_files',
  'get_file_info',
  'directory_tree',
  'move_file',
  'fetch_url',
];
const WORDS =
  'the a trace server client tool call result file directory error token cache model stream request response json line index search filter latency usage cost agent prompt reply context window'.split(
    ' ',
  );
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

let clock = Date.parse('2026-05-12T23:00:00.000Z');
const tick = (lo, hi) => {
  clock += int(lo, hi);
  return new Date(clock).toISOString();
};

const out = [];
let written = 0;
let lines = 0;
const emit = (obj) => {
  let s;
  if (badRate && rand() < badRate) {
    const kind = int(0, 3);
    s =
      kind === 0
        ? JSON.stringify(obj).slice(0, int(1, 40))
        : kind === 1
          ? `not json at all ${words(3)}`
          : kind === 2
            ? ''
            : '[1,2,3]';
  } else {
    s = JSON.stringify(obj);
  }
  out.push(s);
  written += Buffer.byteLength(s) + 1;
  lines += 1;
};
const done = () => (targetBytes ? written >= targetBytes : lines >= targetLines);

const msg = (dir, raw, extra) => emit({ t: tick(0, 40), dir, raw, ...extra });

emit({
  v: 1,
  type: 'meta',
  startedAt: new Date(clock).toISOString(),
  label: 'filesystem',
  command: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/home/me'],
  mcpTapVersion: '0.1.0',
  kind: 'llm',
  source: 'gen-trace',
  producer: 'gen-trace@1',
});

let nextId = 1;
let serverId = 1;
msg('in', {
  jsonrpc: '2.0',
  id: nextId,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: { sampling: {} }, clientInfo: { name: 'gen', version: '1' } },
});
msg('out', {
  jsonrpc: '2.0',
  id: nextId++,
  result: {
    protocolVersion: '2025-06-18',
    capabilities: { tools: {}, resources: {}, logging: {} },
    serverInfo: { name: 'fs', version: '1' },
  },
});
msg('in', { jsonrpc: '2.0', method: 'notifications/initialized' });
msg('in', { jsonrpc: '2.0', id: nextId, method: 'tools/list' });
msg('out', {
  jsonrpc: '2.0',
  id: nextId++,
  result: {
    tools: TOOLS.map((name) => ({
      name,
      description: words(8),
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    })),
  },
});

const history = [];
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const rolling = (msgs) => {
  let r = sha256('');
  for (const m of msgs) r = sha256(r + sha256(JSON.stringify(m)));
  return r;
};

function mcpCall() {
  const id = pick([nextId++, `req-${nextId++}`]);
  const tool = pick(TOOLS);
  msg('in', {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: tool, arguments: { path: `/home/me/${words(1)}/${words(1)}.txt` } },
  });
  if (rand() < 0.2)
    msg('out', {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: id, progress: 50, total: 100 },
    });
  if (rand() < 0.05) {
    msg('in', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'user' } });
    return;
  }
  if (rand() < 0.02) return; // never answered
  const t = tick(5, 1500);
  if (rand() < 0.08)
    emit({
      t,
      dir: 'out',
      raw: { jsonrpc: '2.0', id, error: { code: pick([-32602, -32603, -32601]), message: words(5) } },
    });
  else
    emit({
      t,
      dir: 'out',
      raw: {
        jsonrpc: '2.0',
        id,
        result: {
          content: [{ type: 'text', text: words(int(10, rand() < 0.1 ? 4000 : 300)) }],
          isError: rand() < 0.03,
        },
      },
    });
}

function serverRequest() {
  const id = serverId++;
  msg('out', {
    jsonrpc: '2.0',
    id,
    method: pick(['sampling/createMessage', 'roots/list', 'elicitation/create']),
    params: { messages: [{ role: 'user', content: { type: 'text', text: words(6) } }], maxTokens: 200 },
  });
  msg('in', {
    jsonrpc: '2.0',
    id,
    result: { role: 'assistant', content: { type: 'text', text: words(12) }, model: pick(MODELS) },
  });
}

function llmExchange() {
  const model = pick(MODELS);
  const requestId = `req_${int(1e8, 9e8)}`;
  emit({
    t: tick(0, 5),
    dir: 'event',
    source: 'llm',
    kind: 'llm.request',
    raw: { id: requestId, model, stream: true },
  });
  const user = { role: 'user', content: words(int(5, 40)) };
  const turnBlocks = [];
  if (history.length && rand() < 0.5) {
    turnBlocks.push({
      type: 'history_elided',
      count: history.length,
      sha256: rolling(history),
      request_sha256: createHash('sha256').update(requestId).digest('hex'),
    });
  } else if (history.length) {
    const prev = history[history.length - 1];
    if (prev.role === 'assistant')
      emit({
        t: tick(0, 2),
        type: 'turn',
        role: 'assistant',
        echoed: true,
        blocks: [{ type: 'text', text: prev.content }],
        source: 'llm',
      });
  }
  emit({
    t: tick(0, 3),
    type: 'turn',
    role: 'user',
    blocks: [...turnBlocks, { type: 'text', text: user.content }],
    source: 'llm',
  });
  const input = int(200, 6000);
  const cacheRead = rand() < 0.6 ? int(1000, 90000) : 0;
  const cacheCreate = rand() < 0.2 ? int(100, 5000) : 0;
  const output = int(20, 3000);
  const thinking = rand() < 0.5 ? int(0, output) : undefined;
  const duration = int(300, 30000);
  const text = words(int(5, 120));
  const blocks = [];
  if (thinking !== undefined) blocks.push({ type: 'thinking', thinking: words(int(5, 60)) });
  blocks.push({ type: 'text', text });
  const toolUseId = rand() < 0.4 ? `toolu_${int(1e6, 9e6)}` : null;
  if (toolUseId)
    blocks.push({ type: 'tool_use', id: toolUseId, name: pick(TOOLS), input: { path: `/tmp/${words(1)}` } });
  if (rand() < 0.02) blocks.push({ type: 'future_block_kind', payload: words(3) });
  const truncated = rand() < 0.01;
  emit({
    t: tick(duration, duration),
    type: 'turn',
    role: 'assistant',
    model,
    blocks,
    usage: {
      input_tokens: input,
      output_tokens: output,
      cache_read_input_tokens: cacheRead,
      cache_creation_input_tokens: cacheCreate,
      ...(thinking !== undefined ? { thinking_tokens: thinking } : {}),
    },
    timing: { duration_ms: duration },
    stop_reason: truncated ? 'truncated' : pick(['end_turn', 'tool_use', 'max_tokens']),
    ...(truncated ? { truncated: true } : {}),
    request_id: requestId,
    source: 'llm',
  });
  emit({
    t: tick(0, 5),
    dir: 'event',
    source: 'llm',
    kind: 'llm.response',
    raw: { id: requestId, status: 200, model },
  });
  history.push(user, { role: 'assistant', content: text });
  if (history.length > 40) history.length = 0; // a new conversation starts
  if (toolUseId && rand() < 0.95)
    emit({
      t: tick(20, 3000),
      type: 'turn',
      role: 'user',
      blocks: [
        {
          type: 'tool_result',
          tool_use_id: toolUseId,
          content: words(int(5, 200)),
          ...(rand() < 0.05 ? { is_error: true } : {}),
        },
      ],
      source: 'llm',
    });
  if (rand() < 0.02)
    emit({
      t: tick(0, 5),
      type: 'turn',
      role: 'system',
      blocks: [{ type: 'text', text: 'context compacted' }],
      source: 'llm',
    });
}

function main() {
  const flush = () => {
    if (!out.length) return;
    process.stdout.write(`${out.join('\n')}\n`);
    out.length = 0;
  };
  while (!done()) {
    const r = rand();
    if (r < 0.45) mcpCall();
    else if (r < 0.5) serverRequest();
    else if (r < 0.52)
      msg('out', {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: pick(['info', 'warning', 'error']), data: words(6) },
      });
    else if (r < 0.525) emit({ t: tick(0, 5), type: 'heartbeat', seq: lines });
    else llmExchange();
    if (out.length > 512) flush();
  }
  if (!has('no-end'))
    emit({ t: tick(1, 10), type: 'end', exitCode: 0, durationMs: clock - Date.parse('2026-05-12T23:00:00.000Z') });
  flush();
}

main();
