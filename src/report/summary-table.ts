import { clip, inertHead, truncate, widthUpTo, wrap } from '../kit/cells.js';
import { inert, oneLine } from '../kit/text.js';
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
  fmtUsd,
  httpErrorNote,
  latencyNote,
  overflowNote,
  timesNote,
  toolCostNote,
  USES_NOTE,
  USES_ONLY_NOTE,
} from '../kit/units.js';
import type { Aggregates } from '../store/aggregates.js';
import { callLatencyStats, cancelledCalls, errorsOf, httpFailedCalls, shownToolsOf, statsOf } from '../store/stats.js';
import { type ToolCost, toolCosts } from '../store/tool-costs.js';
import type { TraceStore } from '../store/trace-store.js';
import { pricesNote } from '../trace/prices-note.js';
import { SHOWN_SKIPS } from './skipped-note.js';
import { type Col, fitTable, MAX_COLUMN } from './table.js';

/**
 * To a pipe, a value is printed whole up to this many cells: a script reading it wants
 * the value (a tool's name, an error's text), and no real one is longer; a hostile one of
 * 100,000 characters is still cut with … (`--json` has it whole).
 */
export const PIPE_VALUE_MAX = 1000;

/**
 * Trace text in a heading line or a cell: inert, and no wider than a table column (a
 * label of 2,000 CJK characters once ran on for 4,000 cells); only what can show of it
 * is read (a name may be 100,000 characters). To a pipe (`whole`), whole up to
 * PIPE_VALUE_MAX: nothing is on a screen to overflow.
 */
const fieldOf =
  (whole: boolean) =>
  (text: string, cells = MAX_COLUMN) => {
    const max = whole ? PIPE_VALUE_MAX : cells;
    return truncate(inertHead(text, max), max);
  };
/** A table cell: cut to a column by the table, so only a column's worth is made inert (to a pipe, PIPE_VALUE_MAX). */
const cellOf = (whole: boolean) => (text: string) =>
  whole ? truncate(inertHead(text, PIPE_VALUE_MAX), PIPE_VALUE_MAX) : inertHead(text, MAX_COLUMN);
/** Longest error message or skip reason shown on a terminal (`--json` has them whole; a pipe up to PIPE_VALUE_MAX). */
const MESSAGE = 2 * MAX_COLUMN;

/** Errors and skipped lines listed unless every one is asked for (`--all`). */
export const SHOWN_ERRORS = 10;

/** push(...lines) overflows the call stack past ~100,000 lines (a trace with that many tool names). */
const pushAll = (out: string[], lines: string[]) => {
  for (const l of lines) out.push(l);
};

/** A line wrapped to `columns`, its indent kept and its continuation lines indented two more. */
function wrapIndented(line: string, columns: number): string[] {
  const lead = /^ */.exec(line)![0];
  const room = Math.max(10, columns - lead.length - 2);
  return wrap(line.slice(lead.length), room).map((l, i) => (i === 0 ? lead : `${lead}  `) + l);
}

/**
 * The human summary of one file: a few aligned tables read at a glance. `costs`: what
 * each tool was charged (`toolCosts`; by default from the file's own turns). `columns`
 * Infinity is a pipe: every value whole. `all`: every error and skipped line, not the
 * first 10. `agentUses`: tool_uses per tool of the agent plane read apart (the USES column).
 * Each call is counted once (`shownToolsOf`); `--json` counts as the contract says.
 */
export function summaryText(
  store: TraceStore,
  file: number,
  filtered?: { agg: Aggregates; text: string; kept: number; keep?: Uint8Array },
  columns = Infinity,
  costs?: ToolCost[],
  options: { all?: boolean; agentUses?: ReadonlyMap<string, number> } = {},
): string {
  const all = options.all ?? false;
  const whole = columns === Infinity;
  const field = fieldOf(whole);
  const cell = cellOf(whole);
  // A terminal narrower than a table: its least needed columns go, and the note says which.
  const dropped = new Set<string>();
  /** The headers the last table kept: a note under it names only those. */
  let kept: string[] = [];
  const table = (cols: Col[], rows: string[][]) => {
    const fitted = fitTable(cols, rows, columns, whole);
    for (const d of fitted.dropped) dropped.add(d);
    kept = cols.map((c) => c.header).filter((h) => !fitted.dropped.includes(h));
    return fitted.lines;
  };
  const doc = statsOf(store, file, filtered?.agg);
  const agg = filtered?.agg ?? store.files[file]!.aggregates;
  const tools = shownToolsOf(agg, options.agentUses);
  const errors = errorsOf(agg, false, true);
  const s = doc.session;
  const f = store.files[file]!;
  const out: string[] = [];
  const title = [
    oneLine(whole ? truncate(clip(f.name, PIPE_VALUE_MAX), PIPE_VALUE_MAX) : clip(f.name, 2 * MAX_COLUMN)),
    s.label && `${field(s.label)} (${field(s.kind ?? 'mcp')})`,
    s.producer && field(s.producer),
  ]
    .filter(Boolean)
    .join(' · ');
  // The format last, after the trace's own text is cut: it is never what gets cut.
  out.push(`${whole ? title : truncate(title, 2 * MAX_COLUMN)} · format: ${inert(f.format.name)}`);
  const ended = s.endReason ?? (s.exitCode !== null ? `exit ${s.exitCode}` : f.end ? 'ended' : 'no end line');
  const approximate = f.format.approximateTimes ? ' (times approximate: derived from latencies)' : '';
  const start = s.startedAt === null ? 'no start time' : field(s.startedAt);
  out.push(`${start} · duration ${fmtMs(s.durationMs)}${approximate} · ${field(ended)}`);
  const r = s.records;
  out.push(
    `records ${fmtInt(r.total)} (meta ${fmtInt(r.meta)}, message ${fmtInt(r.message)}, event ${fmtInt(r.event)}, turn ${fmtInt(r.turn)}, end ${fmtInt(r.end)}, other ${fmtInt(r.other)}) · skipped ${fmtInt(s.skippedLines)}`,
  );
  if (filtered)
    out.push(
      `filter: ${field(filtered.text)} · ${fmtInt(filtered.kept)} of ${fmtInt(store.count)} rows (the tables below count only these)`,
    );

  out.push('');
  if (doc.models) {
    const m = doc.models;
    const rows = m.perModel.map((p) => [
      cell(p.model),
      fmtInt(p.calls),
      fmtInt(p.inputTokens),
      fmtInt(p.outputTokens),
      fmtInt(p.cacheReadTokens),
      fmtInt(p.cacheCreationTokens),
      fmtPct(p.cacheHitRate),
      fmtCost(p.estCostUsd, p.priced, p.costOverflowTurns),
      fmtMs(p.latencyP50Ms),
      fmtMs(p.latencyP95Ms),
    ]);
    const total =
      m.cost.totalUsd === null
        ? fmtCost(null, false, m.summary.costOverflowTurns)
        : `${fmtUsd(m.cost.totalUsd)}${m.cost.partial ? ' (partial)' : ''}`;
    rows.push([
      'TOTAL',
      fmtInt(m.summary.assistantTurns),
      fmtInt(m.summary.inputTokens),
      fmtInt(m.summary.outputTokens),
      fmtInt(m.summary.cacheReadTokens),
      fmtInt(m.summary.cacheCreationTokens),
      fmtPct(m.summary.cacheHitRate),
      total,
      '',
      '',
    ]);
    const right = { align: 'right' as const };
    pushAll(
      out,
      table(
        [
          { header: 'MODEL' },
          { header: 'CALLS', ...right },
          { header: 'INPUT', ...right },
          { header: 'OUTPUT', ...right },
          { header: 'CACHE READ', ...right, drop: 5 },
          { header: 'CACHE WRITE', ...right, drop: 1 },
          { header: 'HIT %', ...right, drop: 2 },
          { header: 'COST', ...right },
          { header: 'P50', ...right, drop: 4 },
          { header: 'P95', ...right, drop: 3 },
        ],
        rows,
      ),
    );
    const notes = [`${counted(m.summary.echoedTurns, 'echoed turn')} excluded`];
    if (m.summary.thinkingExactTokens !== null || m.summary.thinkingEstimatedTokens !== null)
      notes.push(
        `thinking ${fmtInt((m.summary.thinkingExactTokens ?? 0) + (m.summary.thinkingEstimatedTokens ?? 0))} tokens (part of output${m.summary.thinkingEstimatedTokens ? ', partly estimated' : ''})`,
      );
    if (m.cost.unpricedModels.length)
      notes.push(`unpriced: ${m.cost.unpricedModels.map((name) => field(name)).join(', ')}`);
    if (m.summary.overflowTurns) notes.push(overflowNote(m.summary.overflowTurns));
    if (m.summary.costOverflowTurns) notes.push(costOverflowNote(m.summary.costOverflowTurns));
    if (m.summary.timesLeftOut) notes.push(timesNote(m.summary.timesLeftOut));
    out.push(`  ${notes.join(' · ')}`);
    // Its own line: a prices file's name (one line, inert) is measured and wrapped as it prints.
    out.push(`  ${pricesNote(store.prices.origin)}`);
  } else out.push('no model calls (no non-echoed assistant turns)');

  out.push('');
  const right = { align: 'right' as const };
  const callCols = (first: string) => [
    { header: first },
    { header: 'CALLS', ...right },
    { header: 'ERRORS', ...right },
    { header: 'PENDING', ...right, drop: 3 },
    { header: 'P50', ...right },
    { header: 'P95', ...right, drop: 2 },
    { header: 'MAX', ...right, drop: 1 },
  ];
  if (tools.length) {
    const keep = filtered?.keep;
    const charged = new Map(
      (costs ?? toolCosts(store, keep ? { keep: (row) => keep[row] !== 0 } : {})).map((c) => [c.name, c]),
    );
    const withUses = tools.some((t) => t.uses !== null);
    pushAll(
      out,
      table(
        [
          ...callCols('TOOL'),
          // After MAX, P95 and PENDING: it says why the planes' counts differ.
          ...(withUses ? [{ header: 'USES', ...right, drop: 3.5 }] : []),
          { header: 'TOKENS', ...right, drop: 4 },
          { header: 'COST', ...right, drop: 5 },
        ],
        tools.map((t) => {
          const c = charged.get(t.name);
          return [
            cell(t.name),
            fmtInt(t.calls),
            fmtInt(t.errors),
            fmtInt(t.pending),
            fmtMs(t.p50Ms),
            fmtMs(t.p95Ms),
            fmtMs(t.maxMs),
            ...(withUses ? [fmtInt(t.uses)] : []),
            c ? fmtToolTokens(c) : '',
            c ? fmtToolCost(c) : '',
          ];
        }),
      ),
    );
    const costNote = toolCostNote(kept);
    if (costNote) out.push(`  ${costNote}`);
    if (kept.includes('USES')) out.push(`  ${USES_NOTE}`);
    else if (tools.every((t) => t.origin === 'turn')) out.push(`  ${USES_ONLY_NOTE}`);
  } else out.push('no tool calls');

  const leftOut = (filtered?.agg ?? f.aggregates).latenciesLeftOut;
  if (leftOut) out.push(`  ${latencyNote(leftOut)}`);

  const methods = [...(filtered?.agg ?? f.aggregates).methods.entries()].sort(
    (a, b) => b[1].calls - a[1].calls || (a[0] < b[0] ? -1 : 1),
  );
  if (methods.length) {
    out.push('');
    pushAll(
      out,
      table(
        callCols('METHOD'),
        methods.map(([name, m]) => {
          const lat = callLatencyStats(m);
          return [
            cell(name),
            fmtInt(m.calls),
            fmtInt(m.errors),
            fmtInt(m.pending),
            fmtMs(lat.p50),
            fmtMs(lat.p95),
            fmtMs(lat.max),
          ];
        }),
      ),
    );
    const keep = filtered?.keep;
    const cancelled = cancelledCalls(store, (row) => store.fileOf(row) === file && keep?.[row] !== 0);
    if (cancelled && kept.includes('PENDING')) out.push(`  ${cancelledNote('PENDING', cancelled)}`);
    const httpFailed = httpFailedCalls(store, (row) => store.fileOf(row) === file && keep?.[row] !== 0);
    if (httpFailed && kept.includes('PENDING')) out.push(`  ${httpErrorNote('PENDING', httpFailed)}`);
  }

  const shownErrors = all ? Infinity : SHOWN_ERRORS;
  if (errors.length) {
    out.push(
      '',
      `ERRORS (${fmtInt(errors.length)}${errors.length > shownErrors ? `, first ${SHOWN_ERRORS}; --all lists every one` : ''})`,
    );
    for (const e of errors.slice(0, shownErrors))
      out.push(`  ${e.t ?? '—'}  ${e.source.padEnd(7)}  ${field(e.name)}: ${field(e.message, MESSAGE)}`);
  }

  // The store keeps the first 10,000 skips: --all lists those.
  const skips = store.skips.filter((k) => k.file === file).slice(0, all ? Infinity : SHOWN_SKIPS);
  if (f.skipped) {
    const more = all ? ' (the ones kept)' : '; --all lists every one';
    out.push(
      '',
      `SKIPPED LINES (${fmtInt(f.skipped)}${f.skipped > skips.length ? `, first ${fmtInt(skips.length)}${more}` : ''})`,
    );
    for (const k of skips) out.push(`  line ${k.lineNo}: ${field(k.reason, MESSAGE)}`);
  }
  if (dropped.size)
    out.push(
      '',
      `(${[...dropped].join(', ')} left out to fit ${columns} columns: a wider terminal or --json shows all)`,
    );
  if (columns === Infinity) return `${out.join('\n')}\n`;
  const lines: string[] = [];
  for (const l of out) pushAll(lines, widthUpTo(l, columns) > columns ? wrapIndented(l, columns) : [l]);
  return `${lines.join('\n')}\n`;
}
