/*
 * One run (its agent and mcp planes, each in a store of its own, as `summary` reads
 * them) reduced to the figures of `report`'s rows: sessions, tool calls and errors,
 * turns, tokens and cost, per key (day, week, month, model, tool; session and server
 * are the run's own). Each record goes to the key of its own time and model, through
 * the one aggregation path (`addRow`), so a run's figures over all its keys are those
 * of `summary` on its files. Only these figures leave; the stores can go.
 */
import { COUNT_LIMIT, nanoFits, usdOf } from '../kit/counts.js';
import { fmtUsd } from '../kit/units.js';
import { ZoneClock } from '../kit/zone-time.js';
import { Kind, Shape } from '../trace/enums.js';
import { isAgentName } from '../trace/formats/agents/agent-record.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';
import { mcpServerOf } from '../trace/mcp-tool.js';
import type { PriceTable } from '../trace/prices.js';
import { Aggregates, addRow } from './aggregates.js';
import type { Dim } from './dims.js';
import { modelsOf, sessionOf, toolsOf, totalCostNano } from './stats.js';
import { callCharges } from './tool-costs.js';
import type { TraceStore } from './trace-store.js';

export { DIMS, type Dim } from './dims.js';

/** A row's key: a value (null: none, e.g. a turn with no model) for each dimension grouped by. */
export type RowKey = Partial<Record<Dim, string | null>>;

/**
 * A row's figures. Null: not counted in this row (a tool's row counts its calls; the
 * sessions, turns, tokens and cost are in the `tool: null` row beside it); `costNano`
 * is also null when nothing in the row is priced.
 */
export interface Figures {
  sessions: number | null;
  toolCalls: number;
  toolErrors: number;
  turns: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  /** The cost in whole nano-dollars, so that rows add up exactly (kit/counts.ts); `costUsd` in JSON. */
  costNano: number | null;
  /** Turns with usage whose model has no price. */
  unpricedTurns: number | null;
  /** Turns whose counts overflow or are no counts: left out of the token and cost sums (as in `summary`). */
  overflowTurns: number;
  /** Turns whose cost overflows: their tokens summed, their cost left out. */
  costOverflowTurns: number;
}

/** The figures of a row as `report --json` names them, in its order (the overflow counts follow when not 0). */
export const FIGURE_FIELDS = [
  'sessions',
  'toolCalls',
  'toolErrors',
  'turns',
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'costUsd',
  'unpricedTurns',
] as const satisfies readonly (keyof ReturnType<typeof figuresJson>)[];

export interface FigureOptions {
  by: readonly Dim[];
  clock: ZoneClock;
  /** The first instant counted, ms; null: from the start. */
  since: number | null;
  /** The first instant after those counted, ms; null: to the end. */
  until: number | null;
}

/** What the Sessions list shows of a run, and what `--by session` and `--by server` key it by. */
export interface RunInfo {
  /** The run's name: its path less the plane and the extension. */
  id: string;
  /** The earliest start of its files (meta.startedAt, else the first record's time), ms. */
  startMs: number | null;
  /** The longest of its files' durations, as `summary` gives each. */
  durationMs: number | null;
  /** The mcp plane's label (the server it recorded), else any file's. */
  label: string | null;
  /** An agent's session: the agent (`claude-code`, `codex`, `gemini-cli`); null for a recording. */
  agent: string | null;
  /** Where an agent ran: its working directory (Gemini CLI keeps none: its project's folder name). */
  project: string | null;
  /** The git branch an agent ran on, when its transcript says. */
  branch: string | null;
  /** The models of its counted turns, the most used first (then by name). */
  models: string[];
}

/** The server of an agent's own tools, by `--by server`. */
export const BUILT_IN = '(built-in)';

const AGENT_FORMATS = new Map<string, string>([
  [FORMAT_NAMES.claudeCode, 'claude-code'],
  [FORMAT_NAMES.codex, 'codex'],
  [FORMAT_NAMES.gemini, 'gemini-cli'],
]);

export interface RunFigures {
  info: RunInfo;
  rows: { key: RowKey; figures: Figures }[];
}

const TOKENS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;
const plus = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

/**
 * Adds `add` to each of `into` (a row and the totals: what goes in one goes in both,
 * so the totals are the sum of the rows). As in `summary`, no sum passes what a double
 * holds exactly: tokens that would take one past 2^53 are left out (their turns
 * counted in `overflowTurns`), and a cost that would take one past 2^53 nano-dollars
 * likewise (`costOverflowTurns`). Null stays null only where both are (a tool row's tokens).
 */
export function addFigures(into: readonly Figures[], add: Figures): void {
  const fits = (field: (typeof TOKENS)[number]) =>
    into.every((f) => (f[field] ?? 0) + (add[field] ?? 0) <= COUNT_LIMIT);
  const tokens = TOKENS.every(fits);
  const cost = tokens && (add.costNano === null || into.every((f) => nanoFits((f.costNano ?? 0) + add.costNano!)));
  const summed = (add.turns ?? 0) - add.overflowTurns;
  for (const f of into) {
    f.sessions = plus(f.sessions, add.sessions);
    f.toolCalls += add.toolCalls;
    f.toolErrors += add.toolErrors;
    f.turns = plus(f.turns, add.turns);
    f.unpricedTurns = plus(f.unpricedTurns, add.unpricedTurns);
    if (tokens) for (const field of TOKENS) f[field] = plus(f[field], add[field]);
    else for (const field of TOKENS) f[field] ??= add[field] === null ? null : 0;
    f.overflowTurns += tokens ? add.overflowTurns : add.overflowTurns + summed;
    if (cost) {
      f.costNano = plus(f.costNano, add.costNano);
      f.costOverflowTurns += add.costOverflowTurns;
    } else if (tokens) f.costOverflowTurns += summed - (add.unpricedTurns ?? 0);
  }
}

/** A row's cost in USD, as its JSON and its cells say it; null when nothing in it is priced. */
export const costUsdOf = (f: Figures): number | null => (f.costNano === null ? null : usdOf(f.costNano));

/**
 * A row's cost as `report`'s table and the Sessions list both show it: `unpriced` when
 * turns had usage and no price, `*` after it when only some did (a lower bound),
 * `overflow` past what a sum holds, `—` for none.
 */
export function costCell(f: Figures): string {
  // A tool's row (no sessions of its own) with tokens and no cost: its turns had no price.
  const unpriced = f.unpricedTurns || (f.sessions === null && f.outputTokens !== null);
  const usd = costUsdOf(f);
  if (usd === null) return unpriced ? 'unpriced' : f.costOverflowTurns ? 'overflow' : '—';
  return `${fmtUsd(usd)}${f.unpricedTurns ? '*' : ''}`;
}

/** A row's figures as the JSON document writes them: the overflow counts only when not 0 (as `summary`). */
export function figuresJson(f: Figures) {
  return {
    sessions: f.sessions,
    toolCalls: f.toolCalls,
    toolErrors: f.toolErrors,
    turns: f.turns,
    inputTokens: f.inputTokens,
    outputTokens: f.outputTokens,
    cacheReadTokens: f.cacheReadTokens,
    cacheWriteTokens: f.cacheWriteTokens,
    costUsd: costUsdOf(f),
    unpricedTurns: f.unpricedTurns,
    ...(f.overflowTurns ? { overflowTurns: f.overflowTurns } : {}),
    ...(f.costOverflowTurns ? { costOverflowTurns: f.costOverflowTurns } : {}),
  };
}

/** A whole file's figures (a diff's side): what `report` gives for it alone, or nothing counted. */
export function storeFigures(store: TraceStore): Figures {
  const options = { by: [], clock: new ZoneClock('UTC'), since: null, until: null };
  return runFigures(store.files[0]?.name ?? '', [store], options).rows[0]?.figures ?? noFigures();
}

/** Figures that count nothing: a row's start. */
export const noFigures = (): Figures => ({
  sessions: 0,
  toolCalls: 0,
  toolErrors: 0,
  turns: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costNano: null,
  unpricedTurns: 0,
  overflowTurns: 0,
  costOverflowTurns: 0,
});

/** A tool's row: its calls and errors (what they were charged is added apart). */
const toolFigures = (calls: number, errors: number): Figures => ({
  sessions: null,
  toolCalls: calls,
  toolErrors: errors,
  turns: null,
  inputTokens: null,
  outputTokens: null,
  cacheReadTokens: null,
  cacheWriteTokens: null,
  costNano: null,
  unpricedTurns: null,
  overflowTurns: 0,
  costOverflowTurns: 0,
});

/** The counted turns of a run in time order, for the model a tool call is charged to. */
class Timeline {
  private readonly t: number[] = [];
  private readonly model: (string | null)[] = [];

  constructor(stores: readonly TraceStore[]) {
    const turns: { t: number; model: string | null }[] = [];
    for (const s of stores)
      for (const row of s.rows('countedTurns')) turns.push({ t: s.tOf(row) ?? Number.NaN, model: s.nameOf(row) });
    // Untimed turns first, in file order: they come before any time.
    turns.sort((a, b) => (Number.isNaN(a.t) ? -Infinity : a.t) - (Number.isNaN(b.t) ? -Infinity : b.t));
    for (const x of turns) {
      this.t.push(x.t);
      this.model.push(x.model);
    }
  }

  /** The run's first model, null without counted turns. */
  first(): string | null {
    return this.model[0] ?? null;
  }

  /** The model of the latest counted turn at or before `t` (the turn that asked, as far as times tell); else the first. */
  at(t: number | null): string | null {
    if (t === null || this.t.length === 0) return this.first();
    let lo = 0;
    let hi = this.t.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (!(this.t[mid]! > t)) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? this.first() : this.model[lo - 1]!;
  }
}

/** Which file is the mcp plane: by name (`X.mcp.jsonl`), else by its meta kind. */
const isMcpPlane = (s: TraceStore): boolean => {
  const f = s.files[0]!;
  return /\.mcp\.jsonl?$/i.test(f.name) || (f.meta !== null && (f.meta.kind ?? 'mcp') === 'mcp');
};

/** The run's start, length and label, as the Sessions list shows them. */
export function runInfo(id: string, stores: readonly TraceStore[]): RunInfo {
  let startMs: number | null = null;
  let durationMs: number | null = null;
  for (const s of stores) {
    const start = s.startMs(0);
    if (start !== null && (startMs === null || start < startMs)) startMs = start;
    const d = sessionOf(s.files[0]!).durationMs;
    if (d !== null && (durationMs === null || d > durationMs)) durationMs = d;
  }
  const labelOf = (s: TraceStore) => {
    const l = s.files[0]!.meta?.label;
    return typeof l === 'string' ? l : null;
  };
  const mcp = stores.find(isMcpPlane);
  const label = (mcp && labelOf(mcp)) ?? stores.map(labelOf).find((l) => l !== null) ?? null;
  const metas = stores.map((s) => s.files[0]!.meta).filter((m) => m !== null);
  const first = (read: (m: (typeof metas)[number]) => unknown) =>
    metas.map(read).find((v): v is string => typeof v === 'string') ?? null;
  const source = first((m) => m.source);
  const models = modelsUsed(stores);
  // A transcript with no line that says where it ran is still its agent's, by its format.
  const agent = isAgentName(source)
    ? source
    : (stores.map((s) => AGENT_FORMATS.get(s.files[0]!.format.name)).find((a) => a !== undefined) ?? null);
  if (agent === null) return { id, startMs, durationMs, label, agent, project: null, branch: null, models };
  // An agent's session is named by its transcript's path less the extension: its last part is the session id.
  const project = first((m) => m.cwd) ?? (agent === 'gemini-cli' ? label : projectFolderOf(agent, id));
  return {
    id: id.replace(/\.jsonl?$/i, ''),
    startMs,
    durationMs,
    label,
    agent,
    project,
    branch: first((m) => m.gitBranch),
    models,
  };
}

/** A date folder of Codex's layout (`sessions/2026/01/03/`): no project's name. */
const DATE_PART = /^\d{1,4}$/;

/**
 * An agent's project by where its transcript lies, for a transcript that names no working
 * directory (as ccusage does): Claude Code's folder under `projects/` (`-home-me-app`), Codex's
 * folders under `sessions/` or `archived_sessions/` less its date folders; null when none.
 */
export function projectFolderOf(agent: string, path: string): string | null {
  const parts = path.split(/[\\/]/).filter(Boolean);
  const root = parts.findLastIndex((p) =>
    agent === 'claude-code' ? p === 'projects' : p === 'sessions' || p === 'archived_sessions',
  );
  if (root < 0) return null;
  const folders = parts.slice(root + 1, -1);
  if (agent === 'claude-code') return folders[0] ?? null;
  if (agent !== 'codex') return null;
  const named = folders.filter((p) => !DATE_PART.test(p));
  return named.length > 0 ? named.join('/') : null;
}

/** The models of a run's counted turns, the most used first, then by name. */
function modelsUsed(stores: readonly TraceStore[]): string[] {
  const turns = new Map<string, number>();
  for (const s of stores)
    for (const m of s.aggregates.models.values()) turns.set(m.model, (turns.get(m.model) ?? 0) + m.calls);
  return [...turns].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([model]) => model);
}

/**
 * A run's figures by the keys of `options.by`. Tool calls are counted as `summary`
 * counts them: when the run has several files and one holds MCP calls, from the mcp
 * plane only (the agent plane's tool_uses are the same calls). By tool, each call is
 * charged its share of the turn that asked for it (store/tool-costs.ts, as `summary`'s
 * tool table), taken from that turn's `(no tool)` row.
 */
export function runFigures(id: string, stores: readonly TraceStore[], options: FigureOptions): RunFigures {
  const info = runInfo(id, stores);
  const by = new Set(options.by);
  const { clock, since, until } = options;
  const mcpOnly =
    stores.length > 1 && stores.some((s) => [...s.aggregates.tools.values()].some((t) => t.mcp.calls > 0));
  const timeline = new Timeline(stores);
  const inRange = (t: number | null) =>
    (since === null && until === null) ||
    (t !== null && (since === null || t >= since) && (until === null || t < until));
  const timed = by.has('day') || by.has('week') || by.has('month');
  const keyOf = (t: number | null, model: string | null): RowKey => {
    const key: RowKey = {};
    if (timed) {
      const keys = t === null ? null : clock.keysOf(t);
      if (by.has('day')) key.day = keys?.day ?? null;
      if (by.has('week')) key.week = keys?.week ?? null;
      if (by.has('month')) key.month = keys?.month ?? null;
    }
    if (by.has('session')) key.session = info.id;
    if (by.has('project')) key.project = info.project;
    if (by.has('branch')) key.branch = info.branch;
    // An agent's session calls many servers: its calls are keyed by theirs (addGroup).
    if (by.has('server')) key.server = info.agent === null ? info.label : null;
    if (by.has('model')) key.model = model;
    return key;
  };
  /** A row's group as text, without making its key (made once per group, not per row). */
  const groupOf = (t: number | null, model: string | null): string => {
    const keys = timed && t !== null ? clock.keysOf(t) : null;
    return `${keys ? `${keys.day}|${keys.week}` : '-'}|${by.has('model') && model !== null ? `=${model}` : ''}`;
  };
  const perServer = by.has('server') && info.agent !== null;
  const rows = new Map<string, { key: RowKey; figures: Figures }>();
  const rowAt = (key: RowKey, start = noFigures) => {
    const text = JSON.stringify(key);
    let r = rows.get(text);
    if (!r) rows.set(text, (r = { key, figures: start() }));
    return r;
  };
  // The session counts once, at its start: the row of its start's day and first model. A
  // run with no record (its files empty, none could be read, or every line skipped) is no session.
  if (stores.some((s) => s.files.some((f) => Object.values(f.counts).some((n) => n > 0))) && inRange(info.startMs))
    rowAt({ ...keyOf(info.startMs, timeline.first()), ...(by.has('tool') ? { tool: null } : {}) }).figures.sessions = 1;

  /** Where a record goes: its time and model (a response: its request's), or null for none (not a call or turn). */
  const placeOf = (s: TraceStore, row: number): { t: number | null; model: string | null } | null => {
    const kind = s.kindOf(row);
    if (kind === Kind.message) {
      const shape = s.shapeOf(row);
      // A response goes where its request went: a call is counted in one row.
      const anchor = shape === Shape.request ? row : shape === Shape.response ? s.pairedRow(row) : -1;
      if (anchor < 0) return null;
      const t = s.tOf(anchor);
      return { t, model: by.has('model') ? timeline.at(t) : null };
    }
    if (kind !== Kind.turn) return null;
    const t = s.tOf(row);
    return { t, model: by.has('model') ? (s.usageIndexOf(row) >= 0 ? s.nameOf(row) : timeline.at(t)) : null };
  };

  for (const s of stores) {
    // One rollup per key and store: a rollup caches names by the store's string ids.
    const groups = new Map<string, { key: RowKey; agg: Aggregates }>();
    const cols = s.cols;
    for (let row = 0; row < s.count; row++) {
      const at = placeOf(s, row);
      if (at === null || !inRange(at.t)) continue;
      const text = groupOf(at.t, at.model);
      let g = groups.get(text);
      if (!g) groups.set(text, (g = { key: keyOf(at.t, at.model), agg: new Aggregates() }));
      addRow(g.agg, cols, row);
    }
    for (const { key, agg } of groups.values()) addGroup(key, agg, s.prices);
  }
  if (by.has('tool')) chargeTools();

  /** An agent's call is keyed by the MCP server of its tool (the agent's own tools: `(built-in)`). */
  function serverOf(tool: string): RowKey {
    return perServer ? { server: mcpServerOf(tool) ?? BUILT_IN } : {};
  }

  /**
   * Each counted call's share of the turn that asked for it, added to its tool's row
   * and taken from the `(no tool)` row of that turn, so the rows still add up to the
   * run. A share is charged only when both the call and its turn are counted (in range).
   * Costs are moved in whole nano-dollars, the unit they are split in.
   */
  function chargeTools(): void {
    const taken = new Map<string, { key: RowKey; tokens: number; nano: number }>();
    stores.forEach((s, i) => {
      if (mcpOnly && ![...s.aggregates.tools.values()].some((t) => t.mcp.calls > 0)) return;
      // A run's other plane holds the turns its calls are linked to (as `summary` X.mcp.jsonl X.agent.jsonl).
      const turns = mcpOnly && stores.length === 2 ? stores[1 - i]! : s;
      const keep = (row: number) => inRange(placeOf(s, row)?.t ?? null);
      for (const c of callCharges(s, { keep, mcpPlaneOnly: mcpOnly, turns })) {
        if (c.share === null || c.share.tokens === null || c.turn === null) continue;
        const turn = placeOf(c.turn.store, c.turn.row);
        if (turn === null || !inRange(turn.t)) continue;
        const call = placeOf(s, s.pairs.reqRowOf(c.pair))!;
        const name = s.pairs.nameOf(c.pair);
        const tool = rowAt({ ...keyOf(call.t, call.model), ...serverOf(name), tool: name }, () => toolFigures(0, 0));
        const nano = c.share.nano;
        addFigures([tool.figures], {
          ...toolFigures(0, 0),
          outputTokens: c.share.tokens,
          costNano: nano,
        });
        const key = { ...keyOf(turn.t, turn.model), tool: null };
        const text = JSON.stringify(key);
        let t = taken.get(text);
        if (!t) taken.set(text, (t = { key, tokens: 0, nano: 0 }));
        t.tokens += c.share.tokens;
        t.nano += nano ?? 0;
      }
    });
    for (const { key, tokens, nano } of taken.values()) {
      const f = rowAt(key).figures;
      if (f.outputTokens !== null) f.outputTokens = Math.max(0, f.outputTokens - tokens);
      if (f.costNano !== null) f.costNano = Math.max(0, f.costNano - nano);
    }
  }

  function addGroup(key: RowKey, agg: Aggregates, prices: PriceTable): void {
    const models = modelsOf(agg, prices);
    const s = models?.summary;
    let unpriced = 0;
    for (const m of agg.models.values()) unpriced += m.unpricedTurns;
    let calls = 0;
    let errors = 0;
    for (const t of toolsOf(agg, mcpOnly)) {
      const server = serverOf(t.name);
      if (by.has('tool')) {
        const row = rowAt({ ...key, ...server, tool: t.name }, () => toolFigures(0, 0));
        addFigures([row.figures], toolFigures(t.calls, t.errors));
      } else if (perServer)
        addFigures([rowAt({ ...key, ...server }, () => toolFigures(0, 0)).figures], toolFigures(t.calls, t.errors));
      else {
        calls += t.calls;
        errors += t.errors;
      }
    }
    addFigures([rowAt(by.has('tool') ? { ...key, tool: null } : key).figures], {
      sessions: 0,
      toolCalls: calls,
      toolErrors: errors,
      turns: agg.assistantTurns,
      inputTokens: s?.inputTokens ?? 0,
      outputTokens: s?.outputTokens ?? 0,
      cacheReadTokens: s?.cacheReadTokens ?? 0,
      cacheWriteTokens: s?.cacheCreationTokens ?? 0,
      costNano: totalCostNano(agg),
      unpricedTurns: unpriced,
      overflowTurns: agg.overflowTurns,
      costOverflowTurns: agg.costOverflowTurns,
    });
  }

  return { info, rows: [...rows.values()] };
}
