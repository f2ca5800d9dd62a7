import type { JsonObject } from '../kit/values.js';
import type { AgentFrame } from '../trace/formats/agents/agent-record.js';
import type { TurnFacts, TurnUsage } from '../trace/turn.js';

/*
 * What an agent transcript's earlier lines say that its later ones are counted by, one
 * state per file (read in file order, as pairing is).
 *
 * Claude Code writes a line per content block of an API response and repeats the
 * response's usage on each; in newer versions only the last copy has the final output
 * count. So a response counts once: its first line with the usage it has, and each
 * later copy with what it adds (each count's growth over the largest seen so far), as
 * a continuation that is no generation of its own. The sums are then the final usage,
 * whatever order the copies come in, with nothing in the store ever rewritten.
 */

/** The largest usage seen of one response so far, and what it cost. */
interface ResponseSeen {
  usage: TurnUsage;
  cost: number;
}

export interface AgentState {
  responses: Map<string, ResponseSeen>;
  /** Each Claude Code response's generation: the row of its first line. */
  generations: Map<string, number>;
  /** The Codex generation whose parts came and whose usage line has not yet: its first row, else -1. */
  openGeneration: number;
  /** The model a Codex `turn_context` named last: the turns without one of their own are its. */
  model: string | null;
}

export const agentState = (): AgentState => ({
  responses: new Map(),
  generations: new Map(),
  openGeneration: -1,
  model: null,
});

/**
 * The generation an agent's assistant line at `row` is part of, named by the row of its
 * first line (-1: none, as for a v1 turn). Cost per tool charges a tool_use its share of
 * the whole generation, not of its own line: Claude Code puts each block of a response on
 * a line of its own (the usage counted once, on the first), and Codex writes a response's
 * parts first and its usage after them, on a line of its own.
 */
export function generationOf(state: AgentState, facts: TurnFacts, row: number): number {
  const agent = facts.agent;
  if (agent === null || facts.role !== 'assistant') return -1;
  if (agent.response !== null) {
    let gen = state.generations.get(agent.response);
    if (gen === undefined) state.generations.set(agent.response, (gen = row));
    return gen;
  }
  if (agent.part) {
    if (state.openGeneration < 0) state.openGeneration = row;
    return state.openGeneration;
  }
  // A line with its own usage closes the parts before it (or is a generation alone).
  const gen = state.openGeneration < 0 ? row : state.openGeneration;
  state.openGeneration = -1;
  return gen;
}

/** How a counted turn's usage goes in: as a turn of its own, or what a later copy adds to it. */
export type Counted = { usage: TurnUsage | null; cost: number; continues: boolean } | null;

const grown = (now: number | null, seen: number | null): number | null =>
  now === null ? null : seen === null ? now : Math.max(0, now - seen);
const largest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * A counted turn's usage as it goes in the store, given its cost by `costOf`. Null: a
 * copy that adds nothing (then it is shown, and pairs, but is not counted at all).
 * Counts that are no counts (sentinels) are never compared: such a copy goes in as a
 * turn of its own, left out of the sums and counted as left out, as any such turn.
 */
export function countTurn(state: AgentState, facts: TurnFacts, costOf: (u: TurnUsage) => number): Counted {
  const key = facts.agent?.response ?? null;
  const usage = facts.usage;
  if (key === null || usage === null) return { usage, cost: usage ? costOf(usage) : NaN, continues: false };
  const seen = state.responses.get(key);
  if (seen === undefined) {
    const cost = costOf(usage);
    state.responses.set(key, { usage: { ...usage }, cost });
    return { usage, cost, continues: false };
  }
  const s = seen.usage;
  if (![usage.input, usage.output, usage.cacheRead ?? 0, usage.cacheWrite ?? 0].every(Number.isFinite))
    return { usage, cost: costOf(usage), continues: false };
  const most: TurnUsage = {
    input: Math.max(usage.input, s.input),
    output: Math.max(usage.output, s.output),
    cacheRead: largest(usage.cacheRead, s.cacheRead),
    cacheWrite: largest(usage.cacheWrite, s.cacheWrite),
    cacheWrite1h: largest(usage.cacheWrite1h ?? null, s.cacheWrite1h ?? null),
  };
  const added: TurnUsage = {
    input: most.input - s.input,
    output: most.output - s.output,
    cacheRead: grown(most.cacheRead, s.cacheRead),
    cacheWrite: grown(most.cacheWrite, s.cacheWrite),
    cacheWrite1h: grown(most.cacheWrite1h ?? null, s.cacheWrite1h ?? null),
  };
  if (!added.input && !added.output && !added.cacheRead && !added.cacheWrite) return null;
  const cost = costOf(most);
  const addedCost = cost - seen.cost;
  state.responses.set(key, { usage: most, cost });
  return { usage: added, cost: addedCost, continues: true };
}

/** The meta an agent's session has none of: made from where its lines say it runs, at its first time. */
export function frameMeta(frame: AgentFrame, t: string | null): JsonObject {
  const project = frame.cwd?.split(/[\\/]/).filter(Boolean).pop() ?? null;
  const meta: JsonObject = {
    v: 1,
    type: 'meta',
    label: project ?? frame.session ?? frame.agent,
    kind: 'llm',
    source: frame.agent,
    command: [],
  };
  if (t !== null) meta.startedAt = t;
  if (frame.cwd !== null) meta.cwd = frame.cwd;
  if (frame.branch !== null) meta.gitBranch = frame.branch;
  if (frame.session !== null) meta.sessionId = frame.session;
  return meta;
}
