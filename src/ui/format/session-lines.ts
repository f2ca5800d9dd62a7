/** The Sessions list's lines: its column heads, one row per run, its header (pure, width-exact). */
import { costUsdOf } from '../../store/run-figures.js';
import type { SessionEntry } from '../../store/session-list.js';
import { inert } from '../../trace/text.js';
import { fmtMs, fmtUsd, overflowing } from '../../trace/units.js';
import { labelOf, tokensOf } from '../data/sessions.js';
import type { SessionSort } from '../state/ui-state.js';
import { fitLine, type ScreenLine, seg } from './segments.js';
import { fit } from './text.js';

/**
 * A count in at most 6 cells: 999, 12.3k, 4.56M, 1.2G. Rounded as a quotient of whole
 * numbers (a half goes up, whatever its double), and said in the next unit when it rounds
 * up to 1000 of this one: 999,999 is 1.00M, never 1000k.
 */
export function fmtCompact(n: number | null): string {
  if (n === null) return '—';
  if (overflowing(n)) return 'overflow';
  const whole = Math.round(n);
  if (whole < 1000) return String(whole);
  for (const [size, unit] of [
    [1e3, 'k'],
    [1e6, 'M'],
    [1e9, 'G'],
    [1e12, 'T'],
  ] as const) {
    const hundredths = Math.round(whole / (size / 100));
    if (hundredths < 1000) return `${(hundredths / 100).toFixed(2)}${unit}`;
    const tenths = Math.round(whole / (size / 10));
    if (tenths < 1000) return `${(tenths / 10).toFixed(1)}${unit}`;
    const units = Math.round(whole / size);
    if (units < 1000 || unit === 'T') return `${units}${unit}`;
  }
  return 'overflow';
}

/** A start as local date and time, to the minute: `2026-08-19 20:56`. */
export function fmtStart(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '—';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

interface Column {
  sort: SessionSort;
  head: string;
  cells: number;
}

/** The columns that fit `width`, the label taking what is left (at least 8 cells); narrow, tokens then duration go. */
export function sessionColumns(width: number): Column[] {
  const all: Column[] = [
    { sort: 'start', head: 'START', cells: 16 },
    { sort: 'label', head: 'LABEL', cells: 0 },
    { sort: 'duration', head: 'DUR', cells: 7 },
    { sort: 'calls', head: 'CALLS', cells: 6 },
    { sort: 'errors', head: 'ERR', cells: 5 },
    { sort: 'tokens', head: 'TOKENS', cells: 7 },
    { sort: 'cost', head: 'COST', cells: 8 },
  ];
  // Two cells for the selection and match marks, one between columns.
  const used = (cols: Column[]) => 2 + cols.reduce((n, c) => n + c.cells + 1, 0);
  let cols = all;
  for (const drop of ['tokens', 'duration', 'start'] as const)
    if (width - used(cols) < 8) cols = cols.filter((c) => c.sort !== drop);
  const label = Math.max(8, width - used(cols));
  return cols.map((c) => (c.sort === 'label' ? { ...c, cells: label } : c));
}

/** The heads of the columns, the sorted one marked with an arrow (not by colour alone). */
export function sessionHeads(width: number, sort: SessionSort): ScreenLine {
  const line = [seg('  ')];
  for (const c of sessionColumns(width)) {
    const head = c.sort === sort ? `${c.head}${sort === 'label' ? '↑' : '↓'}` : c.head;
    line.push(
      seg(
        `${fit(head, c.cells, c.sort === 'label' || c.sort === 'start' ? 'left' : 'right')} `,
        c.sort === sort ? 'accent' : 'dim',
      ),
    );
  }
  return fitLine(line, width);
}

/** One run's row: `…` in the cells of a run not read yet; a run with a file that could not be read says so. */
export function sessionRow(e: SessionEntry, width: number, selected: boolean, matched: boolean): ScreenLine {
  const f = e.figures;
  const read = e.info !== null;
  const dash = read ? '—' : '…';
  const cell: Record<SessionSort, string> = {
    start: read ? fmtStart(e.info!.startMs) : dash,
    label: inert(labelOf(e)),
    duration: read ? fmtMs(e.info!.durationMs) : dash,
    calls: f ? f.toolCalls.toLocaleString('en-US') : dash,
    errors: f ? f.toolErrors.toLocaleString('en-US') : dash,
    tokens: f ? fmtCompact(tokensOf(e)) : dash,
    cost: f ? (f.costNano === null ? (f.unpricedTurns ? 'unpriced' : '—') : fmtUsd(costUsdOf(f))) : dash,
  };
  const line = [seg(selected ? '›' : ' ', selected ? 'selected' : undefined), seg(matched ? '•' : ' ', 'match')];
  for (const c of sessionColumns(width)) {
    const left = c.sort === 'label' || c.sort === 'start';
    let text = cell[c.sort];
    let style: Parameters<typeof seg>[1] = read ? undefined : 'dim';
    if (c.sort === 'label' && e.problems.length) {
      // Not by colour alone: a glyph and a word.
      text = `✗ ${text}: cannot read`;
      style = 'error';
    } else if (c.sort === 'errors' && f && f.toolErrors > 0) style = 'error';
    else if (c.sort === 'label') style = selected ? 'selected' : 'bold';
    line.push(seg(`${fit(text, c.cells, left ? 'left' : 'right')} `, style));
  }
  return fitLine(line, width);
}

/** The header: how many sessions, how many read, and the order. */
export function sessionsHeader(
  entries: readonly SessionEntry[],
  read: number,
  sort: SessionSort,
  width: number,
): ScreenLine {
  const n = entries.length;
  const files = entries.reduce((k, e) => k + e.run.files.length, 0);
  const count = `${n.toLocaleString('en-US')} session${n === 1 ? '' : 's'}`;
  const state =
    read < n
      ? `reading ${read.toLocaleString('en-US')} of ${n.toLocaleString('en-US')}`
      : `${files.toLocaleString('en-US')} files`;
  return fitLine(
    [seg(' Sessions ', 'tabActive'), seg(` ${count}`, 'bold'), seg(` · ${state} · by ${sort}`, 'dim')],
    width,
  );
}
