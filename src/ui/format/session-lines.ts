/** The Sessions list's lines: its column heads, one row per run, its header (pure, width-exact). */

import { cutMiddle } from '../../kit/cells.js';
import { inert } from '../../kit/text.js';
import { counted, fmtMs, overflowing } from '../../kit/units.js';
import { costCell } from '../../store/run-figures.js';
import type { SessionEntry } from '../../store/session-list.js';
import { labelOf, modelsCell, noSession, tokensOf } from '../data/sessions.js';
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

/**
 * How a start is shown: the whole local date and time (`2026-08-19 20:56`), without the
 * year (`08-19 20:56`), or the time alone (`20:56`).
 */
export type StartForm = 'date' | 'day' | 'time';

/** Cells of each form (the time's column is as wide as its head, `START↓`). */
const START_CELLS: Record<StartForm, number> = { date: 16, day: 11, time: 6 };

/** A start as local date and time, to the minute, in `form`. */
export function fmtStart(ms: number | null, form: StartForm = 'date'): string {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '—';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(d.getHours())}:${p(d.getMinutes())}`;
  if (form === 'time') return time;
  const day = `${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}`;
  return form === 'day' ? day : `${d.getFullYear()}-${day}`;
}

/**
 * The shortest form that still says the runs' starts in full: the time alone when every
 * run read so far started the same local day, no year when the same year, else the date.
 */
export function shortestStart(entries: readonly SessionEntry[]): StartForm {
  const days = new Set<string>();
  const years = new Set<number>();
  for (const e of entries) {
    const ms = e.info?.startMs;
    if (ms == null || fmtStart(ms) === '—') continue;
    const d = new Date(ms);
    years.add(d.getFullYear());
    days.add(`${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`);
  }
  return days.size <= 1 ? 'time' : years.size <= 1 ? 'day' : 'date';
}

interface Column {
  sort: SessionSort;
  head: string;
  cells: number;
  /** The start's column: how its starts are shown. */
  form?: StartForm;
}

/** Cells the label should have before the start gives up its year, then its day. */
const LABEL_WANTED = 20;

/**
 * The columns that fit `width`, the label taking what is left (at least 8 cells). Narrow,
 * the model goes first (the label keeps 20 cells), then the start shortens, down to `shortest` (its year, then its day go), while the
 * label has less than 20 cells; then tokens go while it has less than 15, duration
 * below 12, and the start itself below 8.
 */
export function sessionColumns(width: number, shortest: StartForm = 'date'): Column[] {
  const forms = (['date', 'day', 'time'] as const).slice(0, ['date', 'day', 'time'].indexOf(shortest) + 1);
  let cols: Column[] = [];
  for (const form of forms) {
    cols = columnsWith(width, form);
    const label = cols.find((c) => c.sort === 'label')!.cells;
    if (label >= LABEL_WANTED) break;
  }
  return cols;
}

function columnsWith(width: number, form: StartForm): Column[] {
  const all: Column[] = [
    { sort: 'start', head: 'START', cells: START_CELLS[form], form },
    { sort: 'label', head: 'LABEL', cells: 0 },
    { sort: 'model', head: 'MODEL', cells: 12 },
    { sort: 'duration', head: 'DUR', cells: 7 },
    { sort: 'calls', head: 'CALLS', cells: 6 },
    { sort: 'errors', head: 'ERR', cells: 5 },
    { sort: 'tokens', head: 'TOKENS', cells: 7 },
    { sort: 'cost', head: 'COST', cells: 8 },
  ];
  // Two cells for the selection and match marks, one between columns.
  const used = (cols: Column[]) => 2 + cols.reduce((n, c) => n + c.cells + 1, 0);
  let cols = all;
  // The model goes while the label would have less than 20 cells, tokens below 15,
  // duration below 12 (8 cut a server's name to its first word); the start only below 8.
  for (const [drop, min] of [
    ['model', LABEL_WANTED],
    ['tokens', 15],
    ['duration', 12],
    ['start', 8],
  ] as const)
    if (width - used(cols) < min) cols = cols.filter((c) => c.sort !== drop);
  const label = Math.max(8, width - used(cols));
  return cols.map((c) => (c.sort === 'label' ? { ...c, cells: label } : c));
}

/** The heads of the columns, the sorted one marked with an arrow (not by colour alone). */
export function sessionHeads(width: number, sort: SessionSort, shortest: StartForm = 'date'): ScreenLine {
  const line = [seg('  ')];
  for (const c of sessionColumns(width, shortest)) {
    const head = c.sort === sort ? `${c.head}${sort === 'label' || sort === 'model' ? '↑' : '↓'}` : c.head;
    line.push(
      seg(
        `${fit(head, c.cells, c.sort === 'label' || c.sort === 'start' || c.sort === 'model' ? 'left' : 'right')} `,
        c.sort === sort ? 'accent' : 'dim',
      ),
    );
  }
  return fitLine(line, width);
}

/** One run's row: `…` in the cells of a run not read yet; a run with a file that could not be read says so. */
/** The share of a cut agent's label's room its head keeps: the agent's name and its dot (`claude · `); null for another label. */
function labelHead(text: string, cells: number): number | null {
  const dot = text.indexOf(' · ');
  return dot > 0 && dot + 3 < cells / 2 ? (dot + 3.5) / (cells - 1) : null;
}

export function sessionRow(
  e: SessionEntry,
  width: number,
  selected: boolean,
  matched: boolean,
  shortest: StartForm = 'date',
): ScreenLine {
  const columns = sessionColumns(width, shortest);
  const form = columns.find((c) => c.sort === 'start')?.form;
  const f = e.figures;
  const read = e.info !== null;
  const dash = read ? '—' : '…';
  const cell: Record<SessionSort, string> = {
    start: read ? fmtStart(e.info!.startMs, form) : dash,
    label: inert(labelOf(e)),
    model: read ? inert(modelsCell(e)) : dash,
    duration: read ? fmtMs(e.info!.durationMs) : dash,
    calls: f ? f.toolCalls.toLocaleString('en-US') : dash,
    errors: f ? f.toolErrors.toLocaleString('en-US') : dash,
    tokens: f ? fmtCompact(tokensOf(e)) : dash,
    cost: f ? costCell(f) : dash,
  };
  const line = [seg(selected ? '›' : ' ', selected ? 'selected' : undefined), seg(matched ? '•' : ' ', 'match')];
  for (const c of columns) {
    const left = c.sort === 'label' || c.sort === 'start' || c.sort === 'model';
    let text = cell[c.sort];
    let style: Parameters<typeof seg>[1] = read ? undefined : 'dim';
    if (c.sort === 'label' && e.problems.length) {
      // Not by colour alone: a glyph and a word.
      text = `✗ ${text}: cannot read`;
      style = 'error';
    } else if (c.sort === 'errors' && f && f.toolErrors > 0) style = 'error';
    else if (c.sort === 'label') style = selected ? 'selected' : 'bold';
    // A long label keeps its end: projects named alike differ at theirs (`…project-alpha`).
    const head = c.sort === 'label' && !e.problems.length && e.info?.agent ? labelHead(text, c.cells) : null;
    if (head !== null) text = cutMiddle(text, c.cells, head);
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
  // Runs found empty are no sessions (and not listed).
  const n = entries.filter((e) => !noSession(e)).length;
  const files = entries.reduce((k, e) => k + (noSession(e) ? 0 : e.run.files.length), 0);
  const count = counted(n, 'session');
  const runs = entries.length;
  const state =
    read < runs ? `reading ${read.toLocaleString('en-US')} of ${runs.toLocaleString('en-US')}` : counted(files, 'file');
  return fitLine(
    [seg(' Sessions ', 'tabActive'), seg(` ${count}`, 'bold'), seg(` · ${state} · by ${sort}`, 'dim')],
    width,
  );
}
