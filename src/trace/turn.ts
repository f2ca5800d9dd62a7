import { countOf, timeOf } from '../kit/counts.js';
import { isObject, type JsonObject, str } from '../kit/values.js';
import { argsKeyOfValue } from './args-key.js';
import type { AgentCounting } from './formats/agents/agent-record.js';
import { contentText } from './rpc.js';

/** What a turn contributes to aggregates, pairing and lists. */
export interface TurnFacts {
  role: string;
  model: string | null;
  echoed: boolean;
  truncated: boolean;
  /** Null when the turn has no `usage` object. */
  usage: TurnUsage | null;
  /** Exact `usage.thinking_tokens`, or null. */
  thinkingExact: number | null;
  /** Estimated from thinking text when no exact count: max(1, round(chars/4)), else null. */
  thinkingEstimated: number | null;
  ttftMs: number | null;
  durationMs: number | null;
  /** Each tool_use block: its id, tool, and `input` as a key and its canonical size in bytes (args-key.ts). */
  toolUses: { id: string | null; name: string; argsKey: number; argsSize: number }[];
  toolResults: { toolUseId: string | null; isError: boolean; text: string }[];
  /** How an agent transcript's turn counts (agents/agent-record.ts); null for a v1 turn. */
  agent: AgentCounting | null;
}

export interface TurnUsage {
  input: number;
  output: number;
  /** Null when the field is absent or not a number. */
  cacheRead: number | null;
  cacheWrite: number | null;
  /**
   * Of `cacheWrite`, the tokens cached for an hour, priced at their own rate. Agent
   * transcripts only: a v1 trace's usage extras are ignored (the format says so).
   */
  cacheWrite1h?: number | null;
}

/** A turn's facts with nothing in it but its role and how it counts: a system line's, or a scratch to fill. */
export function bareTurnFacts(role: string, agent: AgentCounting | null): TurnFacts {
  return {
    role,
    model: null,
    echoed: false,
    truncated: false,
    usage: null,
    thinkingExact: null,
    thinkingEstimated: null,
    ttftMs: null,
    durationMs: null,
    toolUses: [],
    toolResults: [],
    agent,
  };
}

export function turnFacts(o: JsonObject): TurnFacts {
  const blocks = Array.isArray(o.blocks) ? o.blocks : [];
  const toolUses: TurnFacts['toolUses'] = [];
  const toolResults: TurnFacts['toolResults'] = [];
  let thinkingChars = 0;
  for (const b of blocks) {
    if (!isObject(b)) continue;
    const type = b.type;
    if (type === 'thinking' && typeof b.thinking === 'string') thinkingChars += b.thinking.length;
    else if (type === 'tool_use') {
      const args = argsKeyOfValue(b.input);
      toolUses.push({ id: str(b.id), name: str(b.name) ?? '(unknown)', argsKey: args.key, argsSize: args.size });
    } else if (type === 'tool_result') {
      // The text matters only as an error message; a successful result's is never read.
      const isError = b.is_error === true;
      toolResults.push({ toolUseId: str(b.tool_use_id), isError, text: isError ? contentText(b.content) : '' });
    }
  }
  const timing = isObject(o.timing) ? o.timing : null;
  const thinkingExact = isObject(o.usage) ? count(o.usage.thinking_tokens) : null;
  return {
    role: str(o.role) ?? '(no role)',
    model: str(o.model),
    echoed: o.echoed === true,
    truncated: o.truncated === true || o.stop_reason === 'truncated',
    usage: usageOf(o.usage),
    thinkingExact,
    thinkingEstimated: thinkingExact === null && thinkingChars > 0 ? Math.max(1, Math.round(thinkingChars / 4)) : null,
    ttftMs: time(timing?.ttft_ms),
    durationMs: time(timing?.duration_ms),
    toolUses,
    toolResults,
    agent: null,
  };
}

/**
 * A number as a count (`countOf`: overflow or invalid kept as a sentinel), null for
 * another type. JSON.parse has rounded it: facts.ts puts back the counts whose text
 * matters (count-text.ts).
 */
const count = (v: unknown): number | null => (typeof v === 'number' ? countOf(v) : null);
const time = (v: unknown): number | null => (typeof v === 'number' ? timeOf(v) : null);

/**
 * The usage invariant: input excludes cache tokens; thinking is a subset of output,
 * never added to it. Non-numbers count as 0 in sums (stats.md).
 */
function usageOf(u: unknown): TurnUsage | null {
  if (!isObject(u)) return null;
  return {
    input: count(u.input_tokens) ?? 0,
    output: count(u.output_tokens) ?? 0,
    cacheRead: count(u.cache_read_input_tokens),
    cacheWrite: count(u.cache_creation_input_tokens),
    cacheWrite1h: null,
  };
}
