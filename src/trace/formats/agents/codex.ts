import { countOf, INVALID_COUNT, notACount } from '../../../kit/counts.js';
import { isObject, isoMs, type Json, type JsonObject, num, str } from '../../../kit/values.js';
import { type AgentFrame, type AgentRecord, COUNTED, PART, placeholder, textBlock, v1Turn } from './agent-record.js';

/*
 * A Codex CLI session (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): one
 * `{timestamp, type, payload}` per line. `response_item`s are the conversation (the
 * model's messages, reasoning and tool calls, their outputs, the user's messages);
 * `event_msg`s are what the CLI showed (mostly copies of the items) and the usage of
 * each model response (`token_count`); `turn_context` names the model of what follows.
 */

/** A Codex line: `{timestamp, type, payload}`. */
export const isCodexLine = (o: JsonObject): boolean =>
  typeof o.type === 'string' && 'payload' in o && typeof o.timestamp === 'string';

/** A content item's text (`input_text`, `output_text`, `summary_text`), or null. */
function itemText(v: Json): string | null {
  return isObject(v) ? str(v.text) : typeof v === 'string' ? v : null;
}

function textBlocks(content: Json | undefined): Json[] {
  if (typeof content === 'string') return [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.map((c) => {
    const text = itemText(c);
    return text !== null ? textBlock(text) : placeholder(isObject(c) ? (str(c.type) ?? 'content') : 'content');
  });
}

/** A function call's `arguments`: JSON text, read as its value when it is one. */
function argumentsOf(text: Json | undefined): Json {
  if (typeof text !== 'string') return text ?? {};
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/**
 * Whether a tool's output says it failed: a shell command's non-zero `exit_code` (in
 * the JSON text Codex writes as the output), an MCP result's `isError`, or `success: false`.
 */
function outputFailed(output: Json | undefined): boolean {
  let v: Json | undefined = output;
  if (typeof output === 'string' && output.startsWith('{')) v = argumentsOf(output);
  if (!isObject(v)) return false;
  if (v.success === false || v.isError === true) return true;
  const code = isObject(v.metadata) ? num(v.metadata.exit_code) : null;
  return code !== null && code !== 0;
}

function responseItem(p: JsonObject, t: number | null, frame: AgentFrame | null): AgentRecord {
  const type = str(p.type) ?? '(no type)';
  const turn = (role: string, blocks: Json[]): AgentRecord => ({
    kind: 'turn',
    t,
    turn: v1Turn(role, blocks),
    counting: PART,
    frame,
  });
  const callId = str(p.call_id) ?? str(p.id);
  switch (type) {
    case 'message': {
      const role = str(p.role) ?? '(no role)';
      return turn(role === 'developer' ? 'system' : role, textBlocks(p.content));
    }
    case 'reasoning': {
      const summary = Array.isArray(p.summary) ? p.summary.map(itemText).filter((s) => s !== null) : [];
      return turn('assistant', [{ type: 'thinking', thinking: summary.join('\n\n') }]);
    }
    case 'function_call':
      return turn('assistant', [
        { type: 'tool_use', id: callId, name: p.name ?? null, input: argumentsOf(p.arguments) },
      ]);
    case 'custom_tool_call':
      return turn('assistant', [{ type: 'tool_use', id: callId, name: p.name ?? null, input: p.input ?? null }]);
    case 'local_shell_call':
      return turn('assistant', [{ type: 'tool_use', id: callId, name: 'local_shell', input: p.action ?? null }]);
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output': {
      const output = p.output ?? null;
      const content = Array.isArray(output) ? textBlocks(output) : typeof output === 'string' ? output : [];
      return turn('user', [{ type: 'tool_result', tool_use_id: callId, content, is_error: outputFailed(output) }]);
    }
    default:
      return turn('assistant', [placeholder(type)]);
  }
}

/** A count Codex gives, or 0 when it gives none. */
const tokens = (u: JsonObject, key: string): number => {
  const v = u[key];
  return typeof v === 'number' ? countOf(v) : 0;
};

/**
 * A `token_count` event: the usage of the model response before it, `last_token_usage`
 * (`total_token_usage` is the session's running sum, a check rather than a count).
 * Codex's `input_tokens` include the cached ones: the v1 input excludes them.
 */
function tokenCount(p: JsonObject, t: number | null, frame: AgentFrame | null): AgentRecord {
  const info = isObject(p.info) ? p.info : null;
  const last = info && isObject(info.last_token_usage) ? info.last_token_usage : null;
  if (last === null) return { kind: 'other', t, type: 'token_count', model: null, frame };
  const cached = tokens(last, 'cached_input_tokens');
  const input = tokens(last, 'input_tokens');
  const usage: JsonObject = {
    // A count that is none stays none: the turn is then left out of the sums, as any such turn.
    input_tokens: notACount(input) ? input : notACount(cached) ? INVALID_COUNT : Math.max(0, input - cached),
    output_tokens: tokens(last, 'output_tokens'),
    cache_read_input_tokens: cached,
    thinking_tokens: tokens(last, 'reasoning_output_tokens'),
  };
  const model = str(info?.model) ?? str(p.model);
  const more: JsonObject = { usage };
  if (model !== null) more.model = model;
  return {
    kind: 'turn',
    t,
    turn: v1Turn('assistant', [placeholder('token_count')], more),
    counting: { ...COUNTED, inheritsModel: model === null },
    frame,
  };
}

/** A Codex line as a v1 turn or another record; null when it is not one. */
export function codexRecord(o: JsonObject): AgentRecord | null {
  if (!isCodexLine(o)) return null;
  const t = isoMs(o.timestamp);
  const p = isObject(o.payload) ? o.payload : {};
  const type = o.type as string;
  switch (type) {
    case 'session_meta': {
      const git = isObject(p.git) ? p.git : {};
      const frame: AgentFrame = { agent: 'codex', cwd: str(p.cwd), branch: str(git.branch), session: str(p.id) };
      return { kind: 'other', t, type, model: null, frame };
    }
    case 'turn_context':
      return { kind: 'other', t, type, model: str(p.model), frame: null };
    case 'response_item':
      return responseItem(p, t, null);
    case 'event_msg': {
      const event = str(p.type) ?? 'event_msg';
      return event === 'token_count'
        ? tokenCount(p, t, null)
        : { kind: 'other', t, type: event, model: null, frame: null };
    }
    default:
      return { kind: 'other', t, type, model: null, frame: null };
  }
}
