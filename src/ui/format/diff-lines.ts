/** The lines of `diff A B` on a terminal: the list's rows, and a call's title (`side-by-side.ts` lays out the rest). */

import { width as cellWidth } from '../../kit/cells.js';
import { usdOf } from '../../kit/counts.js';
import { fitColumns } from '../../kit/fit-columns.js';
import { fmtInt, fmtUsd } from '../../kit/units.js';
import type { DiffCall } from '../../store/diff.js';
import { DIFF_COLUMNS, latencyDelta, WHAT_MIN } from '../../store/diff-columns.js';
import { costUsdOf, type Figures } from '../../store/run-figures.js';
import { whatDiffers } from '../../store/what-differs.js';
import { diffStatus } from '../../trace/enums.js';
import { type ScreenLine, type Style, seg } from './segments.js';
import { fmtCompact } from './session-lines.js';
import { fit } from './text.js';

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
export function diffLayout(natural: readonly number[], width: number, empty: readonly boolean[] = []): DiffLayout {
  // A column with nothing in any row (OK/ERROR when no call's outcome flipped) gives its
  // room to what differs: it would be blank cells on every row.
  const shown = DIFF_COLUMNS.map((_, i) => i).filter((i) => !empty[i]);
  const cols = [...shown.map((i) => DIFF_COLUMNS[i]!), { min: WHAT_MIN }];
  const fit = fitColumns(cols, [...shown.map((i) => natural[i]!), WHAT_MIN], width - LEAD, GAP);
  const kept = fit.kept.filter((k) => k < shown.length).map((k) => shown[k]!);
  const widths = [...natural];
  for (const [k, i] of shown.entries()) widths[i] = fit.widths[k]!;
  const used = kept.reduce((sum, i) => sum + widths[i]! + GAP, 0);
  return { kept, widths, what: Math.max(0, width - LEAD - used) };
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

/** A side's tokens of every kind, as the Sessions list sums them. */
const tokensOf = (f: Figures): number =>
  (f.inputTokens ?? 0) + (f.outputTokens ?? 0) + (f.cacheReadTokens ?? 0) + (f.cacheWriteTokens ?? 0);

/**
 * Under the title, what the two runs did and cost side by side: `calls 102 → 95 · errors
 * 28 → 3 · turns 193 → 84 · tokens 1.17M → 345k · cost $2.60 → $0.77 (-$1.83)`, each
 * part only when either side counts something there; null when neither side counts any.
 *
 * When the line is too narrow for all, the least important figures give way first, each
 * whole (a figure is never cut in half; if even the calls do not fit, the line is blank):
 * tokens (the cost says what they came to), then the cost's difference (both costs stay,
 * the reader can subtract), then turns, then the cost, then the errors; the calls go
 * last. Calls and errors are what a diff of calls is about; what it cost comes after.
 */
export function diffTotalsLine(totals: { a: Figures; b: Figures }, width: number): ScreenLine | null {
  const { a, b } = totals;
  /** A part as shown, its shorter form (the cost without its difference), and when it gives way (0 first). */
  const parts: { text: string; short?: string; drop: number }[] = [];
  if (a.toolCalls || b.toolCalls)
    parts.push({ text: `calls ${fmtInt(a.toolCalls)} → ${fmtInt(b.toolCalls)}`, drop: 5 });
  if (a.toolErrors || b.toolErrors)
    parts.push({ text: `errors ${fmtInt(a.toolErrors)} → ${fmtInt(b.toolErrors)}`, drop: 4 });
  if (a.turns || b.turns) parts.push({ text: `turns ${fmtInt(a.turns)} → ${fmtInt(b.turns)}`, drop: 2 });
  if (tokensOf(a) || tokensOf(b))
    parts.push({ text: `tokens ${fmtCompact(tokensOf(a))} → ${fmtCompact(tokensOf(b))}`, drop: 0 });
  if (a.costNano !== null || b.costNano !== null) {
    // No cost and no unpriced turn: nothing to price, which costs nothing (diff-report.ts).
    const costOf = (f: Figures) => f.costNano ?? (f.unpricedTurns || f.costOverflowTurns ? null : 0);
    const [ca, cb] = [costOf(a), costOf(b)];
    // In whole nano-dollars: the difference is exact.
    const d = ca !== null && cb !== null ? cb - ca : null;
    const by = d === null || d === 0 ? '' : ` (${d > 0 ? '+' : '-'}${fmtUsd(usdOf(Math.abs(d)))})`;
    const short = `cost ${fmtUsd(costUsdOf(a))} → ${fmtUsd(costUsdOf(b))}`;
    // Its difference gives way at step 1, the cost itself at step 3.
    parts.push(by ? { text: short + by, short, drop: 1 } : { text: short, drop: 3 });
  }
  if (parts.length === 0) return null;
  const line = () => (parts.length ? ` ${parts.map((p) => p.text).join(' · ')}` : '');
  for (let step = 0; cellWidth(line()) > width && parts.length > 0; step++) {
    for (let i = parts.length - 1; i >= 0; i--) {
      const p = parts[i]!;
      if (p.drop !== step) continue;
      if (p.short) parts[i] = { text: p.short, drop: 3 };
      else parts.splice(i, 1);
    }
  }
  return [seg(fit(line(), width), 'dim')];
}
