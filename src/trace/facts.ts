import { keyNumberIdsByText } from './id-text.js';
import { type ParsedLine, parseLine } from './parse-line.js';
import { type RpcInfo, rpcInfo, rpcMessages } from './rpc.js';
import { scanLine } from './scan-line.js';
import { keepText } from './text.js';
import { type TurnFacts, turnFacts } from './turn.js';
import { isObject, type JsonObject, num, str } from './values.js';

/**
 * What the store keeps of one line: the record kind and the few facts that lists,
 * pairing and aggregates need, never the payload. Two producers agree on it exactly:
 * `lineFacts` (JSON.parse, then the readers in rpc.ts and turn.ts) and `scanLine`
 * (scan-line.ts: the same facts straight from the bytes, for the lines it knows).
 */
export type LineFacts =
  | { kind: 'blank' }
  | { kind: 'skip'; reason: string }
  | { kind: 'meta'; t: number | null; obj: JsonObject }
  | { kind: 'end'; t: number | null; obj: JsonObject }
  | { kind: 'other'; t: number | null; type: string }
  /** A message line whose `dir` is none of the known ones. */
  | { kind: 'otherDir'; t: number | null; dirText: string }
  | { kind: 'rpc'; t: number | null; dir: 'in' | 'out'; source: string | null; batch: boolean; messages: RpcInfo[] }
  | {
      kind: 'event';
      t: number | null;
      dir: 'event' | 'command' | 'telemetry';
      label: string;
      llmError: LlmError | null;
    }
  | { kind: 'turn'; t: number | null; source: string | null; turn: TurnFacts };

/** An `llm.error` event: the failing endpoint and why. */
export interface LlmError {
  name: string;
  message: string;
}

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
      return { kind: 'other', t: parsed.t, type: parsed.type };
    case 'turn':
      return { kind: 'turn', t: parsed.t, source: str(parsed.obj.source), turn: ownIds(turnFacts(parsed.obj)) };
    case 'message': {
      const { t, dir, raw, obj } = parsed;
      if (dir === 'in' || dir === 'out')
        return {
          kind: 'rpc',
          t,
          dir,
          source: str(obj.source),
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

function llmError(raw: unknown): LlmError {
  const r = isObject(raw) ? raw : {};
  const status = num(r.status);
  const message =
    str(r.error) ??
    (isObject(r.error)
      ? (str(r.error.message) ?? JSON.stringify(r.error))
      : status !== null
        ? `HTTP ${status}`
        : 'error');
  return { name: str(r.endpoint) ?? str(r.url) ?? '(llm)', message };
}
