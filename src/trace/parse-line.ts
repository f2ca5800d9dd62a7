import { memberShown } from '../kit/json-walk.js';
import { jsonPreview } from '../kit/json-write.js';
import { isObject, isoMs, type Json, type JsonObject, num, str } from '../kit/values.js';
import { DIRS as DIR_TABLE, type DirName, filterWords, MCP_REC_DIRS } from './enums.js';
import { agentRecord } from './formats/agents/agent-line.js';
import type { AgentCounting, AgentFrame } from './formats/agents/agent-record.js';
import { looksMcpRec, mcpRecFaults } from './formats/mcp-rec-rules.js';

/** What a message line's `dir` says, normalised; mcp-rec's arrows map to in/out. */
export type Dir = Exclude<DirName, 'none'>;

export type ParsedLine =
  | { kind: 'blank' }
  | { kind: 'skip'; reason: string }
  | { kind: 'meta'; t: number | null; obj: JsonObject }
  /** `rawKey`: the member `raw` came from (`msg` in mcp-rec recordings). */
  | { kind: 'message'; t: number | null; dir: Dir; dirText: string; raw: Json; rawKey: 'raw' | 'msg'; obj: JsonObject }
  /** `obj`: a v1 turn record (an agent's line reads as one, `agent` saying how it counts). */
  | { kind: 'turn'; t: number | null; obj: JsonObject; agent?: AgentTurn }
  | { kind: 'end'; t: number | null; obj: JsonObject }
  | { kind: 'other'; t: number | null; type: string; obj: JsonObject; agent?: AgentOther };

/** What an agent transcript's turn line says beyond its v1 turn. */
export interface AgentTurn {
  counting: AgentCounting;
  frame: AgentFrame | null;
}

/** What an agent transcript's other line says: the model it names for what follows, where the session runs. */
export interface AgentOther {
  model: string | null;
  frame: AgentFrame | null;
}

/**
 * The format's dirs (enums.ts: those a filter names), and mcp-rec's arrows. A Map: a
 * `dir` is trace text, and an object would answer "toString" with its prototype's.
 */
const DIRS = new Map<string, Dir>([
  ...filterWords(DIR_TABLE).map((d) => [d, d] as [string, Dir]),
  ...Object.entries(MCP_REC_DIRS).map(([dir, word]) => [word, dir] as [string, Dir]),
]);

/** True for the blank lines the format says to ignore (not count as skipped). */
function isBlank(text: string): boolean {
  // Nearly every line starts with `{`: decide without trimming (a copy) per line.
  return text.length === 0 || (text.charCodeAt(0) !== 123 && text.trim().length === 0);
}

/**
 * One line → exactly one record kind, or a counted skip. Pure and synchronous.
 * Tolerant by the spec's rules: unknown `type`s and `dir`s are records too.
 */
export function parseLine(text: string): ParsedLine {
  if (isBlank(text)) return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'skip', reason: notJsonReason(error) };
  }
  if (!isObject(value)) return { kind: 'skip', reason: notObjectReason(value) };
  // An mcp-rec line that breaks its rules is skipped, worded as validate words it.
  if (looksMcpRec(value)) {
    const fault = mcpRecFaults(value, (key) => memberShown(text, key)).find((f) => f.severity === 'error');
    if (fault) return { kind: 'skip', reason: fault.message };
  }
  return classify(value);
}

/** Why a line is no record, as summary, the Events pane and validate all word it. */
export const notJsonReason = (error: unknown): string =>
  `not JSON (${(error as Error).message.replace(/^Unexpected /, 'unexpected ')})`;

export function notObjectReason(value: unknown): string {
  const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
  return `not a JSON object (${what})`;
}

export function classify(o: JsonObject): ParsedLine {
  const type = o.type;
  if (type === 'meta') return { kind: 'meta', t: isoMs(o.startedAt) ?? isoMs(o.t), obj: o };
  if (type === 'turn') return { kind: 'turn', t: isoMs(o.t), obj: o };
  if (type === 'end') return { kind: 'end', t: isoMs(o.t), obj: o };
  if (type === undefined && typeof o.dir === 'string') {
    // mcp-rec: {ts: epoch seconds, dir: "client->server", msg}
    const mcpRec = 'msg' in o && !('raw' in o) && o.dir.includes('->');
    const ts = mcpRec ? num(o.ts) : null;
    return {
      kind: 'message',
      t: mcpRec ? (ts === null ? null : Math.round(ts * 1000)) : isoMs(o.t),
      dir: DIRS.get(o.dir) ?? 'other',
      dirText: o.dir,
      raw: (mcpRec ? o.msg : o.raw) ?? null,
      rawKey: mcpRec ? 'msg' : 'raw',
      obj: o,
    };
  }
  const agent = agentRecord(o);
  if (agent?.kind === 'turn')
    return { kind: 'turn', t: agent.t, obj: agent.turn, agent: { counting: agent.counting, frame: agent.frame } };
  if (agent)
    return { kind: 'other', t: agent.t, type: agent.type, obj: o, agent: { model: agent.model, frame: agent.frame } };
  return {
    kind: 'other',
    t: isoMs(o.t),
    type: str(type) ?? (type === undefined ? '(no type)' : jsonPreview(type, 200)),
    obj: o,
  };
}
