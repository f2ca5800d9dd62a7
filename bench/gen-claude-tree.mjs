// Writes a tree of Claude Code sessions as Claude Code lays them out, for the report bench:
//   DIR/projects/<project>/<session>.jsonl and DIR/projects/<project>/<session>/subagents/agent-*.jsonl
// Deterministic for a seed. Line shapes are those of real transcripts (test/fixtures/agent-sessions,
// ../shared/data/agent-sessions): a line per content block of an API response with the
// response's message.id, requestId and usage repeated (the final output count on the last
// copy), tool_use and tool_result with Claude Code's toolUseResult copy, progress lines
// (hooks, and a subagent's messages copied into its parent), summary, file-history-snapshot
// and system lines, MCP tools, file contents full of escapes and some non-ASCII text.
//
//   node bench/gen-claude-tree.mjs --mb 1024 --out DIR [--seed 1]
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '100' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
});
if (!values.out) throw new Error('--out DIR is required');
const TOTAL = Number(values.mb) * 2 ** 20;

// mulberry32: a small seeded generator, so every run writes the same bytes.
let seed = Number(values.seed) >>> 0 || 1;
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const hex = (n) => {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(rand() * 16)];
  return s;
};
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
const b58 = (n) => {
  const A = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < n; i++) s += A[Math.floor(rand() * A.length)];
  return s;
};

const WORDS =
  'the a to of and in that is for it with as on be this by are file function test we should can from which use add fix change error value type return code line run check update new data config server tool call result state when then not'.split(
    ' ',
  );
const prose = (n) => {
  const w = [];
  for (let i = 0; i < n; i++) w.push(pick(WORDS));
  if (rand() < 0.1) w.push(pick(['café', 'naïve', '→', '✓', '日本語', '🚀', 'Größe']));
  return `${w.join(' ')}.`;
};
/** Source code as a tool reads it: numbered lines, quotes, tabs and indentation (escapes in JSON). */
const fileText = (bytes) => {
  const lines = [];
  let n = 0;
  let len = 0;
  while (len < bytes) {
    const indent = '  '.repeat(int(0, 4));
    const l = pick([
      `${indent}const ${pick(WORDS)}Value = await ${pick(WORDS)}("${pick(WORDS)}", { ${pick(WORDS)}: ${int(0, 999)} });`,
      `${indent}if (${pick(WORDS)} === '${pick(WORDS)}') return null;`,
      `${indent}// ${prose(int(4, 14))}`,
      `${indent}}`,
      `${indent}export function ${pick(WORDS)}${pick(WORDS)}(x: string): number {`,
      `${indent}\tthrow new Error(\`${prose(5)}\`);`,
      '',
    ]);
    n++;
    const numbered = `${String(n).padStart(6)}→${l}`;
    lines.push(numbered);
    len += numbered.length + 1;
  }
  return lines.join('\n');
};

const MODELS = [
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-1-20250805',
  'claude-haiku-4-5-20251001',
  'claude-sonnet-4-20250514',
];
const TOOLS = [
  'Read',
  'Bash',
  'Edit',
  'Grep',
  'Glob',
  'Write',
  'TodoWrite',
  'mcp__github__get_issue',
  'mcp__playwright__browser_snapshot',
  'mcp__plugin_linear_linear__list_issues',
];

class Session {
  constructor(dir, cwd, sessionId, sidechain, agentId) {
    this.fd = openSync(join(dir, sidechain ? `agent-${agentId}.jsonl` : `${sessionId}.jsonl`), 'w');
    this.cwd = cwd;
    this.sessionId = sessionId;
    this.sidechain = sidechain;
    this.agentId = agentId;
    this.parent = null;
    this.t = Date.UTC(2025, int(6, 10), int(1, 28), int(0, 23), int(0, 59), int(0, 59), int(0, 999));
    this.bytes = 0;
    this.branch = pick(['main', 'master', 'feature/tool-calls', 'fix-ci', '']);
    this.model = pick(MODELS);
    this.pending = []; // lines buffered, written in 256 KiB writes
    this.pendingBytes = 0;
  }
  tick(ms) {
    this.t += ms;
    return new Date(this.t).toISOString();
  }
  write(obj) {
    const line = `${JSON.stringify(obj)}\n`;
    this.pending.push(line);
    this.pendingBytes += line.length;
    this.bytes += Buffer.byteLength(line);
    if (this.pendingBytes > 1 << 18) this.flush();
  }
  flush() {
    if (this.pending.length) writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
  }
  close() {
    this.flush();
    closeSync(this.fd);
  }
  head(type) {
    const u = uuid();
    const o = {
      parentUuid: this.parent,
      isSidechain: this.sidechain,
      userType: 'external',
      cwd: this.cwd,
      sessionId: this.sessionId,
      version: '2.0.14',
      gitBranch: this.branch,
    };
    if (this.sidechain) o.agentId = this.agentId;
    o.type = type;
    this.parent = u;
    return [o, u];
  }
  user(content, extra = {}) {
    const [o, u] = this.head('user');
    o.message = { role: 'user', content };
    o.uuid = u;
    o.timestamp = this.tick(int(200, 60_000));
    Object.assign(o, extra);
    this.write(o);
  }
  /** One API response as Claude Code writes it: a line per block, usage repeated, output final on the last. */
  response(blocks) {
    const id = `msg_01${b58(22)}`;
    const requestId = `req_011C${b58(18)}`;
    const input = int(1, 12);
    const cacheRead = int(0, 150_000);
    const cacheWrite = int(0, 30_000);
    const output = int(20, 4_000);
    blocks.forEach((block, i) => {
      const last = i === blocks.length - 1;
      const [o, u] = this.head('assistant');
      delete o.type;
      o.message = {
        id,
        type: 'message',
        role: 'assistant',
        model: this.model,
        content: [block],
        stop_reason: last && block.type === 'tool_use' ? 'tool_use' : null,
        stop_sequence: null,
        usage: {
          input_tokens: input,
          cache_creation_input_tokens: cacheWrite,
          cache_read_input_tokens: cacheRead,
          cache_creation: { ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0 },
          output_tokens: last ? output : int(1, 30),
          service_tier: 'standard',
        },
      };
      o.requestId = requestId;
      o.type = 'assistant';
      o.uuid = u;
      o.timestamp = this.tick(int(5, 3_000));
      this.write(o);
    });
  }
  other(obj) {
    this.write(obj);
  }
}

/** A tool call and its result: the result's text, with Claude Code's copy of it in toolUseResult. */
function toolExchange(s, tool) {
  const id = `toolu_01${b58(22)}`;
  let input;
  let result;
  let copy;
  const path = `${s.cwd}/src/${pick(WORDS)}/${pick(WORDS)}.ts`;
  // Mostly small results, some big files: real sessions' bytes are mostly a few large results.
  const size = rand() < 0.06 ? int(20_000, 200_000) : int(200, 6_000);
  if (tool === 'Read') {
    input = { file_path: path };
    result = fileText(size);
    copy = {
      type: 'text',
      file: { filePath: path, content: result, numLines: result.split('\n').length, startLine: 1, totalLines: 400 },
    };
  } else if (tool === 'Bash') {
    input = { command: `npm test -- ${pick(WORDS)}`, description: prose(5) };
    result = fileText(size);
    copy = { stdout: result, stderr: '', interrupted: false, isImage: false };
  } else if (tool === 'Edit') {
    const old = fileText(int(100, 1_500));
    input = { file_path: path, old_string: old, new_string: `${old}\n// ${prose(6)}` };
    result = `The file ${path} has been updated. Here's the result of running \`cat -n\` on a snippet:\n${fileText(int(300, 2_000))}`;
    copy = {
      filePath: path,
      oldString: old,
      newString: input.new_string,
      originalFile: fileText(size),
      structuredPatch: [{ oldStart: 3, oldLines: 4, newStart: 3, newLines: 5, lines: [' a', '-b', '+c'] }],
      userModified: false,
    };
  } else if (tool === 'TodoWrite') {
    input = {
      todos: [
        { content: prose(8), status: 'in_progress', activeForm: prose(4) },
        { content: prose(6), status: 'pending', activeForm: prose(3) },
      ],
    };
    result =
      'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress.';
    copy = { oldTodos: [], newTodos: input.todos };
  } else if (tool.startsWith('mcp__')) {
    input = { query: prose(4), limit: int(1, 50) };
    result = [
      {
        type: 'text',
        text: JSON.stringify({
          items: Array.from({ length: int(1, 20) }, () => ({ id: int(1, 1e6), title: prose(6), body: prose(40) })),
        }),
      },
    ];
    copy = result;
  } else {
    input = { pattern: pick(WORDS), path: s.cwd };
    result = Array.from({ length: int(1, 60) }, () => `${s.cwd}/src/${pick(WORDS)}/${pick(WORDS)}.ts`).join('\n');
    copy = { filenames: result.split('\n'), numFiles: 3, durationMs: int(1, 400), truncated: false };
  }
  const isError = rand() < 0.04;
  return {
    id,
    input,
    result: isError ? `<tool_use_error>${prose(10)}</tool_use_error>` : result,
    copy: isError ? `Error: ${prose(10)}` : copy,
    isError,
  };
}

/** One exchange of a session: a prompt, then responses with tool calls until the model stops. */
function exchange(s, subagentOf) {
  s.user(prose(int(5, 80)), s.sidechain ? {} : { permissionMode: 'default' });
  if (!s.sidechain && rand() < 0.3)
    s.other({
      parentUuid: s.parent,
      isSidechain: false,
      userType: 'external',
      cwd: s.cwd,
      sessionId: s.sessionId,
      version: '2.0.14',
      gitBranch: s.branch,
      type: 'progress',
      data: {
        type: 'hook_progress',
        hookEvent: 'UserPromptSubmit',
        hookName: 'UserPromptSubmit',
        command: 'node ~/.claude/hooks/check.js',
      },
      parentToolUseID: `toolu_01${b58(22)}`,
      toolUseID: `toolu_01${b58(22)}`,
      timestamp: s.tick(3),
      uuid: uuid(),
    });
  const steps = int(1, 12);
  for (let i = 0; i < steps; i++) {
    const blocks = [];
    if (rand() < 0.4) blocks.push({ type: 'thinking', thinking: prose(int(20, 300)), signature: b58(int(200, 600)) });
    if (rand() < 0.6) blocks.push({ type: 'text', text: prose(int(5, 120)) });
    const tools = i === steps - 1 ? [] : Array.from({ length: rand() < 0.2 ? int(2, 4) : 1 }, () => pick(TOOLS));
    const calls = tools.map((tool) => ({ tool, ...toolExchange(s, tool) }));
    for (const c of calls) blocks.push({ type: 'tool_use', id: c.id, name: c.tool, input: c.input });
    if (blocks.length === 0) blocks.push({ type: 'text', text: prose(10) });
    s.response(blocks);
    for (const c of calls) {
      const [o, u] = s.head('user');
      o.message = {
        role: 'user',
        content: [
          { tool_use_id: c.id, type: 'tool_result', content: c.result, ...(c.isError ? { is_error: true } : {}) },
        ],
      };
      o.uuid = u;
      o.timestamp = s.tick(int(50, 20_000));
      o.toolUseResult = c.copy;
      s.write(o);
    }
    // A Task call's subagent: its messages copied into the parent as progress lines.
    if (subagentOf && rand() < 0.02) subagentOf(s);
  }
  if (rand() < 0.2)
    s.other({
      parentUuid: s.parent,
      isSidechain: s.sidechain,
      userType: 'external',
      cwd: s.cwd,
      sessionId: s.sessionId,
      version: '2.0.14',
      gitBranch: s.branch,
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      isMeta: false,
      timestamp: s.tick(10),
      uuid: uuid(),
      level: 'info',
    });
}

const root = join(values.out, 'projects');
mkdirSync(root, { recursive: true });
const projects = Array.from({ length: 24 }, (_, i) => {
  const cwd = `/home/dev/work/${pick(WORDS)}-${pick(WORDS)}-${i}`;
  return { cwd, name: cwd.replaceAll('/', '-') };
});
let written = 0;
let sessions = 0;
let files = 0;
while (written < TOTAL) {
  const p = pick(projects);
  const dir = join(root, p.name);
  mkdirSync(dir, { recursive: true });
  const sessionId = uuid();
  const s = new Session(dir, p.cwd, sessionId, false, null);
  files++;
  sessions++;
  // Sessions from tens of KiB to several MiB, a few much bigger: most bytes are in the big ones.
  const target = rand() < 0.1 ? int(4 << 20, 24 << 20) : int(20 << 10, 2 << 20);
  if (rand() < 0.5) s.other({ type: 'summary', summary: prose(6), leafUuid: uuid() });
  const subagents = [];
  const subagentOf = (parent) => {
    const agentId = hex(17);
    const subDir = join(dir, sessionId, 'subagents');
    mkdirSync(subDir, { recursive: true });
    const sub = new Session(subDir, p.cwd, sessionId, true, agentId);
    sub.t = parent.t;
    sub.model = pick(MODELS);
    files++;
    const steps = int(1, 4);
    for (let i = 0; i < steps; i++) {
      exchange(sub, null);
      // Claude Code copies the subagent's assistant lines into the parent as agent_progress.
      parent.other({
        parentUuid: parent.parent,
        isSidechain: false,
        userType: 'external',
        cwd: parent.cwd,
        sessionId,
        version: '2.0.14',
        gitBranch: parent.branch,
        type: 'progress',
        data: {
          type: 'agent_progress',
          agentId,
          message: {
            type: 'assistant',
            message: {
              id: `msg_01${b58(22)}`,
              type: 'message',
              role: 'assistant',
              model: sub.model,
              content: [{ type: 'text', text: prose(30) }],
              usage: {
                input_tokens: 3,
                output_tokens: int(10, 900),
                cache_read_input_tokens: int(0, 40_000),
                cache_creation_input_tokens: 0,
              },
            },
            requestId: `req_011C${b58(18)}`,
            timestamp: parent.tick(100),
          },
        },
        parentToolUseID: `toolu_01${b58(22)}`,
        toolUseID: `agent_msg_${b58(20)}`,
        timestamp: parent.tick(5),
        uuid: uuid(),
      });
    }
    subagents.push(sub);
  };
  const sessionBytes = () => s.bytes + subagents.reduce((n, x) => n + x.bytes, 0);
  while (sessionBytes() < target && written + sessionBytes() < TOTAL) {
    if (rand() < 0.05)
      s.other({
        type: 'file-history-snapshot',
        messageId: uuid(),
        snapshot: { messageId: uuid(), trackedFileBackups: {}, timestamp: new Date(s.t).toISOString() },
        isSnapshotUpdate: false,
      });
    exchange(s, subagentOf);
  }
  s.close();
  written += s.bytes;
  for (const sub of subagents) {
    sub.close();
    written += sub.bytes;
  }
}
process.stderr.write(`${sessions} sessions, ${files} files, ${(written / 2 ** 20).toFixed(0)} MiB in ${root}\n`);
