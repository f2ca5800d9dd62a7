import type { Json, JsonObject } from '../../../kit/values.js';

/** The agents whose transcripts are read, as a session's `source` names them. */
export const AGENT_NAMES = ['claude-code', 'codex', 'gemini-cli'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** Whether `source` (a meta line's, say) names one of these agents. */
export const isAgentName = (source: unknown): source is AgentName =>
  (AGENT_NAMES as readonly unknown[]).includes(source);

/** What every line of a session says of the session itself: where it ran. */
export interface AgentFrame {
  agent: AgentName;
  /** The working directory the agent ran in (the project). */
  cwd: string | null;
  branch: string | null;
  session: string | null;
}

/** How an agent's turn counts, beyond what a v1 turn says. */
export interface AgentCounting {
  /**
   * The API response this line is one block of (Claude Code writes a line per content
   * block and repeats the response's usage on each): its usage counts once per response.
   */
  response: string | null;
  /** A block of a generation whose usage comes on a line of its own (Codex's token_count): never counted as one. */
  part: boolean;
  /** No model of its own: the one the session last named (Codex's turn_context). */
  inheritsModel: boolean;
}

/**
 * One line of an agent's transcript in the terms of a v1 trace: a turn (its record
 * shaped as a v1 `turn`, so that every reader of turns reads it), or another record.
 */
export type AgentRecord =
  | { kind: 'turn'; t: number | null; turn: JsonObject; counting: AgentCounting; frame: AgentFrame | null }
  | { kind: 'other'; t: number | null; type: string; model: string | null; frame: AgentFrame | null };

/** A generation counted on its own line, as a v1 turn is. */
export const COUNTED: AgentCounting = { response: null, part: false, inheritsModel: false };
/** A block of a generation counted elsewhere (or of none: a user or system turn counts nothing anyway). */
export const PART: AgentCounting = { response: null, part: true, inheritsModel: false };

/** A v1 turn record. */
export function v1Turn(role: string, blocks: Json[], more: JsonObject = {}): JsonObject {
  return { type: 'turn', role, blocks, ...more };
}

/** Text as a v1 text block. */
export const textBlock = (text: string): JsonObject => ({ type: 'text', text });

/** A block the format has no word for: shown as a placeholder with its type. */
export const placeholder = (type: string): JsonObject => ({ type });
