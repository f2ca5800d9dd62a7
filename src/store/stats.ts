import quickselect from 'quickselect';
import { usdOf } from '../kit/counts.js';
import { isoTime } from '../kit/dates.js';
import { exitCodeOf, isObject, type JsonObject, nearestRank, num, str } from '../kit/values.js';
import { Status } from '../trace/enums.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';
import { mcpServerOf } from '../trace/mcp-tool.js';
import type { Aggregates, CallAgg, ModelAgg } from './aggregates.js';
import { httpFailureOf } from './http-failures.js';
import type { FileState, TraceStore } from './trace-store.js';

/** `mcp-tape.stats/1`, field for field (../shared/spec/stats.md). */
export interface StatsDoc {
  schema: 'mcp-tape.stats/1';
  file: string | null;
  session: {
    label: string | null;
    kind: string | null;
    startedAt: string | null;
    endedAt: string | null;
    durationMs: number | null;
    command: string[] | null;
    producer: string | null;
    records: { total: number; meta: number; message: number; event: number; turn: number; end: number; other: number };
    skippedLines: number;
    endReason: string | null;
    exitCode: number | null;
  };
  models: {
    perModel: PerModel[];
    summary: {
      models: number;
      assistantTurns: number;
      turns: number;
      echoedTurns: number;
      inputTokens: number | null;
      outputTokens: number | null;
      cacheReadTokens: number | null;
      cacheCreationTokens: number | null;
      thinkingExactTokens: number | null;
      thinkingEstimatedTokens: number | null;
      cacheHitRate: number | null;
      totalModelTimeMs: number | null;
      /** Ours, present only when not 0: as in `perModel`. */
      overflowTurns?: number;
      costOverflowTurns?: number;
      /** Ours, present only when not 0: turn times (duration_ms, ttft_ms) that are no time (negative, not finite, above 2^53 ms), left out. */
      timesLeftOut?: number;
    };
    cost: {
      estimated: true;
      currency: 'USD';
      totalUsd: number | null;
      partial: boolean;
      unpricedModels: string[];
      asOf: string | null;
      source: string;
    };
  } | null;
  tools: ToolRow[];
  errors: { t: string | null; source: 'tool' | 'jsonrpc' | 'llm'; name: string; message: string }[];
}

export interface PerModel {
  model: string;
  calls: number;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheCreationTokens: number | null;
  thinkingTokens: number | null;
  thinkingEstimated: boolean;
  cacheHitRate: number | null;
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
  estCostUsd: number | null;
  priced: boolean;
  /** Ours (beyond the contract): latency of `timing.duration_ms`. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  latencyMaxMs: number | null;
  /** Ours, present only when not 0: turns left out of the token and cost sums (a count above 2^53, or no count: negative, fractional). */
  overflowTurns?: number;
  /** Ours, present only when not 0: turns whose tokens are summed but whose cost overflowed (about 9 million USD or more: kit/counts.ts), left out of the cost. */
  costOverflowTurns?: number;
}

export interface ToolRow {
  name: string;
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  origin: 'mcp' | 'turn' | 'mixed';
  pending: number;
  /** Ours: the slowest call. */
  maxMs: number | null;
}

/** ISO text of a time; null for none, or one no Date can hold (epoch seconds of 1e300 in an mcp-rec line). */
const iso = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));
const byCallsThenName =
  <T extends { calls: number }>(key: (x: T) => string) =>
  (a: T, b: T) =>
    b.calls - a.calls || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * p50/p95 (nearest rank) and max of a latency list, nulls when empty. By selection
 * (quickselect) instead of a sort: the same values a sort puts at those ranks, in linear
 * time (a 1 GiB trace has ~900,000 latencies: ~15 ms instead of ~60–120).
 */
export function latencyStats(...lists: (readonly number[] | Float64Array)[]): {
  p50: number | null;
  p95: number | null;
  max: number | null;
} {
  const n = lists.reduce((sum, l) => sum + l.length, 0);
  if (n === 0) return { p50: null, p95: null, max: null };
  // The lists copied into one to select in (they stay in arrival order). Typed, as
  // quickselect only indexes it.
  const a = new Float64Array(n);
  let at = 0;
  for (const l of lists) {
    a.set(l, at);
    at += l.length;
  }
  const k50 = nearestRank(50, n) - 1;
  const k95 = nearestRank(95, n) - 1;
  quickselect(a as unknown as number[], k50);
  // Everything after k50 is at least a[k50]: the 95th is selected among those.
  if (k95 > k50) quickselect(a as unknown as number[], k95, k50 + 1, n - 1);
  let max = a[k95]!;
  for (let i = k95 + 1; i < n; i++) if (a[i]! > max) max = a[i]!;
  return { p50: a[k50]!, p95: a[k95]!, max };
}

/** The latency figures of one group of calls (a method, or a tool of one origin). */
export function callLatencyStats(agg: CallAgg): ReturnType<typeof latencyStats> {
  return latencyStats(agg.latencies.view());
}

function producerOf(meta: JsonObject | null): string | null {
  if (!meta) return null;
  const source = str(meta.source);
  if (source) return source;
  if (isObject(meta.producer)) {
    const name = str(meta.producer.name);
    const version = str(meta.producer.version);
    if (name) return version ? `${name}@${version}` : name;
  }
  if (typeof meta.producer === 'string' && meta.producer) return meta.producer;
  const tap = str(meta.mcpTapVersion);
  return tap ? `mcp-tape@${tap}` : null;
}

/** Formats whose session starts at its first time, having no meta line that says when. */
const FIRST_TIME_STARTS = new Set<string>([
  FORMAT_NAMES.mcpRec,
  FORMAT_NAMES.claudeCode,
  FORMAT_NAMES.codex,
  FORMAT_NAMES.gemini,
]);

export function sessionOf(f: FileState): StatsDoc['session'] {
  const meta = f.meta;
  const end = f.end;
  // mcp-rec and agent transcripts have no meta or end line of their own (an agent's is made
  // from its session's lines, when one says where it ran): the first and last times are the
  // session's start and end.
  const startedAt =
    (meta ? str(meta.startedAt) : null) ?? (FIRST_TIME_STARTS.has(f.format.name) ? iso(f.firstT) : null);
  const endMs = end && typeof end.t === 'string' && !Number.isNaN(Date.parse(end.t)) ? Date.parse(end.t) : f.maxT;
  const startMs = startedAt === null ? NaN : Date.parse(startedAt);
  const endDuration = end ? num(end.durationMs) : null;
  const command =
    meta && Array.isArray(meta.command) ? meta.command.filter((c): c is string => typeof c === 'string') : [];
  const c = f.counts;
  return {
    label: meta ? str(meta.label) : null,
    kind: meta ? (str(meta.kind) ?? 'mcp') : null,
    startedAt,
    endedAt: iso(endMs),
    durationMs: endDuration ?? (endMs !== null && !Number.isNaN(startMs) ? Math.max(0, endMs - startMs) : null),
    command: command.length ? command : null,
    producer: producerOf(meta),
    records: { total: c.meta + c.message + c.event + c.turn + c.end + c.other, ...c },
    skippedLines: f.skipped,
    endReason: end ? str(end.reason) : null,
    exitCode: end ? exitCodeOf(end.exitCode) : null,
  };
}

const nullIfNone = (value: number, seen: boolean) => (seen ? value : null);

/** The cost of models, summed in whole nano-dollars (exact: kit/counts.ts). */
const costNanoOf = (models: readonly ModelAgg[]): number => models.reduce((s, m) => s + m.costNano, 0);

/** The cost of an aggregate's turns in whole nano-dollars, as `totalUsd` says it; null when none was priced. */
export function totalCostNano(agg: Aggregates): number | null {
  const costed = [...agg.models.values()].filter((m) => m.priced && m.withUsage > 0 && costedTurns(m) > 0);
  return costed.length ? costNanoOf(costed) : null;
}

/** Turns whose cost went in the model's sum (priced, not overflowing). */
const costedTurns = (m: ModelAgg): number => m.withUsage - m.unpricedTurns - m.costOverflowTurns;

function perModel(m: ModelAgg): PerModel {
  const hasUsage = m.withUsage > 0;
  const input = hasUsage ? m.input : 0;
  const denom = input + m.cacheRead + m.cacheWrite;
  const thinking = m.thinkingExact + m.thinkingEstimated;
  const ttft = latencyStats(m.ttft);
  const lat = latencyStats(m.durations);
  return {
    model: m.model,
    calls: m.calls,
    inputTokens: nullIfNone(m.input, hasUsage),
    outputTokens: nullIfNone(m.output, hasUsage),
    cacheReadTokens: nullIfNone(m.cacheRead, m.cacheReadSeen),
    cacheCreationTokens: nullIfNone(m.cacheWrite, m.cacheWriteSeen),
    thinkingTokens: thinking === 0 ? null : thinking,
    thinkingEstimated: m.thinkingEstimated > 0,
    cacheHitRate: (m.cacheReadSeen || m.cacheWriteSeen) && denom > 0 ? m.cacheRead / denom : null,
    ttftP50Ms: ttft.p50,
    ttftP95Ms: ttft.p95,
    estCostUsd: m.priced && costedTurns(m) > 0 ? usdOf(m.costNano) : null,
    priced: m.priced,
    latencyP50Ms: lat.p50,
    latencyP95Ms: lat.p95,
    latencyMaxMs: lat.max,
    ...(m.overflowTurns ? { overflowTurns: m.overflowTurns } : {}),
    ...(m.costOverflowTurns ? { costOverflowTurns: m.costOverflowTurns } : {}),
  };
}

function sumOrNull(
  rows: PerModel[],
  key: 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheCreationTokens',
): number | null {
  let sum = 0;
  let seen = false;
  for (const r of rows) {
    const v = r[key];
    if (v !== null) {
      sum += v;
      seen = true;
    }
  }
  return seen ? sum : null;
}

export function modelsOf(agg: Aggregates, prices: TraceStore['prices']): StatsDoc['models'] {
  if (agg.assistantTurns === 0) return null;
  const models = [...agg.models.values()];
  const rows = models.map(perModel).sort(byCallsThenName((r) => r.model));
  const exact = models.reduce((s, m) => s + m.thinkingExact, 0);
  const estimated = models.reduce((s, m) => s + m.thinkingEstimated, 0);
  const input = sumOrNull(rows, 'inputTokens');
  const cacheRead = sumOrNull(rows, 'cacheReadTokens');
  const cacheWrite = sumOrNull(rows, 'cacheCreationTokens');
  const denom = (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const priced = models.filter((m) => m.priced && m.withUsage > 0);
  const costed = priced.filter((m) => costedTurns(m) > 0);
  const unpriced = models
    .filter((m) => !m.priced && m.withUsage > 0)
    .map((m) => m.model)
    .sort();
  return {
    perModel: rows,
    summary: {
      models: rows.length,
      assistantTurns: agg.assistantTurns,
      turns: agg.turns,
      echoedTurns: agg.echoedTurns,
      inputTokens: input,
      outputTokens: sumOrNull(rows, 'outputTokens'),
      cacheReadTokens: cacheRead,
      cacheCreationTokens: cacheWrite,
      thinkingExactTokens: exact === 0 ? null : exact,
      thinkingEstimatedTokens: estimated === 0 ? null : estimated,
      cacheHitRate: (cacheRead !== null || cacheWrite !== null) && denom > 0 ? (cacheRead ?? 0) / denom : null,
      totalModelTimeMs: agg.modelTimeSeen ? agg.modelTimeMs : null,
      ...(agg.overflowTurns ? { overflowTurns: agg.overflowTurns } : {}),
      ...(agg.costOverflowTurns ? { costOverflowTurns: agg.costOverflowTurns } : {}),
      ...(agg.timesLeftOut ? { timesLeftOut: agg.timesLeftOut } : {}),
    },
    cost: {
      estimated: true,
      currency: 'USD',
      totalUsd: costed.length ? usdOf(costNanoOf(costed)) : null,
      partial: priced.length > 0 && unpriced.length > 0,
      unpricedModels: unpriced,
      asOf: prices.asOf,
      source: prices.source,
    },
  };
}

function toolRow(name: string, parts: CallAgg[], origin: ToolRow['origin']): ToolRow {
  const lat = latencyStats(...parts.map((p) => p.latencies.view()));
  return {
    name,
    calls: parts.reduce((s, p) => s + p.calls, 0),
    errors: parts.reduce((s, p) => s + p.errors, 0),
    p50Ms: lat.p50,
    p95Ms: lat.p95,
    origin,
    pending: parts.reduce((s, p) => s + p.pending, 0),
    maxMs: lat.max,
  };
}

/**
 * The tool table. `mcpPlaneOnly`: when an mcp plane and an agent plane of one run
 * are merged, both describe the same calls, so only the mcp pairs count.
 */
export function toolsOf(agg: Aggregates, mcpPlaneOnly: boolean): ToolRow[] {
  const rows: ToolRow[] = [];
  for (const [name, { mcp, turn }] of agg.tools) {
    const useTurn = !mcpPlaneOnly && turn.calls > 0;
    if (mcp.calls > 0 && useTurn) rows.push(toolRow(name, [mcp, turn], 'mixed'));
    else if (mcp.calls > 0) rows.push(toolRow(name, [mcp], 'mcp'));
    else if (useTurn) rows.push(toolRow(name, [turn], 'turn'));
  }
  return rows.sort(byCallsThenName((r) => r.name));
}

/** A row of the MCP servers an agent's tools belong to: their calls, as the tool table counts them. */
export interface ServerRow {
  name: string;
  tools: number;
  calls: number;
  errors: number;
  pending: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/**
 * The shown tool table's calls (`shownToolsOf`) by MCP server (trace/mcp-tool.ts:
 * `mcp__github__get_issue` is github's), most calls first; none when no tool is an MCP server's.
 */
export function serversOf(agg: Aggregates): ServerRow[] {
  const groups = new Map<string, CallAgg[]>();
  const counts = new Map<string, number>();
  for (const [name, { mcp, turn }] of agg.tools) {
    const server = mcpServerOf(name);
    if (server === null) continue;
    // Each call once, as the tool table shows it: its wire pairs when it has some.
    const parts = mcp.calls > 0 ? [mcp] : turn.calls > 0 ? [turn] : [];
    if (!parts.length) continue;
    groups.set(server, [...(groups.get(server) ?? []), ...parts]);
    counts.set(server, (counts.get(server) ?? 0) + 1);
  }
  const rows = [...groups].map(([name, parts]): ServerRow => {
    const lat = latencyStats(...parts.map((c) => c.latencies.view()));
    const sum = (f: (c: CallAgg) => number) => parts.reduce((n, c) => n + f(c), 0);
    return {
      name,
      tools: counts.get(name)!,
      calls: sum((c) => c.calls),
      errors: sum((c) => c.errors),
      pending: sum((c) => c.pending),
      p50Ms: lat.p50,
      p95Ms: lat.p95,
      maxMs: lat.max,
    };
  });
  return rows.sort(byCallsThenName((r) => r.name));
}

/** A tool as the screens and the text tables show it: each call once, and the agent's tool_uses apart. */
export interface ShownTool extends ToolRow {
  /** The agent's tool_use blocks naming the tool; null unless there are both calls on the wire and tool_uses. */
  uses: number | null;
}

/**
 * The tool table people read (the Usage pane, `summary`'s text): each call counted once,
 * by its wire record when there is one. When any tool has `tools/call` pairs, a tool's
 * calls, errors and latencies are its wire pairs (its tool_use pairs when it has none:
 * a tool_use the harness answered itself), and `uses` counts the agent's tool_uses of
 * it, which differ from the calls when a tool_use never reached the server or a call
 * was made by no turn. `moreUses`: tool_uses counted in another store (the agent plane
 * read apart, as `summary` reads it). `summary --json` keeps the contract's rows
 * (`toolsOf`), where one file with both planes counts a call twice (`origin: mixed`).
 */
export function shownToolsOf(agg: Aggregates, moreUses?: ReadonlyMap<string, number>): ShownTool[] {
  const wire = [...agg.tools.values()].some((t) => t.mcp.calls > 0);
  const used = (moreUses?.size ?? 0) > 0 || [...agg.tools.values()].some((t) => t.turn.calls > 0);
  const both = wire && used;
  const rows: ShownTool[] = [];
  for (const [name, { mcp, turn }] of agg.tools) {
    const uses = both ? turn.calls + (moreUses?.get(name) ?? 0) : null;
    if (mcp.calls > 0) rows.push({ ...toolRow(name, [mcp], 'mcp'), uses });
    else if (turn.calls > 0) rows.push({ ...toolRow(name, [turn], 'turn'), uses });
  }
  // A tool only the other store's turns name: used, never called here.
  if (both && moreUses)
    for (const [name, uses] of moreUses)
      if (!agg.tools.has(name) && uses > 0) rows.push({ ...toolRow(name, [], 'turn'), uses });
  return rows.sort(byCallsThenName((r) => r.name));
}

/** True when several files are open and one of them carries MCP tool calls. */
export function mergesPlanes(store: TraceStore, agg: Aggregates): boolean {
  return store.files.length > 1 && [...agg.tools.values()].some((t) => t.mcp.calls > 0);
}

/**
 * The errors list. `mcpPlaneOnly`: the turns' tool errors left out. The text summary
 * leaves out `shownOnly`'s: a turn's tool error of a tool with calls on the wire (the
 * call's own error says it, as `shownToolsOf` counts each call once).
 */
export function errorsOf(agg: Aggregates, mcpPlaneOnly: boolean, shownOnly = false): StatsDoc['errors'] {
  const wired = (name: string) => (agg.tools.get(name)?.mcp.calls ?? 0) > 0;
  return agg.errors
    .filter((e) => !(mcpPlaneOnly && e.origin === 'turn') && !(shownOnly && e.origin === 'turn' && wired(e.name)))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.t ?? Infinity) - (b.e.t ?? Infinity) || a.i - b.i)
    .map(({ e }) => ({ t: iso(e.t), source: e.source, name: e.name, message: e.message }));
}

/** The stats document for one file of a store (`agg`: a filtered aggregate instead of the file's own). */
export function statsOf(store: TraceStore, file: number, agg: Aggregates = store.files[file]!.aggregates): StatsDoc {
  const f = store.files[file]!;
  return {
    schema: 'mcp-tape.stats/1',
    file: f.name,
    session: sessionOf(f),
    models: modelsOf(agg, store.prices),
    tools: toolsOf(agg, false),
    errors: errorsOf(agg, false),
  };
}

/** A file's name for `file:` filters and row labels: `meta.label`, else the file name. */
export function fileLabelOf(store: TraceStore, file: number): string {
  const f = store.files[file]!;
  return f.meta && typeof f.meta.label === 'string' ? f.meta.label : (f.name.split('/').pop() ?? f.name);
}

/** A file's plane as its meta says it: `meta.kind`, or `mcp` when it says none (an empty kind names nothing). */
export const planeOf = (f: FileState): string =>
  f.meta && typeof f.meta.kind === 'string' && f.meta.kind !== '' ? f.meta.kind : 'mcp';

/**
 * Calls never answered whose recorder noted an HTTP error (store/http-failures.ts), of the
 * rows `keep` keeps: still pending for the stats contract, so the tables say how many.
 */
export function httpFailedCalls(store: TraceStore, keep: (row: number) => boolean = () => true): number {
  const calls = store.rows('calls');
  let n = 0;
  for (let i = 0; i < calls.length; i++) {
    const row = calls[i]!;
    if (store.statusOf(row) === Status.pending && keep(row) && httpFailureOf(store, row) !== null) n++;
  }
  return n;
}

/**
 * Requests cancelled (`notifications/cancelled`) and never answered, of the rows `keep`
 * keeps. The stats contract counts them as pending (never answered); the Calls pane and
 * `status:` show them apart, so the tables say how many of their pending they are.
 */
export function cancelledCalls(store: TraceStore, keep: (row: number) => boolean = () => true): number {
  const calls = store.rows('calls');
  let n = 0;
  for (let i = 0; i < calls.length; i++) {
    const row = calls[i]!;
    if (store.statusOf(row) === Status.cancelled && keep(row)) n++;
  }
  return n;
}
