/**
 * Every field the v1 spec defines (meta, JSON-RPC messages of each shape, events, turns
 * and their blocks, end, mcp-rec lines, and the extensions' fields), each with how to
 * put a text there. One list: the hostile suite puts a payload into all of them at once
 * (test/helpers/hostile-suite.ts). A field that changes how its line is read (a `dir`,
 * a time, a record `type`) gets a line of its own, so the others are still read.
 */
import { T0 } from './store.js';

// biome-ignore lint/suspicious/noExplicitAny: trace lines are edited by path, any shape at any depth
type Obj = Record<string, any>;

/** The lines of one trace, by role, in file order; fields edit them or add lines. */
export interface TraceDraft {
  lines: Obj[];
  /** The line of each role. */
  at: Record<string, Obj>;
  /** Adds a line (before the end line) and returns it. */
  add(line: Obj): Obj;
}

export interface Field {
  name: string;
  put(trace: TraceDraft, text: string): void;
}

const t = (ms: number) => new Date(T0 + ms).toISOString();
const rpc = (o: Obj) => ({ jsonrpc: '2.0', ...o });

/** An ordinary trace of every record shape: each field below has its place in it. */
export function baseTrace(): TraceDraft {
  const roles: [string, Obj][] = [
    [
      'meta',
      {
        v: 1,
        type: 'meta',
        startedAt: t(0),
        label: 'base',
        command: ['npx', '-y', 'server', '/home'],
        mcpTapVersion: '0.1.0',
        kind: 'llm',
        source: 'mcp-tape@0.6.0',
        producer: { name: 'mcp-tape', version: '0.6.0', configHash: 'abc' },
      },
    ],
    [
      'call',
      {
        t: t(100),
        dir: 'in',
        source: 'mcp-tape',
        corr_id: 'c1',
        raw: rpc({ id: 1, method: 'tools/call', params: { name: 'read_file', arguments: { path: '/etc/hosts' } } }),
      },
    ],
    ['result', { t: t(180), dir: 'out', raw: rpc({ id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }) }],
    [
      'failingCall',
      {
        t: t(200),
        dir: 'in',
        raw: rpc({ id: 2, method: 'tools/call', params: { name: 'write_file', arguments: {} } }),
      },
    ],
    [
      'toolError',
      {
        t: t(260),
        dir: 'out',
        raw: rpc({ id: 2, result: { isError: true, content: [{ type: 'text', text: 'permission denied' }] } }),
      },
    ],
    [
      'erringCall',
      {
        t: t(300),
        dir: 'in',
        raw: rpc({ id: 3, method: 'tools/call', params: { name: 'search', arguments: { q: 'x' } } }),
      },
    ],
    [
      'rpcError',
      { t: t(350), dir: 'out', raw: rpc({ id: 3, error: { code: -32000, message: 'boom', data: { detail: 'd' } } }) },
    ],
    ['request', { t: t(400), dir: 'in', raw: rpc({ id: 4, method: 'resources/read', params: { uri: 'file:///x' } }) }],
    ['reply', { t: t(420), dir: 'out', raw: rpc({ id: 4, result: { contents: [{ uri: 'file:///x', text: 'x' }] } }) }],
    [
      'notification',
      {
        t: t(450),
        dir: 'out',
        raw: rpc({ method: 'notifications/progress', params: { progressToken: 'p', message: 'half way' } }),
      },
    ],
    [
      'batch',
      {
        t: t(500),
        dir: 'in',
        raw: [
          rpc({ id: 5, method: 'tools/call', params: { name: 'batched', arguments: { k: 'v' } } }),
          rpc({ method: 'notifications/initialized' }),
        ],
      },
    ],
    ['batchReply', { t: t(540), dir: 'out', raw: [rpc({ id: 5, result: { content: [] } })] }],
    [
      'pending',
      {
        t: t(600),
        dir: 'in',
        raw: rpc({ id: 6, method: 'tools/call', params: { name: 'never_answered', arguments: {} } }),
      },
    ],
    [
      'event',
      {
        t: t(650),
        dir: 'event',
        kind: 'fitness.gate',
        corr_id: 'c1',
        raw: { note: 'gate' },
        attest: { alg: 'ed25519', key_id: 'k' },
        ai: { provider: 'p', model: 'm', thought_id: 'th' },
      },
    ],
    [
      'llmError',
      {
        t: t(700),
        dir: 'event',
        source: 'llm',
        kind: 'llm.error',
        raw: { endpoint: '/v1/messages', url: 'https://api.example/v1/messages', error: 'overloaded', status: 529 },
      },
    ],
    [
      'userTurn',
      { t: t(800), type: 'turn', role: 'user', source: 'cc', corr_id: 'c1', blocks: [{ type: 'text', text: 'hello' }] },
    ],
    [
      'assistantTurn',
      {
        t: t(900),
        type: 'turn',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        blocks: [
          { type: 'thinking', thinking: 'let me see' },
          { type: 'text', text: 'reading it' },
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: '/etc/hosts' } },
        ],
        usage: {
          input_tokens: 10,
          output_tokens: 20,
          cache_read_input_tokens: 3,
          cache_creation_input_tokens: 1,
          thinking_tokens: 5,
        },
        timing: { ttft_ms: 120, duration_ms: 400 },
        stop_reason: 'tool_use',
        endpoint: '/v1/messages',
        stream: true,
      },
    ],
    [
      'resultTurn',
      {
        t: t(1000),
        type: 'turn',
        role: 'user',
        blocks: [
          { type: 'history_elided', count: 2, sha256: 'e3b0c442', request_sha256: '06b6136d' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [{ type: 'text', text: 'no such file' }],
            is_error: true,
          },
          { type: 'tool_result', tool_use_id: 'toolu_orphan', content: 'orphan result' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
        ],
      },
    ],
    [
      'mcpRecCall',
      {
        ts: (T0 + 1100) / 1000,
        dir: 'client->server',
        msg: rpc({ id: 7, method: 'tools/call', params: { name: 'rec_tool', arguments: { q: 'v' } } }),
      },
    ],
    [
      'mcpRecReply',
      {
        ts: (T0 + 1150) / 1000,
        dir: 'server->client',
        msg: rpc({ id: 7, result: { content: [{ type: 'text', text: 'rec' }] } }),
      },
    ],
    ['end', { t: t(2000), type: 'end', exitCode: 0, reason: 'process_exit', durationMs: 2000 }],
  ];
  const lines = roles.map(([, line]) => line);
  const at = Object.fromEntries(roles);
  return {
    lines,
    at,
    add(line) {
      lines.splice(lines.length - 1, 0, line);
      return line;
    },
  };
}

/** A field at `path` of the line of `role`. */
const at = (name: string, role: string, ...path: (string | number)[]): Field => ({
  name,
  put(trace, text) {
    let o = trace.at[role]!;
    for (const key of path.slice(0, -1)) o = o[key];
    o[path[path.length - 1]!] = text;
  },
});

/** The same text at several places (an id and the id that answers it). */
const both = (name: string, ...fields: Field[]): Field => ({
  name,
  put(trace, text) {
    for (const f of fields) f.put(trace, text);
  },
});

/** A key (not a value) of the object at `path`. */
const key = (name: string, role: string, ...path: string[]): Field => ({
  name,
  put(trace, text) {
    let o = trace.at[role]!;
    for (const k of path) o = o[k];
    o[text] = 'value';
  },
});

/** A line of its own, made from the text. */
const line = (name: string, make: (text: string) => Obj): Field => ({
  name,
  put: (trace, text) => void trace.add(make(text)),
});

export const FIELDS: readonly Field[] = [
  // meta
  at('meta.startedAt', 'meta', 'startedAt'),
  at('meta.label', 'meta', 'label'),
  at('meta.command[]', 'meta', 'command', 2),
  at('meta.mcpTapVersion', 'meta', 'mcpTapVersion'),
  at('meta.kind', 'meta', 'kind'),
  at('meta.source', 'meta', 'source'),
  at('meta.producer.name', 'meta', 'producer', 'name'),
  at('meta.producer.version', 'meta', 'producer', 'version'),
  at('meta.producer.configHash', 'meta', 'producer', 'configHash'),
  line('meta.command (a string)', (x) => ({ v: 1, type: 'meta', startedAt: t(1500), label: 'second', command: x })),
  // message lines
  line('message.t', (x) => ({
    t: x,
    dir: 'out',
    raw: rpc({ method: 'notifications/message', params: { level: 'info', data: 'timed' } }),
  })),
  line('message.dir', (x) => ({ t: t(1200), dir: x, raw: rpc({ method: 'x/y' }) })),
  line('message.dir (mcp-rec arrow)', (x) => ({
    ts: (T0 + 1210) / 1000,
    dir: `${x}->server`,
    msg: rpc({ method: 'x/y' }),
  })),
  at('message.source', 'call', 'source'),
  at('message.corr_id', 'call', 'corr_id'),
  at('message.kind (event)', 'event', 'kind'),
  at('message.kind (rpc line)', 'request', 'kind'),
  at('event raw value', 'event', 'raw', 'note'),
  key('event raw key', 'event', 'raw'),
  at('attest.key_id', 'event', 'attest', 'key_id'),
  at('ai.model', 'event', 'ai', 'model'),
  at('llm.error endpoint', 'llmError', 'raw', 'endpoint'),
  at('llm.error url', 'llmError', 'raw', 'url'),
  at('llm.error error', 'llmError', 'raw', 'error'),
  line('raw (a bare string)', (x) => ({ t: t(1250), dir: 'in', raw: x })),
  // JSON-RPC
  both('id (string, request and response)', at('', 'call', 'raw', 'id'), at('', 'result', 'raw', 'id')),
  at('id (unanswered)', 'pending', 'raw', 'id'),
  at('method (request)', 'request', 'raw', 'method'),
  at('method (notification)', 'notification', 'raw', 'method'),
  at('jsonrpc version', 'notification', 'raw', 'jsonrpc'),
  at('notification params', 'notification', 'raw', 'params', 'message'),
  at('tool name', 'call', 'raw', 'params', 'name'),
  at('tool name (pending)', 'pending', 'raw', 'params', 'name'),
  key('argument key', 'call', 'raw', 'params', 'arguments'),
  at('argument value', 'call', 'raw', 'params', 'arguments', 'path'),
  at('result text', 'result', 'raw', 'result', 'content', 0, 'text'),
  at('result content type', 'result', 'raw', 'result', 'content', 0, 'type'),
  at('tool error text (isError)', 'toolError', 'raw', 'result', 'content', 0, 'text'),
  at('error message', 'rpcError', 'raw', 'error', 'message'),
  at('error code (a string)', 'rpcError', 'raw', 'error', 'code'),
  at('error data', 'rpcError', 'raw', 'error', 'data', 'detail'),
  at('resource uri', 'reply', 'raw', 'result', 'contents', 0, 'uri'),
  at('batch tool name', 'batch', 'raw', 0, 'params', 'name'),
  at('batch method', 'batch', 'raw', 1, 'method'),
  both('batch id', at('', 'batch', 'raw', 0, 'id'), at('', 'batchReply', 'raw', 0, 'id')),
  // turns and blocks
  line('turn.t', (x) => ({ t: x, type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'untimed' }] })),
  line('turn.role', (x) => ({ t: t(1300), type: 'turn', role: x, blocks: [{ type: 'text', text: 'who' }] })),
  at('turn.model', 'assistantTurn', 'model'),
  at('turn.source', 'userTurn', 'source'),
  at('turn.corr_id', 'userTurn', 'corr_id'),
  at('turn.stop_reason', 'assistantTurn', 'stop_reason'),
  at('turn.endpoint', 'assistantTurn', 'endpoint'),
  at('text block', 'userTurn', 'blocks', 0, 'text'),
  at('assistant text block', 'assistantTurn', 'blocks', 1, 'text'),
  at('thinking block', 'assistantTurn', 'blocks', 0, 'thinking'),
  both(
    'tool_use.id (and its tool_result)',
    at('', 'assistantTurn', 'blocks', 2, 'id'),
    at('', 'resultTurn', 'blocks', 1, 'tool_use_id'),
  ),
  at('tool_use.name', 'assistantTurn', 'blocks', 2, 'name'),
  key('tool_use input key', 'assistantTurn', 'blocks', '2', 'input'),
  at('tool_use input value', 'assistantTurn', 'blocks', 2, 'input', 'path'),
  at('tool_result content text (is_error)', 'resultTurn', 'blocks', 1, 'content', 0, 'text'),
  at('tool_result content (a string)', 'resultTurn', 'blocks', 2, 'content'),
  at('tool_result tool_use_id (orphan)', 'resultTurn', 'blocks', 2, 'tool_use_id'),
  at('unknown block type', 'resultTurn', 'blocks', 3, 'type'),
  at('unknown block field', 'resultTurn', 'blocks', 3, 'source', 'media_type'),
  at('history_elided sha256', 'resultTurn', 'blocks', 0, 'sha256'),
  at('usage.input_tokens (a string)', 'assistantTurn', 'usage', 'input_tokens'),
  at('timing.duration_ms (a string)', 'assistantTurn', 'timing', 'duration_ms'),
  // end and unknown record types
  at('end.reason', 'end', 'reason'),
  line('end.t', (x) => ({ t: x, type: 'end', reason: 'second end', durationMs: 1 })),
  line('end.exitCode (a string)', (x) => ({ t: t(1900), type: 'end', exitCode: x, durationMs: 1900 })),
  at('end.durationMs (a string)', 'end', 'durationMs'),
  line('unknown record type', (x) => ({ t: t(1400), type: x, note: 'from the future' })),
  // mcp-rec
  line('mcp-rec ts (a string)', (x) => ({
    ts: x,
    dir: 'client->server',
    msg: rpc({ id: 8, method: 'tools/call', params: { name: 'when' } }),
  })),
  at('mcp-rec tool name', 'mcpRecCall', 'msg', 'params', 'name'),
  at('mcp-rec result text', 'mcpRecReply', 'msg', 'result', 'content', 0, 'text'),
];

/**
 * A recording in another format, with the fields that format defines: an mcp-rec file
 * (JSONL of `{ts, dir, msg}`, no meta or end line), or an mcp-recorder cassette (one
 * JSON document, written pretty as mcp-recorder does). `lines` are its records (the
 * cassette's only one is the document).
 */
export interface Recording {
  format: 'mcp-rec' | 'cassette';
  base(): TraceDraft;
  fields: readonly Field[];
}

const ts = (ms: number) => (T0 + ms) / 1000;

/** An mcp-rec recording of every record shape mcp-rec writes. */
function recDraft(): TraceDraft {
  const roles: [string, Obj][] = [
    [
      'init',
      {
        ts: ts(0),
        dir: 'client->server',
        msg: rpc({ id: 1, method: 'initialize', params: { clientInfo: { name: 'client', version: '1' } } }),
      },
    ],
    [
      'initReply',
      { ts: ts(40), dir: 'server->client', msg: rpc({ id: 1, result: { serverInfo: { name: 'srv', version: '2' } } }) },
    ],
    [
      'call',
      {
        ts: ts(100),
        dir: 'client->server',
        msg: rpc({ id: 2, method: 'tools/call', params: { name: 'read_file', arguments: { path: '/x' } } }),
      },
    ],
    [
      'reply',
      {
        ts: ts(160),
        dir: 'server->client',
        msg: rpc({ id: 2, result: { isError: true, content: [{ type: 'text', text: 'denied' }] } }),
      },
    ],
    ['erring', { ts: ts(200), dir: 'client->server', msg: rpc({ id: 3, method: 'resources/read', params: {} }) }],
    [
      'error',
      { ts: ts(230), dir: 'server->client', msg: rpc({ id: 3, error: { code: -32601, message: 'no such method' } }) },
    ],
    ['notification', { ts: ts(300), dir: 'server->client', msg: rpc({ method: 'notifications/message' }) }],
    // A line on the pipe that was no JSON: mcp-rec records it as it came.
    ['unparsed', { ts: ts(350), dir: 'server->client', msg: { _raw: 'garbage', _unparsed: true } }],
    ['last', { ts: ts(400), dir: 'client->server', msg: rpc({ method: 'notifications/cancelled' }) }],
  ];
  return draftOf(roles);
}

/** An mcp-recorder cassette: its metadata, a call with its answer, an error, a notification, a pending call. */
function cassetteDraft(): TraceDraft {
  const call = {
    type: 'jsonrpc_request',
    request: rpc({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }),
    response: { result: { content: [{ type: 'text', text: 'Echo: hi' }] }, jsonrpc: '2.0', id: 1 },
    response_is_sse: false,
    response_status: 200,
    latency_ms: 4,
    http_method: 'POST',
    http_path: '/mcp',
  };
  const erring = {
    type: 'jsonrpc_request',
    request: rpc({ id: 2, method: 'resources/read', params: { uri: 'demo://x' } }),
    response: rpc({ id: 2, error: { code: -32602, message: 'not found' } }),
    latency_ms: 2,
  };
  const notification = { type: 'notification', request: rpc({ method: 'notifications/initialized' }), response: null };
  const pending = { type: 'jsonrpc_request', request: rpc({ id: 3, method: 'tools/list' }), response: null };
  const doc = {
    version: '1.0',
    metadata: {
      recorded_at: '2026-05-12T23:00:00.000000+00:00',
      server_url: 'stdio://node server.js',
      transport_type: 'stdio',
      protocol_version: '2025-11-25',
      server_info: { name: 'everything', title: 'Everything', version: '2.0.0' },
    },
    interactions: [call, erring, notification, pending],
  };
  return draftOf([
    ['doc', doc],
    ['metadata', doc.metadata],
    ['call', call],
    ['erring', erring],
    ['notification', notification],
    ['pending', pending],
  ]);
}

/** A draft over `roles` whose lines are the roles' objects (the first only, for a document). */
function draftOf(roles: [string, Obj][]): TraceDraft {
  const lines = roles.map(([, line]) => line);
  return {
    lines,
    at: Object.fromEntries(roles),
    add: (line) => {
      lines.push(line);
      return line;
    },
  };
}

export const RECORDINGS: readonly Recording[] = [
  {
    format: 'mcp-rec',
    base: recDraft,
    fields: [
      at('mcp-rec: ts (a string)', 'last', 'ts'),
      line('mcp-rec: dir', (x) => ({ ts: ts(380), dir: x, msg: rpc({ method: 'x/y' }) })),
      line('mcp-rec: dir (an arrow)', (x) => ({ ts: ts(390), dir: `${x}->server`, msg: rpc({ method: 'x/y' }) })),
      at('mcp-rec: clientInfo.name', 'init', 'msg', 'params', 'clientInfo', 'name'),
      at('mcp-rec: serverInfo.name', 'initReply', 'msg', 'result', 'serverInfo', 'name'),
      both('mcp-rec: id (request and response)', at('', 'call', 'msg', 'id'), at('', 'reply', 'msg', 'id')),
      at('mcp-rec: method', 'erring', 'msg', 'method'),
      at('mcp-rec: tool name', 'call', 'msg', 'params', 'name'),
      key('mcp-rec: argument key', 'call', 'msg', 'params', 'arguments'),
      at('mcp-rec: argument value', 'call', 'msg', 'params', 'arguments', 'path'),
      at('mcp-rec: result text (isError)', 'reply', 'msg', 'result', 'content', 0, 'text'),
      at('mcp-rec: error message', 'error', 'msg', 'error', 'message'),
      at('mcp-rec: notification method', 'notification', 'msg', 'method'),
      at('mcp-rec: _raw (an unparsed line)', 'unparsed', 'msg', '_raw'),
      line('mcp-rec: msg (a bare string)', (x) => ({ ts: ts(395), dir: 'client->server', msg: x })),
    ],
  },
  {
    format: 'cassette',
    base: cassetteDraft,
    fields: [
      at('cassette: version', 'doc', 'version'),
      at('cassette: metadata.recorded_at', 'metadata', 'recorded_at'),
      at('cassette: metadata.server_url', 'metadata', 'server_url'),
      at('cassette: metadata.transport_type', 'metadata', 'transport_type'),
      at('cassette: metadata.protocol_version', 'metadata', 'protocol_version'),
      at('cassette: server_info.name', 'metadata', 'server_info', 'name'),
      at('cassette: server_info.title', 'metadata', 'server_info', 'title'),
      at('cassette: server_info.version', 'metadata', 'server_info', 'version'),
      key('cassette: metadata key', 'metadata'),
      both('cassette: id (request and response)', at('', 'call', 'request', 'id'), at('', 'call', 'response', 'id')),
      at('cassette: method', 'erring', 'request', 'method'),
      at('cassette: tool name', 'call', 'request', 'params', 'name'),
      key('cassette: argument key', 'call', 'request', 'params', 'arguments'),
      at('cassette: argument value', 'call', 'request', 'params', 'arguments', 'message'),
      at('cassette: result text', 'call', 'response', 'result', 'content', 0, 'text'),
      at('cassette: error message', 'erring', 'response', 'error', 'message'),
      at('cassette: notification method', 'notification', 'request', 'method'),
      at('cassette: interaction type', 'pending', 'type'),
      at('cassette: latency_ms (a string)', 'erring', 'latency_ms'),
      at('cassette: http_method', 'call', 'http_method'),
      at('cassette: http_path', 'call', 'http_path'),
    ],
  },
];
