import { width, wrap } from '../kit/cells.js';
import { usdOf } from '../kit/counts.js';
import { fitColumns } from '../kit/fit-columns.js';
import { inert } from '../kit/text.js';
import { counted, fmtCost, fmtInt, fmtUsd, overflowNote } from '../kit/units.js';
import type { DiffDoc } from '../store/diff.js';
import { DIFF_COLUMNS, naturalWidths, WHAT_DIFFERS, WHAT_MIN } from '../store/diff-columns.js';
import { costUsdOf, type Figures } from '../store/run-figures.js';
import { whatDiffers } from '../store/what-differs.js';
import { fitTable, MAX_COLUMN, table } from './table.js';

const GAP = 2;

/**
 * `diff` as text: one row per aligned call, then a one-line verdict. Fitted to
 * `columns` (a terminal's width): the lines, then the calls' places give way, then the
 * tool is cut, and what differs takes the rest, its path and both values shortened to
 * fit. A pipe (Infinity) has no width: what differs is whole, each row one line.
 */
export function diffText(doc: DiffDoc, columns = Infinity): string {
  const out = [`A: ${inert(doc.a)}`, `B: ${inert(doc.b)}`, ''];
  if (doc.note) out.push(`note: ${doc.note}`, '');
  if (doc.calls.length) {
    const cells = doc.calls.map((c) => DIFF_COLUMNS.map((col) => col.cell(c)));
    // What differs is laid out at its least, then given what the other columns leave.
    const natural = naturalWidths(doc.calls, MAX_COLUMN);
    const fit = fitColumns([...DIFF_COLUMNS, { min: WHAT_MIN }], [...natural, WHAT_MIN], columns, GAP);
    const used = fit.kept.reduce((sum, i) => sum + (i < DIFF_COLUMNS.length ? fit.widths[i]! + GAP : 0), 0);
    const room = Math.max(WHAT_MIN, columns - used);
    const cols = [...DIFF_COLUMNS, { header: WHAT_DIFFERS, min: WHAT_MIN, max: room }];
    const rows = doc.calls.map((c, k) => {
      const w = whatDiffers(c, room);
      return [...cells[k]!, `${w.path}${w.a}${w.b}`];
    });
    const table = fitTable(cols, rows, columns);
    for (const l of table.lines) out.push(l);
    if (table.dropped.length)
      out.push(
        '',
        `(${table.dropped.join(', ')} left out to fit ${columns} columns: a wider terminal or --json shows all)`,
      );
  } else out.push('no tool calls in either trace');
  const totals = totalsLines(doc);
  if (totals.length) out.push('', ...totals);
  out.push('', verdict(doc));
  // Names, the note and the verdict wrap at a terminal's width; the table already fits.
  const lines = columns === Infinity ? out : out.flatMap((l) => (width(l) > columns ? wrap(l, columns) : [l]));
  return `${lines.join('\n')}\n`;
}

/** `same: 68 tool calls match`, or `differ: 1 of 69 calls (1 added in B)`. */
export function verdict(doc: DiffDoc): string {
  if (doc.same) return `same: ${counted(doc.calls.length, 'tool call')} match`;
  const counts = new Map<string, number>();
  for (const c of doc.calls) if (c.status !== 'same') counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
  const changed = [...counts.values()].reduce((a, b) => a + b, 0);
  const parts = [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
  return `differ: ${changed} of ${counted(doc.calls.length, 'call')} (${parts})`;
}

/** The figures the totals compare, as `report` names them; a row both sides count nothing in is left out. */
const TOTALS: { label: string; field: keyof Figures; money?: true }[] = [
  { label: 'turns', field: 'turns' },
  { label: 'tool calls', field: 'toolCalls' },
  { label: 'tool errors', field: 'toolErrors' },
  { label: 'input tokens', field: 'inputTokens' },
  { label: 'output tokens', field: 'outputTokens' },
  { label: 'cache read', field: 'cacheReadTokens' },
  { label: 'cache write', field: 'cacheWriteTokens' },
  { label: 'cost', field: 'costNano', money: true },
];

/** A difference with its sign: `+12`, `-141`, `-$1.83`; none when either side has no figure. */
function delta(a: number | null, b: number | null, money = false): string {
  if (a === null || b === null) return '—';
  const d = b - a;
  if (d === 0) return '0';
  const sign = d > 0 ? '+' : '-';
  // Money in whole nano-dollars: the difference is exact.
  return `${sign}${money ? fmtUsd(usdOf(Math.abs(d))) : fmtInt(Math.abs(d))}`;
}

/**
 * Each side's totals and B's difference, for people comparing two runs of an agent:
 * did the change cost more turns, tokens or dollars? `report`'s figures of each file.
 */
export function totalsLines(doc: DiffDoc): string[] {
  const { a, b } = doc.totals;
  // Cost is shown too where a side's turns are unpriced: it is not known, not none.
  const counts = (f: Figures, field: keyof Figures) =>
    Boolean(f[field]) || (field === 'costNano' && (f.costNano !== null || Boolean(f.unpricedTurns)));
  const shown = TOTALS.filter(({ field }) => counts(a, field) || counts(b, field));
  if (shown.length === 0) return [];
  // A side with no cost because it has no priced turn at all (none, or none with usage)
  // cost nothing; one whose turns are of unpriced models has a cost no one knows.
  const costOf = (f: Figures): number | null => f.costNano ?? (f.unpricedTurns || f.costOverflowTurns ? null : 0);
  const figureOf = (f: Figures, field: keyof Figures, money?: true) =>
    money ? costOf(f) : (f[field] as number | null);
  const cell = (f: Figures, field: keyof Figures, money?: true) =>
    money
      ? f.costNano === null && costOf(f) === 0
        ? '—'
        : fmtCost(costUsdOf(f), f.costNano !== null, f.costOverflowTurns)
      : fmtInt(f[field] as number | null);
  const rows = shown.map(({ label, field, money }) => [
    label,
    cell(a, field, money),
    cell(b, field, money),
    delta(figureOf(a, field, money), figureOf(b, field, money), money),
  ]);
  const cols = [
    { header: 'TOTALS' },
    { header: 'A', align: 'right' as const },
    { header: 'B', align: 'right' as const },
    { header: 'B - A', align: 'right' as const },
  ];
  const out = table(cols, rows);
  const unpriced = [a, b]
    .map((f, i) => (f.unpricedTurns ? `${'AB'[i]}: ${counted(f.unpricedTurns, 'turn')} of models with no price` : ''))
    .filter(Boolean);
  if (unpriced.length) out.push(`not in the cost: ${unpriced.join('; ')}`);
  // As report and summary say it: such turns are in no token or cost sum above.
  [a, b].forEach((f, i) => {
    if (f.overflowTurns) out.push(`${'AB'[i]}: ${overflowNote(f.overflowTurns)}`);
  });
  return out;
}
