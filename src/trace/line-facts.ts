import type { JsonObject } from '../kit/values.js';
import type { EventDir, MessageDir } from './enums.js';
import type { AgentFrame } from './formats/agents/agent-record.js';
import type { RpcInfo } from './rpc.js';
import type { TurnFacts } from './turn.js';

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
  /** `model`: the model an agent's context line names for the turns after it. */
  | { kind: 'other'; t: number | null; type: string; model: string | null; frame: AgentFrame | null }
  /** A message line whose `dir` is none of the known ones. */
  | { kind: 'otherDir'; t: number | null; dirText: string }
  | {
      kind: 'rpc';
      t: number | null;
      dir: MessageDir;
      source: string | null;
      /** The line's `corr_id` (format extensions §5): links a call to its tool_use. */
      corr: string | null;
      batch: boolean;
      messages: RpcInfo[];
    }
  | {
      kind: 'event';
      t: number | null;
      dir: EventDir;
      label: string;
      llmError: LlmError | null;
    }
  | {
      kind: 'turn';
      t: number | null;
      source: string | null;
      corr: string | null;
      turn: TurnFacts;
      /** An agent transcript's line: where its session runs (null for a v1 turn). */
      frame: AgentFrame | null;
    };

/** An `llm.error` event: the failing endpoint and why. */
export interface LlmError {
  name: string;
  message: string;
}
