/** The lines of `diff A B` on a terminal: the list's rows, and one call side by side. */

import type { DiffCall } from '../../store/diff.js';
import { DIFF_COLUMNS, latencyDelta, WHAT_MIN } from '../../store/diff-columns.js';
import { whatDiffers } from '../../store/what-differs.js';
import { lcsSteps, ordinalSteps, type Step } from '../../trace/align.js';
import { diffStatus } from '../../trace/enums.js';
import { fitColumns } from '../../trace/fit-columns.js';
import { jsonText } from '../../trace/json-write.js';
import { fmtBytes, fmtMs } from '../../trace/units.js';
import type { Json } from '../../trace/values.js';
import type { CallSide } from '../data/diff-sides.js';
import { FLAT_DEPTH, prettyJsonText } from './json-text.js';
import { fitLine, type ScreenLine, type Style, seg } from './segments.js';
import { width as cellsOf, fit } from './text.js';

/** Colour by status (the glyph and the words say it too: colour is never the only signal). */
const styleOf = (status: DiffCall['status']): Style => diffStatus(status).tone ?? 'plain';

/** Cells between the list's columns (the printed table has two). */
const GAP = 1;
/** The selection marker and a space before the first column. */
const LEAD = 2;

/** Which columns the list shows at a width, how wide, and what is left for what differs. */
export interface DiffLayout {
  kept: number[];
  widths: number[];
  what: number;
}

/**
 * The list at `width`: by the table's rule (report/table.ts) the lines in A and B give
 * way first, then the calls' places, then the tool is cut to 10; what differs keeps at
 * least 30 cells and takes the rest.
 */
export function diffLayout(natural: readonly number[], width: number): DiffLayout {
  const cols = [...DIFF_COLUMNS, { min: WHAT_MIN }];
  const fit = fitColumns(cols, [...natural, WHAT_MIN], width - LEAD, GAP);
  const kept = fit.kept.filter((i) => i < DIFF_COLUMNS.length);
  const used = kept.reduce((sum, i) => sum + fit.widths[i]! + GAP, 0);
  return { kept, widths: fit.widths, what: Math.max(0, width - LEAD - used) };
}

function columnStyle(i: number, c: DiffCall, text: string): Style | undefined {
  const header = DIFF_COLUMNS[i]!.header;
  if (header === 'STATUS') return styleOf(c.status);
  if (header === 'TOOL') return 'bold';
  if (header === 'OK/ERROR') return text.endsWith('error') ? 'error' : text.endsWith('pending') ? 'pending' : 'ok';
  return 'dim';
}

/** The column headers, over the list. */
export function diffHeader(layout: DiffLayout): ScreenLine {
  const line: ScreenLine = [seg(' '.repeat(LEAD))];
  for (const i of layout.kept) {
    const col = DIFF_COLUMNS[i]!;
    line.push(seg(`${fit(col.header, layout.widths[i]!, col.align)}${' '.repeat(GAP)}`, 'dim'));
  }
  line.push(seg(fit('WHAT DIFFERS', layout.what), 'dim'));
  return line;
}

/** One row: the glyph and status (never colour alone), tool, places, ok/error flip, latency change, what differs. */
export function diffRow(c: DiffCall, layout: DiffLayout, selected: boolean): ScreenLine {
  const line: ScreenLine = [seg(selected ? '›' : ' ', selected ? 'selected' : undefined), seg(' ')];
  for (const i of layout.kept) {
    const col = DIFF_COLUMNS[i]!;
    const text = col.cell(c);
    line.push(seg(fit(text, layout.widths[i]!, col.align), columnStyle(i, c, text)), seg(' '.repeat(GAP)));
  }
  const w = whatDiffers(c, layout.what);
  line.push(seg(w.path, 'accent'), seg(w.a), seg(w.b));
  return line;
}

/** The one-line summary of a call: places, status, tool, ok/error flip, latency change. */
export function diffTitle(c: DiffCall): ScreenLine {
  const place = (side: string, n: number | null) => (n === null ? '' : `${side}#${n} `);
  return [
    seg(`${place('A', c.aOrdinal)}${place('B', c.bOrdinal)}`, 'bold'),
    seg(`${diffStatus(c.status).glyph} ${c.status}`, styleOf(c.status)),
    seg(` · ${c.tool}`, 'bold'),
    seg(c.statusChange ? ` · ${c.statusChange}` : '', c.bStatus === 'error' ? 'error' : 'ok'),
    seg(c.latencyDeltaMs !== null ? ` · ${latencyDelta(c.latencyDeltaMs)}` : '', 'dim'),
  ];
}

/** Values whose JSON is longer than this are not laid out line by line (the detail view's cap). */
const SIDE_CAP = 256 * 1024;
/**
 * The line search's budget: past about this many line comparisons ((lines) × (edits))
 * two values are compared line by line by place, so the view opens within 100 ms.
 */
const LINE_WORK = 2_000_000;
const lineEdits = (lines: number) => Math.max(50, Math.min(1000, Math.floor(LINE_WORK / Math.max(1, lines))));

/** How deep `json` (compact JSON text) nests: a scan of its brackets outside strings. */
function depthOf(json: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // Past the string: its closing quote (an escaped character is skipped whole).
      for (i++; i < json.length; i++) {
        const d = json.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/**
 * A value's lines, pretty-printed. JSON.stringify is many times faster than the detail
 * view's own printer, but recurses per level: a value nested deeper than FLAT_DEPTH (or
 * too deep for the stack) goes through that printer, which puts deep levels on one line.
 */
function valueLines(v: Json | undefined, none: string): string[] {
  if (v === undefined) return [none];
  let text: string;
  try {
    text = JSON.stringify(v);
  } catch {
    text = jsonText(v);
  }
  if (text.length > SIDE_CAP) return [`(${fmtBytes(text.length)} of JSON: too big to lay out side by side)`];
  return (depthOf(text) <= FLAT_DEPTH ? JSON.stringify(v, null, 2) : prettyJsonText(text)).split('\n');
}

/** A row of the two columns: each side's text (null: blank), and whether the row differs. */
interface Row {
  a: string | null;
  b: string | null;
  changed: boolean;
}

/** Two values' lines as rows, aligned by their lines' longest common subsequence; a changed stretch side by side. */
function alignedRows(a: string[], b: string[]): Row[] {
  const steps: Step[] = lcsSteps(a, b, lineEdits(a.length + b.length)) ?? ordinalSteps(a.length, b.length);
  const rows: Row[] = [];
  const loneA: string[] = [];
  const loneB: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(loneA.length, loneB.length); k++)
      rows.push({ a: loneA[k] ?? null, b: loneB[k] ?? null, changed: true });
    loneA.length = 0;
    loneB.length = 0;
  };
  for (const [i, j] of steps) {
    if (i >= 0 && j >= 0 && a[i] === b[j]) {
      flush();
      rows.push({ a: a[i]!, b: b[j]!, changed: false });
    } else {
      if (i >= 0) loneA.push(a[i]!);
      if (j >= 0) loneB.push(b[j]!);
    }
  }
  flush();
  return rows;
}

/** Characters kept before the first difference when a changed line is shown from there. */
const WINDOW_LEAD = 8;

/** Both sides of a changed row from just before where they differ, when that is past the half's room. */
function windowed(a: string, b: string, room: number): [string, string] {
  let p = 0;
  while (p < a.length && p < b.length && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  if (p < room - WINDOW_LEAD) return [a, b];
  let start = p - WINDOW_LEAD;
  if (/[\uDC00-\uDFFF]/.test(a[start] ?? '')) start--;
  return [`…${a.slice(start)}`, `…${b.slice(start)}`];
}

/** One half: a one-cell marker (`-`, `+` or blank), then the text, cut and padded to `cells`. */
function half(marker: string, text: string | null, style: Style | undefined, cells: number): ScreenLine {
  const line = fitLine([seg(marker, style), seg(text ?? '', style)], cells);
  const used = line.reduce((n, s) => n + cellsOf(s.text), 0);
  line.push(seg(' '.repeat(Math.max(0, cells - used))));
  return line;
}

export interface SideBySide {
  /** Lines in all: only those on screen are laid out (`line`), as a 20 MB payload has 10^5 of them. */
  count: number;
  line(i: number): ScreenLine;
  /** The first line of each changed stretch: where `]` and `[` go. */
  changes: number[];
}

/** A line below the title: a section's heading on each side, or a row of the two values. */
type Entry = { head: true; a: string; b: string } | ({ head: false } & Row);

/**
 * One call of A and its match in B side by side: a title, what differs, then the
 * arguments and the outcome of each, line by line, aligned; a line only A has is
 * marked `-`, only B `+` (and coloured), so what changed shows without colour too.
 */
export function sideBySide(c: DiffCall, sides: readonly [CallSide, CallSide], width: number): SideBySide {
  const left = Math.max(2, Math.floor((width - 1) / 2));
  const right = Math.max(2, width - 1 - left);
  const what = whatDiffers(c, width);
  const top: ScreenLine[] = [
    fitLine(diffTitle(c), width),
    fitLine(
      c.path === null
        ? [
            seg(
              c.status === 'same'
                ? 'the same arguments and outcome'
                : `${c.status}: ${c.aLine === null ? 'A' : 'B'} has no call that matches`,
              'dim',
            ),
          ]
        : [seg(what.path, 'accent'), seg(what.a), seg(what.b)],
      width,
    ),
  ];
  const entries: Entry[] = [];
  const changes: number[] = [];
  const [sa, sb] = sides;
  const section = (title: string, pick: (s: CallSide) => Json | undefined, about: (s: CallSide) => string) => {
    const head = (s: CallSide, name: string) =>
      s.pair ? `── ${title} · ${name} ${about(s)}` : `── ${title} · no call in ${name}`;
    entries.push({ head: true, a: head(sa, 'A'), b: head(sb, 'B') });
    // A side without the call has no lines: the other side's are all its own (+ or -).
    const va = sa.pair ? valueLines(pick(sa), '(none)') : [];
    const vb = sb.pair ? valueLines(pick(sb), '(none)') : [];
    let inChange = false;
    for (const row of alignedRows(va, vb)) {
      if (row.changed && !inChange) changes.push(top.length + entries.length);
      inChange = row.changed;
      entries.push({ head: false, ...row });
    }
  };
  section(
    'arguments',
    (s) => s.args,
    (s) => `line ${s === sa ? c.aLine : c.bLine}`,
  );
  section(
    'outcome',
    (s) => s.outcome,
    (s) => {
      const state = s.pair!.resRow < 0 ? 'pending' : s.pair!.error !== null ? 'error' : 'ok';
      return `· ${state}${s.pair!.latency === null ? '' : ` · ${fmtMs(s.pair!.latency)}`}`;
    },
  );
  const line = (i: number): ScreenLine => {
    if (i < top.length) return top[i]!;
    const e = entries[i - top.length];
    if (!e) return [];
    if (e.head) return [...half('', e.a, 'header', left), seg('│', 'dim'), ...half('', e.b, 'header', right)];
    const [ta, tb] = e.changed && e.a !== null && e.b !== null ? windowed(e.a, e.b, left - 1) : [e.a, e.b];
    return [
      ...half(e.changed && e.a !== null ? '-' : ' ', ta, e.changed ? 'error' : undefined, left),
      seg('│', 'dim'),
      ...half(e.changed && e.b !== null ? '+' : ' ', tb, e.changed ? 'ok' : undefined, right),
    ];
  };
  return { count: top.length + entries.length, line, changes };
}

/** A line of the side-by-side view as the current difference: its `-` and `+` markers shown inverse. */
export function markCurrent(line: ScreenLine): ScreenLine {
  return line.map((s) =>
    (s.text === '-' && s.style === 'error') || (s.text === '+' && s.style === 'ok') ? { ...s, style: 'found' } : s,
  );
}
