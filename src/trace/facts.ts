import { countOf } from '../kit/counts.js';
import { jsonPreview } from '../kit/json-write.js';
import { keepText } from '../kit/text.js';
import { isObject, type JsonObject, num, str } from '../kit/values.js';
import { turnNumbersByText } from './count-text.js';
import type { AgentCounting } from './formats/agents/agent-record.js';
import { keyNumberIdsByText } from './id-text.js';
import type { LineFacts, LlmError } from './line-facts.js';
import { type ParsedLine, parseLine } from './parse-line.js';
import { rpcInfo, rpcMessages } from './rpc.js';
import { scanLine } from './scan-line.js';
import { type TurnFacts, turnFacts } from './turn.js';

/** A line's facts from its bytes: the scanner when it knows the line, else JSON.parse. */
export function bytesFacts(buf: Buffer, start: number, stop: number): LineFacts {
  return scanLine(buf, start, stop) ?? lineFacts(buf.toString('utf8', start, stop));
}

/** One line of text → its facts, by JSON.parse (ids keyed by their text, see rpc.ts `IdKey`). */
export function lineFacts(text: string): LineFacts {
  const parsed = parseLine(text);
  const facts = factsOf(parsed);
  // JSON.parse rounded the number ids: key them by their text, as the scanner does.
  if (facts.kind === 'rpc' && parsed.kind === 'message') keyNumberIdsByText(text, parsed.rawKey, facts.messages);
  // And rounded the counts: a count is exact only when its text is.
  else if (facts.kind === 'turn') turnNumbersByText(text, facts.turn);
  return facts;
}

export function factsOf(parsed: ParsedLine): LineFacts {
  switch (parsed.kind) {
    case 'blank':
    case 'skip':
    case 'meta':
    case 'end':
      return parsed;
    case 'other':
      return {
        kind: 'other',
        t: parsed.t,
        type: parsed.type,
        model: parsed.agent?.model ?? null,
        frame: parsed.agent?.frame ?? null,
      };
    case 'turn': {
      const turn = ownIds(turnFacts(parsed.obj));
      if (parsed.agent) agentTurn(turn, parsed.obj, parsed.agent.counting);
      return {
        kind: 'turn',
        t: parsed.t,
        source: str(parsed.obj.source),
        corr: str(parsed.obj.corr_id),
        turn,
        frame: parsed.agent?.frame ?? null,
      };
    }
    case 'message': {
      const { t, dir, raw, obj } = parsed;
      if (dir === 'in' || dir === 'out')
        return {
          kind: 'rpc',
          t,
          dir,
          source: str(obj.source),
          corr: str(obj.corr_id),
          batch: Array.isArray(raw) && raw.length > 0,
          messages: rpcMessages(raw).map(rpcInfo),
        };
      if (dir === 'other') return { kind: 'otherDir', t, dirText: parsed.dirText };
      const kind = str(obj.kind);
      return {
        kind: 'event',
        t,
        dir,
        label: kind ?? rpcInfo(raw).method ?? dir,
        llmError: kind === 'llm.error' ? llmError(raw) : null,
      };
    }
  }
}

/**
 * Tool-use ids live as long as the store: copied (and bounded) here, so none is a
 * slice that keeps its whole parsed line alive. The scanner's are copies already.
 */
function ownIds(turn: TurnFacts): TurnFacts {
  for (const use of turn.toolUses) if (use.id !== null) use.id = keepText(use.id, 200);
  return turn;
}

/** An agent's turn: how it counts, and (Claude's usage) the cache tokens written for an hour. */
function agentTurn(turn: TurnFacts, obj: JsonObject, counting: AgentCounting): void {
  turn.agent = counting;
  const usage = isObject(obj.usage) ? obj.usage : null;
  const creation = usage && isObject(usage.cache_creation) ? usage.cache_creation : null;
  const hour = creation?.ephemeral_1h_input_tokens;
  if (turn.usage && typeof hour === 'number') turn.usage.cacheWrite1h = countOf(hour);
}

function llmError(raw: unknown): LlmError {
  const r = isObject(raw) ? raw : {};
  const status = num(r.status);
  const message =
    str(r.error) ??
    (isObject(r.error)
      ? (str(r.error.message) ?? jsonPreview(r.error, 2000))
      : status !== null
        ? `HTTP ${status}`
        : 'error');
  return { name: str(r.endpoint) ?? str(r.url) ?? '(llm)', message };
}
