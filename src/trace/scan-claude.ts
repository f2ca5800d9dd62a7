import { type AgentCounting, type AgentFrame, COUNTED, PART } from './formats/agents/agent-record.js';
import {
  BAIL,
  enterArray,
  enterObject,
  isArrayStart,
  isNumberStart,
  isObjectStart,
  mark,
  next,
  optString,
  plainDigits,
  RBRACE,
  RBRACKET,
  skipNumber,
  skipValue,
} from './json-scan.js';
import type { LineFacts } from './line-facts.js';
import { type BlockScan, block, K, key, NONE } from './scan-values.js';
import { bareTurnFacts, type TurnFacts, type TurnUsage } from './turn.js';

/*
 * Claude Code's transcript lines, as the record scanner (scan-line.ts) reads them: the
 * members that make a line Claude Code's, its `message` (the Anthropic API's), and the
 * facts claude-code.ts and facts.ts make of the same line from JSON.parse's object.
 */

/** What the top-level members of a line say of it as Claude Code's (claudeLine below). */
export interface ClaudeScan {
  /** A `type` other than `turn` (an agent's line), or null when there is none. */
  type: string | null;
  /** The v1 `dir`: a line with one is no Claude Code line. */
  dir: string | null;
  timestamp: number | null;
  timestampIsString: boolean;
  requestId: string | null;
  cwd: string | null;
  session: string | null;
  branch: string | null;
  /** Keys whose presence alone decides what a line is (claude-code.ts `isClaudeCodeLine`, codex.ts, mcp-rec). */
  hasSession: boolean;
  hasUuid: boolean;
  hasParentUuid: boolean;
  hasPayload: boolean;
  hasTs: boolean;
  message: MessageScan;
}

/** A Claude Code line's `message`: the Anthropic API's, what claude-code.ts reads of it. */
export interface MessageScan {
  isObject: boolean;
  role: string | null;
  model: string | null;
  id: string | null;
  stopReason: string | null;
  /** Null when `usage` is no object. */
  usage: TurnUsage | null;
  thinkingExact: number | null;
  /** `usage.cache_creation.ephemeral_1h_input_tokens`, when a number. */
  hour: number | null;
  /** `usage.speed` is `fast`: the model is priced as its fast mode. */
  fast: boolean;
  blocks: BlockScan;
}

/**
 * A count of a Claude Code line, or null for another type. Only plain digits are read
 * here: JSON.parse's path counts such a line's usage by its double (count-text.ts reads
 * only a v1 turn's own `usage` by text), so any other number goes there.
 */
function plainCount(): number | null {
  if (!isNumberStart()) {
    skipValue();
    return null;
  }
  const v = plainDigits(skipNumber());
  if (v < 0) throw BAIL;
  return v;
}

function messageUsage(m: MessageScan): void {
  if (!isObjectStart()) return skipValue();
  const u: TurnUsage = { input: 0, output: 0, cacheRead: null, cacheWrite: null, cacheWrite1h: null };
  m.usage = u;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.input_tokens) u.input = plainCount() ?? 0;
      else if (k === K.output_tokens) u.output = plainCount() ?? 0;
      else if (k === K.cache_read_input_tokens) u.cacheRead = plainCount();
      else if (k === K.cache_creation_input_tokens) u.cacheWrite = plainCount();
      else if (k === K.thinking_tokens) m.thinkingExact = plainCount();
      else if (k === K.speed) m.fast = optString() === 'fast';
      else if (k === K.cache_creation && isObjectStart()) {
        let seenCreation = 0;
        if (enterObject()) {
          do {
            const c = key();
            seenCreation = mark(seenCreation, c);
            if (c === K.ephemeral_1h_input_tokens) m.hour = plainCount();
            else skipValue();
          } while (next(RBRACE));
        }
      } else skipValue();
    } while (next(RBRACE));
  }
}

export function messageValue(m: MessageScan): void {
  if (!isObjectStart()) return skipValue();
  m.isObject = true;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.role) m.role = optString();
      else if (k === K.model) m.model = optString();
      else if (k === K.id) m.id = optString(false);
      else if (k === K.stop_reason) m.stopReason = optString();
      else if (k === K.usage) messageUsage(m);
      else if (k === K.content && isArrayStart()) {
        if (enterArray()) {
          do block(m.blocks);
          while (next(RBRACKET));
        }
      } else skipValue();
    } while (next(RBRACE));
  }
}

/** Types that are Claude Code's even on a line with no session fields (as claude-code.ts has them). */
const CLAUDE_OWN_TYPES = new Set(['file-history-snapshot', 'queue-operation', 'summary']);

/**
 * Whether a line with no `dir` is Claude Code's, as parse-line.ts and claude-code.ts
 * decide it: with a type (not the v1 format's, no Codex `payload`), one of Claude's
 * own or a line with session fields or a message; with none, a message and a time (and
 * nothing of an mcp-rec line). Anything else is for JSON.parse to decide.
 */
export function claudeLine(r: ClaudeScan): boolean {
  const type = r.type;
  if (r.dir !== null) return false;
  if (type === null) return r.message.isObject && r.timestampIsString && !r.hasTs;
  if (r.hasPayload || type === 'meta' || type === 'end') return false;
  return CLAUDE_OWN_TYPES.has(type) || r.hasSession || r.hasUuid || r.hasParentUuid || r.message.isObject;
}

/** The last frame made: a session's lines all say the same, and one object serves them. */
let lastFrame: AgentFrame = { agent: 'claude-code', cwd: null, branch: null, session: null };

function frameOf(r: ClaudeScan): AgentFrame | null {
  if (r.cwd === null && r.session === null) return null;
  const f = lastFrame;
  if (f.cwd === r.cwd && f.session === r.session && f.branch === r.branch) return f;
  lastFrame = { agent: 'claude-code', cwd: r.cwd, branch: r.branch, session: r.session };
  return lastFrame;
}

/** Claude Code's placeholder for an answer no API call gave: no generation (claude-code.ts). */
const SYNTHETIC_MODEL = '<synthetic>';

/** A scanned Claude Code line's facts, as claude-code.ts and facts.ts make them from JSON.parse's object. */
export function claudeFacts(r: ClaudeScan): LineFacts {
  const m = r.message;
  const t = r.timestamp;
  const frame = frameOf(r);
  const type = r.type;
  if (m.isObject && (type === 'user' || type === 'assistant' || type === null)) {
    const role = m.role ?? type ?? '(no role)';
    const assistant = role === 'assistant';
    // A user's line's usage is not read: only an answer's counts.
    const usage = assistant ? m.usage : null;
    if (usage !== null && m.hour !== null) usage.cacheWrite1h = m.hour;
    let counting: AgentCounting = COUNTED;
    if (assistant)
      counting =
        m.model === SYNTHETIC_MODEL
          ? PART
          : {
              ...COUNTED,
              response: m.id === null ? null : r.requestId === null ? m.id : `${m.id}:${r.requestId}`,
            };
    const thinkingExact = usage === null ? null : m.thinkingExact;
    const chars = m.blocks.thinkingChars;
    const turn: TurnFacts = {
      role,
      model: !assistant || m.model === null ? null : m.usage !== null && m.fast ? `${m.model}-fast` : m.model,
      echoed: false,
      truncated: assistant && m.stopReason === 'truncated',
      usage,
      thinkingExact,
      thinkingEstimated: thinkingExact === null && chars > 0 ? Math.max(1, Math.round(chars / 4)) : null,
      ttftMs: null,
      durationMs: null,
      toolUses: m.blocks.toolUses === NONE ? [] : m.blocks.toolUses,
      toolResults: m.blocks.toolResults === NONE ? [] : m.blocks.toolResults,
      agent: counting,
    };
    return { kind: 'turn', t, source: null, corr: null, turn, frame };
  }
  if (type === 'system')
    return { kind: 'turn', t, source: null, corr: null, turn: bareTurnFacts('system', PART), frame };
  return { kind: 'other', t, type: type ?? '(no type)', model: null, frame };
}
