import {
  cancelledNote,
  costOverflowNote,
  counted,
  fmtCost,
  fmtInt,
  fmtMs,
  fmtPct,
  fmtToolCost,
  fmtToolTokens,
  latencyNote,
  overflowNote,
  timesNote,
  toolCostNote,
  USES_NOTE,
  USES_ONLY_NOTE,
} from '../../../kit/units.js';
import type { PerModel, ShownTool, StatsDoc } from '../../../store/stats.js';
import type { ToolCost } from '../../../store/tool-costs.js';
import type { PricesOrigin } from '../../../trace/prices.js';
import { pricesNote } from '../../../trace/prices-note.js';
import { fitLine, pushLines, type ScreenLine, seg } from '../../format/segments.js';
import { fitBuckets, sparkline } from '../../format/sparkline.js';
import { compactInt, fittedTable, type TableCol, tableLines } from '../../format/table-lines.js';
import { fit, inertHead, truncate, width as widthOf, widthUpTo, wrap } from '../../format/text.js';
import type { UsageSort } from '../../state/ui-state.js';

export interface MethodRow {
  name: string;
  calls: number;
  errors: number;
  pending: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** Series across the trace, one value per bucket of `minutesPerBucket` minutes from its start. */
export interface Timeline {
  tokens: number[];
  /** Mean latency per minute (model turns' duration_ms, else call latency), NaN when none. */
  latency: number[];
  latencyCounts: number[];
  /** Whose latency the strip shows: model turns' duration_ms, or (no turns) call latency. */
  latencyOf: 'turns' | 'calls';
  perModel: { model: string; tokens: number[] }[];
  /** Minutes per bucket: 1 up to MAX_BUCKETS minutes, more for longer traces. */
  minutesPerBucket: number;
  /** Minutes from the start to the last time placed. */
  minutes: number;
  /** Rows left out: their time is off the axis (±100 years of the trace's median, or outside the date range). */
  outsideAxis: number;
}

/** What the Usage pane shows: the same numbers as `summary`. */
export interface UsageData {
  models: NonNullable<StatsDoc['models']> | null;
  /** Which prices the costs came from (the bundled table, or a file over it and who named it). */
  prices: PricesOrigin;
  /** Each call counted once, with the agent's tool_uses apart (`shownToolsOf`). */
  tools: ShownTool[];
  /** The tools' calls by the MCP server they belong to (an agent's `mcp__<server>__<tool>`); none for others. */
  servers: MethodRow[];
  /** What each tool's calls were charged (by name; store/tool-costs.ts); null while being worked out. */
  toolCosts: ToolCost[] | null;
  /** True when tools come only from the mcp plane (two planes of one run are open). */
  mcpPlaneOnly: boolean;
  methods: MethodRow[];
  timeline: Timeline | null;
  /** Answered calls whose latency was left out (a time out of range, or over 100 years from its request). */
  latenciesLeftOut: number;
  /** Requests cancelled and never answered: counted as pending (PEND), as `summary` counts them. */
  cancelled: number;
}

type ModelLine = PerModel & { total?: boolean };

const usd = (m: ModelLine) => fmtCost(m.estCostUsd, m.priced || m.total === true, m.costOverflowTurns);

const modelCols: TableCol<ModelLine>[] = [
  { header: 'MODEL', cell: (m) => m.model, style: (m) => (m.total ? 'bold' : 'model') },
  { header: 'CALLS', align: 'right', cell: (m) => fmtInt(m.calls), compact: (m) => compactInt(m.calls) },
  { header: 'INPUT', align: 'right', cell: (m) => fmtInt(m.inputTokens), compact: (m) => compactInt(m.inputTokens) },
  { header: 'OUTPUT', align: 'right', cell: (m) => fmtInt(m.outputTokens), compact: (m) => compactInt(m.outputTokens) },
  {
    header: 'C.READ',
    align: 'right',
    cell: (m) => fmtInt(m.cacheReadTokens),
    compact: (m) => compactInt(m.cacheReadTokens),
    drop: 4,
  },
  {
    header: 'C.WRITE',
    align: 'right',
    cell: (m) => fmtInt(m.cacheCreationTokens),
    compact: (m) => compactInt(m.cacheCreationTokens),
    drop: 3,
  },
  { header: 'HIT%', align: 'right', cell: (m) => fmtPct(m.cacheHitRate), drop: 5 },
  {
    header: 'COST',
    align: 'right',
    cell: usd,
    style: (m) => (!m.priced && !m.total ? 'warn' : m.total ? 'bold' : undefined),
  },
  { header: 'P50', align: 'right', cell: (m) => fmtMs(m.latencyP50Ms), drop: 2 },
  { header: 'P95', align: 'right', cell: (m) => fmtMs(m.latencyP95Ms), drop: 6 },
  { header: 'MAX', align: 'right', cell: (m) => fmtMs(m.latencyMaxMs), drop: 1 },
];

/** A row of the tool and method tables (tools add their tool_uses and what they were charged). */
type CallLike = MethodRow & { uses?: number | null; charge?: ToolCost; costsPending?: boolean };

/** A tool's TOKENS and COST while cost per tool is still being worked out (a big trace). */
const PENDING = '…';

/**
 * The tool table's columns: the call columns, then USES (with both planes), then TOKENS
 * and COST (giving way after PEND, and USES after PEND too).
 */
const toolCols = (withUses: boolean): TableCol<CallLike>[] => [
  ...callCols('TOOL'),
  ...(withUses
    ? [
        {
          header: 'USES',
          align: 'right',
          cell: (r) => fmtInt(r.uses ?? null),
          compact: (r) => compactInt(r.uses ?? null),
          // After MAX, P95 and PEND: it says why the planes' counts differ.
          drop: 3.5,
        } satisfies TableCol<CallLike>,
      ]
    : []),
  {
    header: 'TOKENS',
    align: 'right',
    cell: (r) => (r.costsPending ? PENDING : r.charge ? fmtToolTokens(r.charge) : ''),
    compact: (r) =>
      r.costsPending
        ? PENDING
        : r.charge && r.charge.attributedCalls > 0
          ? compactInt(r.charge.outputTokens)
          : r.charge
            ? '–'
            : '',
    drop: 4,
  },
  {
    header: 'COST',
    align: 'right',
    cell: (r) => (r.costsPending ? PENDING : r.charge ? fmtToolCost(r.charge) : ''),
    style: (r) => (r.charge?.costUsd === null && r.charge.unpricedCalls ? 'warn' : undefined),
    drop: 5,
  },
];

const callCols = (first: string): TableCol<CallLike>[] => [
  { header: first, cell: (r) => r.name, style: () => 'bold' },
  { header: 'CALLS', align: 'right', cell: (r) => fmtInt(r.calls), compact: (r) => compactInt(r.calls) },
  { header: 'ERR', align: 'right', cell: (r) => fmtInt(r.errors), style: (r) => (r.errors ? 'error' : undefined) },
  {
    header: 'PEND',
    align: 'right',
    cell: (r) => fmtInt(r.pending),
    style: (r) => (r.pending ? 'pending' : undefined),
    drop: 3,
  },
  { header: 'P50', align: 'right', cell: (r) => fmtMs(r.p50) },
  { header: 'P95', align: 'right', cell: (r) => fmtMs(r.p95), drop: 2 },
  { header: 'MAX', align: 'right', cell: (r) => fmtMs(r.max), drop: 1 },
];

/** A row of the Usage pane one can act on: a model, tool or method, and its line. */
export interface UsageTarget {
  kind: 'model' | 'tool' | 'method';
  name: string;
  line: number;
}

export interface UsageLines {
  lines: ScreenLine[];
  /** The model, tool and method rows, in line order. */
  targets: UsageTarget[];
}

/** The Usage pane's lines (each cut to `width`): per-model table with totals, then tools, then methods. */
export function usageLines(d: UsageData, width: number, sort: UsageSort = 'calls'): ScreenLine[] {
  return usageTable(d, width, sort).lines;
}

/** `usageLines`, with the rows one can act on. */
export function usageTable(d: UsageData, width: number, sort: UsageSort = 'calls'): UsageLines {
  const targets: UsageTarget[] = [];
  const lines = usageBody(d, width, sort, targets).map((line) => fitLine(line, width));
  return { lines, targets };
}

/** Descending by `key` (nulls last), ties in their calls order; `key` null: the order as given. */
function sorted<R>(rows: R[], key: ((r: R) => number | null) | null): R[] {
  if (!key) return rows;
  const value = (r: R) => key(r) ?? -Infinity;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => value(b.r) - value(a.r) || a.i - b.i)
    .map((x) => x.r);
}

const modelKey = (sort: UsageSort): ((m: PerModel) => number | null) | null =>
  sort === 'cost' ? (m) => (m.priced ? m.estCostUsd : null) : sort === 'p95' ? (m) => m.latencyP95Ms : null;
const callKey = (sort: UsageSort): ((r: CallLike) => number | null) | null =>
  sort === 'errors'
    ? (r) => r.errors
    : sort === 'p95'
      ? (r) => r.p95
      : sort === 'cost'
        ? (r) => r.charge?.costUsd ?? null
        : null;

/** Notes each row of a table just pushed (`names`, below its header line) as a target. */
function mark(targets: UsageTarget[], kind: UsageTarget['kind'], names: string[], headerLine: number): void {
  names.forEach((name, i) => {
    targets.push({ kind, name, line: headerLine + 1 + i });
  });
}

function usageBody(d: UsageData, width: number, sort: UsageSort, targets: UsageTarget[]): ScreenLine[] {
  const out: ScreenLine[] = [];
  const m = d.models;
  if (m) {
    const s = m.summary;
    out.push([
      seg('MODELS ', 'header'),
      seg(`${fmtInt(s.assistantTurns)} model calls · ${counted(s.echoedTurns, 'echoed turn')} excluded`, 'dim'),
    ]);
    const total: ModelLine = {
      model: 'TOTAL',
      total: true,
      calls: s.assistantTurns,
      inputTokens: s.inputTokens,
      outputTokens: s.outputTokens,
      cacheReadTokens: s.cacheReadTokens,
      cacheCreationTokens: s.cacheCreationTokens,
      thinkingTokens: null,
      thinkingEstimated: false,
      cacheHitRate: s.cacheHitRate,
      ttftP50Ms: null,
      ttftP95Ms: null,
      estCostUsd: m.cost.totalUsd,
      ...(s.costOverflowTurns ? { costOverflowTurns: s.costOverflowTurns } : {}),
      priced: m.cost.totalUsd !== null,
      latencyP50Ms: null,
      latencyP95Ms: null,
      latencyMaxMs: null,
    };
    const models = sorted(m.perModel, modelKey(sort));
    mark(
      targets,
      'model',
      models.map((x) => x.model),
      out.length,
    );
    pushLines(out, tableLines(modelCols, [...models, total], width));
    const notes: string[] = [];
    if (m.cost.partial) notes.push('total is partial (a lower bound)');
    if (m.cost.unpricedModels.length) notes.push(`unpriced: ${m.cost.unpricedModels.join(', ')}`);
    const thinking = (s.thinkingExactTokens ?? 0) + (s.thinkingEstimatedTokens ?? 0);
    if (s.overflowTurns) notes.push(overflowNote(s.overflowTurns));
    if (s.costOverflowTurns) notes.push(costOverflowNote(s.costOverflowTurns));
    if (s.timesLeftOut) notes.push(timesNote(s.timesLeftOut));
    if (thinking)
      notes.push(
        `thinking ${fmtInt(thinking)} tokens, part of output${s.thinkingEstimatedTokens ? ' (partly estimated)' : ''}`,
      );
    if (notes.length) pushLines(out, noteLines(notes.join(' · '), width, 'warn'));
    pushLines(out, pricesLines(d.prices, width));
  } else out.push([seg('MODELS ', 'header'), seg('no model calls (no non-echoed assistant turns)', 'dim')]);
  if (d.timeline) out.push([], ...timelineLines(d.timeline, width));
  out.push([]);
  if (d.tools.length) {
    const withUses = d.tools.some((t) => t.uses !== null);
    const [first = '', ...more] = withUses
      ? wrap('each call once, by its tools/call', Math.max(10, width - 2 - 'TOOLS '.length))
      : [];
    out.push([seg('TOOLS ', 'header'), seg(first, 'dim')], ...more.map((l): ScreenLine => [seg(`  ${l}`, 'dim')]));
    const charges = new Map((d.toolCosts ?? []).map((c) => [c.name, c]));
    const tools = sorted(
      d.tools.map(
        (t): CallLike => ({
          name: t.name,
          calls: t.calls,
          errors: t.errors,
          pending: t.pending,
          p50: t.p50Ms,
          p95: t.p95Ms,
          max: t.maxMs,
          uses: t.uses,
          charge: charges.get(t.name),
          costsPending: d.toolCosts === null,
        }),
      ),
      callKey(sort),
    );
    mark(
      targets,
      'tool',
      tools.map((t) => t.name),
      out.length,
    );
    const { lines: table, shown } = fittedTable(toolCols(withUses), tools, width);
    pushLines(out, table);
    // Notes name only the columns the pane kept (a narrow one drops USES, TOKENS, COST).
    const toolNotes = [toolCostNote(shown, d.toolCosts === null)];
    if (shown.includes('USES')) toolNotes.push(USES_NOTE);
    else if (!withUses && d.tools.every((t) => t.origin === 'turn')) toolNotes.push(USES_ONLY_NOTE);
    for (const note of toolNotes) if (note) pushLines(out, noteLines(note, width, 'dim'));
  } else out.push([seg('TOOLS ', 'header'), seg('no tool calls', 'dim')]);
  if (d.servers.length) {
    out.push(
      [],
      [seg('SERVERS ', 'header'), seg("the MCP servers of those tools (the agent's own tools are none)", 'dim')],
    );
    pushLines(out, fittedTable(callCols('SERVER'), sorted(d.servers, callKey(sort)), width).lines);
  }
  if (d.latenciesLeftOut) out.push([seg(latencyNote(d.latenciesLeftOut), 'warn')]);
  out.push([]);
  if (d.methods.length) {
    out.push([seg('METHODS ', 'header'), seg('every JSON-RPC request, both directions', 'dim')]);
    const methods = sorted(d.methods, callKey(sort));
    mark(
      targets,
      'method',
      methods.map((x) => x.name),
      out.length,
    );
    const { lines: table, shown } = fittedTable(callCols('METHOD'), methods, width);
    pushLines(out, table);
    if (d.cancelled && shown.includes('PEND'))
      pushLines(out, noteLines(cancelledNote('PEND', d.cancelled), width, 'dim'));
  }
  return out;
}

/** A note wraps to at most this many lines: a list of 50 unpriced models must not push the tables off screen. */
const NOTE_LINES = 3;

/**
 * A note under a table, wrapped to the pane, continuation lines indented; past
 * NOTE_LINES the last line ends in … (only that head of it is read: it holds model names).
 */
function noteLines(note: string, width: number, style: 'warn' | 'dim'): ScreenLine[] {
  const cells = Math.max(10, width - 2);
  const lines = wrap(inertHead(note, cells * (NOTE_LINES + 1)), cells, NOTE_LINES + 1);
  if (lines.length > NOTE_LINES)
    lines.splice(NOTE_LINES - 1, 2, truncate(`${lines[NOTE_LINES - 1]} ${lines[NOTE_LINES]}`, cells));
  return lines.map((l, i) => [seg(i === 0 ? l : `  ${l}`, style)]);
}

/**
 * Which prices the costs came from, in `summary`'s and `report`'s words, on lines of
 * their own under the model table: wrapped, never cut (a prices file deep in a home
 * directory is still named whole), continuation lines indented as `summary` indents them.
 */
function pricesLines(origin: PricesOrigin, width: number): ScreenLine[] {
  return wrap(pricesNote(origin), Math.max(10, width - 2)).map((l, i) => [seg(i === 0 ? l : `  ${l}`, 'dim')]);
}

/** The sparkline strip: tokens and latency per minute, then tokens per model. */
function timelineLines(t: Timeline, width: number): ScreenLine[] {
  // Labels are measured as they are shown, made inert: an ESC measures 0 cells but shows
  // as ␛ (one), a C1 control as \u009b (six); the strips all start at column LABEL.
  let LABEL = 20;
  for (const m of t.perModel) LABEL = Math.min(32, Math.max(LABEL, widthUpTo(inertHead(m.model, 32), 32) + 4));
  const cells = Math.max(10, width - LABEL - 12);
  const zeros = t.tokens.map(() => 1);
  const tokens = fitBuckets(t.tokens, zeros, cells, false);
  const perCell = tokens.minutesPerCell * t.minutesPerBucket;
  const per = perCell === 1 ? 'per minute' : `per ${fmtInt(perCell)} minutes`;
  const row = (label: string, values: number[], style: 'model' | undefined, total: string): ScreenLine => [
    seg(`${fit(inertHead(label, LABEL), LABEL - 1)} `, style),
    seg(sparkline(values)),
    seg(total ? ` ${total}` : '', 'dim'),
  ];
  const outside = t.outsideAxis ? ` · ${counted(t.outsideAxis, 'record')} outside the time axis` : '';
  const scale = `${per}, ${counted(t.minutes, 'minute')} from the start`;
  const out: ScreenLine[] = [[seg('OVER TIME ', 'header'), seg(scale, 'dim')]];
  // The records the strip leaves out are said whole: on the line when it has room, else
  // below it (cut at the line's end, the count and what it counts would be lost).
  if (widthOf(`OVER TIME ${scale}${outside}`) <= width) out[0]!.push(seg(outside, 'warn'));
  else if (outside)
    for (const l of wrap(outside.slice(' · '.length), Math.max(10, width - 2))) out.push([seg(`  ${l}`, 'warn')]);
  if (t.perModel.length)
    out.push(
      row(
        'tokens',
        tokens.values,
        undefined,
        `max ${compactInt(Math.max(0, ...tokens.values.filter((v) => !Number.isNaN(v))))}`,
      ),
    );
  const lat = fitBuckets(t.latency, t.latencyCounts, cells, true);
  if (t.latencyCounts.some((n) => n > 0))
    out.push(
      row(
        t.latencyOf === 'turns' ? 'turn latency (mean)' : 'call latency (mean)',
        lat.values,
        undefined,
        `max ${fmtMs(Math.max(0, ...lat.values.filter((v) => !Number.isNaN(v))))}`,
      ),
    );
  if (t.perModel.length > 1)
    for (const m of t.perModel)
      out.push(row(`  ${m.model}`, fitBuckets(m.tokens, zeros, cells, false).values, 'model', ''));
  return out;
}
