import { isObject, isoMs, type Json, type JsonObject, str } from '../../../kit/values.js';
import {
  type AgentCounting,
  type AgentFrame,
  type AgentRecord,
  COUNTED,
  PART,
  placeholder,
  textBlock,
  v1Turn,
} from './agent-record.js';

/*
 * A Claude Code transcript (`~/.claude/projects/<project>/<session>.jsonl`): one JSON
 * object per line, each a message of the conversation (`user`, `assistant`, `system`)
 * or a line of the agent's own (`summary`, `progress`, `file-history-snapshot`,
 * `queue-operation`, and whatever comes next). A message's `message` is the Anthropic
 * API's: its content blocks and usage are already the v1 format's.
 */

/** Types that are Claude Code's even on a line with no session fields. */
const OWN_TYPES = new Set(['file-history-snapshot', 'queue-operation', 'summary']);
/** The v1 format's own record types: never a Claude Code line. */
const V1_TYPES = new Set(['meta', 'turn', 'end']);

/**
 * A Claude Code line: a `type` with the fields every line of a session carries, or (as
 * in older transcripts and ccusage's fixtures) no type but an API `message` and a time.
 */
export function isClaudeCodeLine(o: JsonObject): boolean {
  const type = o.type;
  if (typeof type === 'string') {
    if (V1_TYPES.has(type) || 'dir' in o || 'payload' in o) return false;
    return OWN_TYPES.has(type) || 'sessionId' in o || 'uuid' in o || 'parentUuid' in o || isObject(o.message);
  }
  return type === undefined && isObject(o.message) && typeof o.timestamp === 'string' && !('dir' in o);
}

function frameOf(o: JsonObject): AgentFrame | null {
  const cwd = str(o.cwd);
  const session = str(o.sessionId);
  if (cwd === null && session === null) return null;
  return { agent: 'claude-code', cwd, branch: str(o.gitBranch), session };
}

/** A message's content as v1 blocks: a string is one text block; blocks of any type pass as they are. */
function blocksOf(content: Json | undefined): Json[] {
  if (typeof content === 'string') return [textBlock(content)];
  return Array.isArray(content) ? content : [];
}

/**
 * Claude Code's placeholder for an answer no API call gave (an error, an interruption):
 * it has a model of its own name and zero usage, and is no generation.
 */
const SYNTHETIC_MODEL = '<synthetic>';

/** The line's API response: `message.id` with the request's id when there is one. */
function responseKey(o: JsonObject, message: JsonObject): string | null {
  const id = str(message.id);
  if (id === null) return null;
  const request = str(o.requestId);
  return request === null ? id : `${id}:${request}`;
}

/** A Claude Code line as a v1 turn or another record; null when it is not one. */
export function claudeCodeRecord(o: JsonObject): AgentRecord | null {
  if (!isClaudeCodeLine(o)) return null;
  const t = isoMs(o.timestamp);
  const frame = frameOf(o);
  const type = str(o.type);
  const message = isObject(o.message) ? o.message : null;
  if (message !== null && (type === 'user' || type === 'assistant' || type === null)) {
    const role = str(message.role) ?? type ?? '(no role)';
    const usage = isObject(message.usage) ? message.usage : null;
    const more: JsonObject = {};
    let counting: AgentCounting = COUNTED;
    if (role === 'assistant') {
      const model = str(message.model);
      if (model !== null) more.model = usage?.speed === 'fast' ? `${model}-fast` : model;
      if (usage !== null) more.usage = usage;
      if (typeof message.stop_reason === 'string') more.stop_reason = message.stop_reason;
      counting = model === SYNTHETIC_MODEL ? PART : { ...COUNTED, response: responseKey(o, message) };
    }
    return { kind: 'turn', t, turn: v1Turn(role, blocksOf(message.content), more), counting, frame };
  }
  if (type === 'system') {
    const text = str(o.content);
    const blocks = text !== null ? [textBlock(text)] : [placeholder(str(o.subtype) ?? 'system')];
    return { kind: 'turn', t, turn: v1Turn('system', blocks), counting: PART, frame };
  }
  return { kind: 'other', t, type: type ?? '(no type)', model: null, frame };
}
