/*
 * `report`: the figures of many runs folded into rows by key (day, model, tool…), the
 * totals, and the table and JSON document that show them. Runs are folded in the order
 * they were found, whatever order their readings finish in, so the same recordings give
 * the same bytes (a cost is a sum of floating-point numbers, whose last digit depends
 * on the order they are added in).
 */

import { cutMiddle, truncate, wrap } from '../kit/cells.js';
import { inert } from '../kit/text.js';
import { costOverflowNote, fmtInt, overflowNote } from '../kit/units.js';
import {
  addFigures,
  costCell,
  type Dim,
  type Figures,
  figuresJson,
  noFigures,
  type RowKey,
  type RunFigures,
} from '../store/run-figures.js';
import type { PricesOrigin } from '../trace/prices.js';
import { pricesJson } from './prices-note.js';
import { type Col, fitTable } from './table.js';

export const REPORT_SCHEMA = 'mcp-replay-tui.report/1';

export interface ReportRow {
  key: RowKey;
  figures: Figures;
}

/** Rows by key as runs are folded in; `add` in the order the runs were found. */
export class ReportRows {
  private readonly rows = new Map<string, ReportRow>();
  /** The running totals: only to keep every sum exact (the totals shown are summed from the rows). */
  private readonly guard = noFigures();

  constructor(readonly by: readonly Dim[]) {}

  add(run: RunFigures): void {
    for (const r of run.rows) {
      // The key's dimensions in the order asked for: {"day": …, "model": …}.
      const key: RowKey = {};
      for (const d of this.by) key[d] = r.key[d] ?? null;
      const text = JSON.stringify(key);
      let row = this.rows.get(text);
      if (!row) {
        row = { key, figures: zeroed(r.figures) };
        this.rows.set(text, row);
      }
      addFigures([row.figures, this.guard], r.figures);
    }
  }

  /** The rows by key, dimension by dimension (`desc`: latest first); a key with no value (null) after the rest. */
  sorted(order: 'asc' | 'desc'): ReportRow[] {
    const sign = order === 'asc' ? 1 : -1;
    return [...this.rows.values()].sort((a, b) => {
      for (const d of this.by) {
        const x = a.key[d] ?? null;
        const y = b.key[d] ?? null;
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return sign * compareKeys(x, y);
      }
      return 0;
    });
  }
}

/**
 * Keys in order: a date's year by its number (`9999-12` before `+010000-01`, as ISO 8601
 * writes years past 9999 and before 0), then the rest as text; other keys as text.
 */
function compareKeys(x: string, y: string): number {
  const yx = /^[+-]\d{6}(?=-)|^\d{4}(?=-)/.exec(x);
  const yy = /^[+-]\d{6}(?=-)|^\d{4}(?=-)/.exec(y);
  if (yx && yy && Number(yx[0]) !== Number(yy[0])) return Number(yx[0]) - Number(yy[0]);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A row's start: the shape of the first figures it gets (a tool's row keeps its nulls), counting nothing. */
function zeroed(f: Figures): Figures {
  const zero = (v: number | null) => (v === null ? null : 0);
  return {
    sessions: zero(f.sessions),
    toolCalls: 0,
    toolErrors: 0,
    turns: zero(f.turns),
    inputTokens: zero(f.inputTokens),
    outputTokens: zero(f.outputTokens),
    cacheReadTokens: zero(f.cacheReadTokens),
    cacheWriteTokens: zero(f.cacheWriteTokens),
    costNano: null,
    unpricedTurns: zero(f.unpricedTurns),
    overflowTurns: 0,
    costOverflowTurns: 0,
  };
}

/** The totals: the rows summed in the order shown, so each total is exactly the sum of its column. */
export function totalsOf(rows: readonly ReportRow[]): Figures {
  const totals = noFigures();
  for (const r of rows) addFigures([totals], r.figures);
  return totals;
}

/** `report --json`: `{schema, by, rows: [{key, …figures}], totals, prices}` (docs/report.schema.json). */
export function reportDoc(by: readonly Dim[], rows: readonly ReportRow[], totals: Figures, prices: PricesOrigin) {
  return {
    schema: REPORT_SCHEMA,
    by: [...by],
    rows: rows.map((r) => ({ key: r.key, ...figuresJson(r.figures) })),
    totals: figuresJson(totals),
    prices: pricesJson(prices),
  };
}

const HEADERS: Record<Dim, string> = {
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  session: 'SESSION',
  project: 'PROJECT',
  branch: 'BRANCH',
  server: 'SERVER',
  model: 'MODEL',
  tool: 'TOOL',
};
/** How a key with no value reads. */
const NONE: Record<Dim, string> = {
  day: '(no time)',
  week: '(no time)',
  month: '(no time)',
  session: '(none)',
  project: '(no project)',
  branch: '(no branch)',
  server: '(no server)',
  model: '(no model)',
  tool: '(no tool)',
};

/**
 * What `report --by tool`'s `(no tool)` row holds: a run's sessions, turns, their input,
 * cache and output tokens, and what of their cost no tool call was charged (its share).
 */
export const NO_TOOL_NOTE = `${NONE.tool}: sessions, turns, and the tokens and cost not charged to a tool call`;

/** Below this many columns the table is compact (as ccusage's): no cache columns, key columns cut. */
export const COMPACT_BELOW = 100;
/** A key column past the first, in a compact table. */
const COMPACT_KEY = 20;
/**
 * A session in a compact table, cut in its middle, its end kept: run names are long
 * (`knowledge-mcp-global-api-aws-2026-08-20T16-45-18-024Z`, 53 cells) and left every
 * figure but OUTPUT and COST out at 80 columns; cut (`knowled…2026-08-20T16-45-18-024Z`),
 * all but the SESS column (1 a row) stay.
 */
const COMPACT_SESSION = 32;

const keyText = (d: Dim, v: string | null | undefined, sessions: ReadonlyMap<string, string>): string => {
  if (v === null || v === undefined) return NONE[d];
  return inert(d === 'session' ? (sessions.get(v) ?? v) : v);
};

/**
 * Each session path by its shortest tail of whole parts that no other path in `paths`
 * ends with: `chat` alone, `session-alpha/chat` beside `session-beta/chat` (files named
 * alike in folders of their own). A count of tails per length: a few lines, no package.
 */
export function sessionNames(paths: readonly string[]): Map<string, string> {
  const parts = [...new Set(paths)].map((p) => ({ path: p, of: p.split(/[\\/]/).filter(Boolean) }));
  const tail = (of: string[], k: number) => of.slice(-k).join('/');
  const names = new Map<string, string>();
  let left = parts;
  for (let k = 1; left.length > 0; k++) {
    const counts = new Map<string, number>();
    for (const p of parts) counts.set(tail(p.of, k), (counts.get(tail(p.of, k)) ?? 0) + 1);
    for (const p of left) if (counts.get(tail(p.of, k)) === 1 || k >= p.of.length) names.set(p.path, tail(p.of, k));
    left = left.filter((p) => !names.has(p.path));
  }
  // In the order given.
  return new Map(parts.map((p) => [p.path, names.get(p.path)!]));
}

/**
 * The table: a column per key dimension, the figures, the totals last, and notes under
 * it. It fits `columns`: below 100 it is compact (the cache columns left out, key
 * columns past the first cut to 20 cells), and narrower still the least needed go.
 */
export function reportText(
  by: readonly Dim[],
  rows: readonly ReportRow[],
  totals: Figures,
  columns: number,
  notes: readonly string[],
): string {
  const compact = columns < COMPACT_BELOW;
  const right = { align: 'right' as const };
  const cols: Col[] = [
    ...by.map((d) => ({ header: HEADERS[d] })),
    // Compact headers are short: at 80 columns a day, a model and every figure but the cache ones fit.
    // By session, every row counts 1: the first to go.
    { header: compact ? 'SESS' : 'SESSIONS', ...right, drop: by.includes('session') ? -1 : 3 },
    { header: 'CALLS', ...right, drop: 5 },
    { header: compact ? 'ERR' : 'ERRORS', ...right, drop: 4 },
    { header: 'TURNS', ...right, drop: 2 },
    { header: 'INPUT', ...right, drop: 6 },
    { header: 'OUTPUT', ...right, drop: 7 },
    ...(compact
      ? []
      : [
          { header: 'CACHE READ', ...right, drop: 1 },
          { header: 'CACHE WRITE', ...right, drop: 0 },
        ]),
    { header: 'COST', ...right },
  ];
  const figures = (f: Figures) => [
    fmtInt(f.sessions),
    fmtInt(f.toolCalls),
    fmtInt(f.toolErrors),
    fmtInt(f.turns),
    fmtInt(f.inputTokens),
    fmtInt(f.outputTokens),
    ...(compact ? [] : [fmtInt(f.cacheReadTokens), fmtInt(f.cacheWriteTokens)]),
    costCell(f),
  ];
  // A session is its run's path: its last parts say which.
  const sessions = sessionNames(by.includes('session') ? rows.map((r) => r.key.session ?? '') : []);
  const body = rows.map((r) => [
    ...by.map((d, i) => {
      const text = keyText(d, r.key[d], sessions);
      if (compact && d === 'session') return cutMiddle(text, COMPACT_SESSION, 1 / 4);
      return compact && i > 0 ? truncate(text, COMPACT_KEY) : text;
    }),
    ...figures(r.figures),
  ]);
  body.push([...by.map((_, i) => (i === 0 ? 'TOTAL' : '')), ...figures(totals)]);
  const fitted = fitTable(cols, body, columns);
  const out = [...fitted.lines];
  const under: string[] = [];
  // The (no tool) row is not a tool: say what it holds (run-figures.ts chargeTools), before the run's notes.
  if (by.includes('tool') && rows.some((r) => r.key.tool == null)) under.push(NO_TOOL_NOTE);
  under.push(...notes);
  if ([...rows.map((r) => r.figures), totals].some((f) => f.costNano !== null && f.unpricedTurns))
    under.push('* some turns are unpriced (no price for their model): the cost is a lower bound');
  if (totals.overflowTurns) under.push(overflowNote(totals.overflowTurns));
  if (totals.costOverflowTurns) under.push(costOverflowNote(totals.costOverflowTurns));
  const left = compact ? ['CACHE READ', 'CACHE WRITE', ...fitted.dropped] : fitted.dropped;
  if (left.length)
    under.push(
      `${left.join(', ')} left out to fit ${Number.isFinite(columns) ? columns : ''} columns: a wider terminal or --json shows all`,
    );
  for (const n of under) for (const line of wrap(n, Math.max(20, columns - 2))) out.push(`  ${line}`);
  return `${out.join('\n')}\n`;
}
