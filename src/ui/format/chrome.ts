import { inert } from '../../kit/text.js';
import { counted, fmtBytes, fmtInt } from '../../kit/units.js';
import { exitCodeOf } from '../../kit/values.js';
import { planeOf } from '../../store/stats.js';
import type { FileState } from '../../store/trace-store.js';
import { FORMAT_NAMES } from '../../trace/formats/format.js';
import { keyOf } from '../keymap.js';
import { PANES, type PaneId, paneAbout } from '../panes/list.js';
import type { Notice } from '../state/ui-state.js';
import { markedText } from './marked-text.js';
import { fitNotice, NOTICE_MAX, noticeLook } from './notice.js';
import { type ScreenLine, type Segment, type Style, seg } from './segments.js';
import { clip, inertHead, reach, truncate, width as widthOf, widthUpTo } from './text.js';

/** A file's state for the header: loading N% / live / ended (exit 0) / error. */
export function fileStateText(f: FileState): string {
  if (f.state === 'error') return `error: ${f.stateText ?? 'read failed'}`;
  // Nothing read yet and a reason why (a FIFO waiting for its writer): say it.
  if (f.state === 'loading' && f.bytes === 0 && f.stateText) return f.stateText;
  if (f.state === 'loading')
    return f.totalBytes
      ? `loading ${Math.floor((100 * f.bytes) / Math.max(1, f.totalBytes))}%`
      : `loading ${fmtBytes(f.bytes)}${f.rate ? ` · ${fmtBytes(f.rate)}/s` : ''}`;
  if (f.end) {
    // As `summary` reads it (stats.ts): 1e400 parses to Infinity, which is no exit code.
    const exit = exitCodeOf(f.end.exitCode);
    const code = exit !== null ? `exit ${exit}` : typeof f.end.reason === 'string' ? f.end.reason : 'no exit code';
    return `ended (${code})`;
  }
  if (f.state === 'live') return f.stateText ? `live · ${f.stateText}` : 'live';
  return 'no end line';
}

export interface HeaderInfo {
  pane: PaneId;
  files: FileState[];
  /** Each file's name (`meta.label`, else its file name). */
  labels: string[];
  records: number;
  skipped: number;
  /** Following and scrolled away from the bottom: rows that arrived since. */
  pausedNew?: number | null;
  /** The filter in effect: its text, and how many rows it keeps of how many. */
  filter?: { text: string; kept: number; total: number } | null;
}

/**
 * The pane tabs that start the header; narrow terminals keep the active tab's name and
 * only the numbers of the others. Every name is shown from 25 columns a pane (100 for
 * four), so the names never take more than about half the header.
 */
function headerTabs(pane: PaneId, width: number): Segment[] {
  const narrow = width < 25 * PANES.length;
  return PANES.map((p, i) =>
    p === pane
      ? seg(`[${i + 1} ${paneAbout(p).title}]`, 'tabActive')
      : seg(narrow ? ` ${i + 1} ` : ` ${i + 1} ${paneAbout(p).title} `, 'tab'),
  );
}

/** The pane whose tab is at column `x` of the header (a click there shows it), or null. */
export function tabAt(pane: PaneId, width: number, x: number): PaneId | null {
  let left = 0;
  for (const [i, tab] of headerTabs(pane, width).entries()) {
    left += widthOf(tab.text);
    if (x < left) return PANES[i]!;
  }
  return null;
}

/**
 * What a file's news calls it: its label; the plane (`llm`, `mcp`) when another file
 * shares the label (the two planes of one run) and the plane tells them apart; else
 * its file's name (without its directories).
 */
function newsName(h: HeaderInfo, i: number, kindOf: (f: FileState) => string | null): string {
  const f = h.files[i]!;
  const label = h.labels[i] ?? f.name;
  const alike = h.files.filter((_, j) => (h.labels[j] ?? h.files[j]!.name) === label);
  if (alike.length < 2) return label;
  const kind = kindOf(f);
  return kind !== null && alike.filter((g) => kindOf(g) === kind).length === 1
    ? kind
    : f.name.slice(f.name.lastIndexOf('/') + 1);
}

/** The fewest cells of a filter's text the header shows beside its count (`status:err…`). */
const FILTER_MIN = 8;

/** The one-line header: pane tabs, trace label(s) and kind, counts, state. */
export function headerLine(h: HeaderInfo, width: number): ScreenLine {
  const tabs = headerTabs(h.pane, width);
  // Labels, states and the filter are trace or typed text of any length: only what the
  // line can show of each is made inert and measured.
  // (Several labels, each clipped, are clipped again together: six of them are six lines' worth.)
  // Each name once: both planes of a run share it, and the kinds after it say there are two.
  const label = inertHead([...new Set(h.labels)].map((l) => clip(l, width)).join(' + '), width);
  // A file whose meta is not read yet has no plane to name.
  const kindOf = (f: FileState): string | null => (f.meta ? planeOf(f) : null);
  const kinds = [...new Set(h.files.map(kindOf).filter((k): k is string => k !== null))].join('+');
  // With several files, a state with news of its own (truncated, replaced, deleted, an error) names its file,
  // by at most 16 cells of its name: a long label would push the news itself off the line.
  const states = [
    ...new Set(
      h.files.map(
        (f, i) =>
          (h.files.length > 1 && f.stateText !== null
            ? `${truncate(inertHead(newsName(h, i, kindOf), 16), 16)}: `
            : '') + fileStateText(f),
      ),
    ),
  ].join(', ');
  // Nothing new yet, `0 new` would say only that nothing came: the key that follows again does more.
  const paused =
    h.pausedNew == null
      ? ''
      : ` · paused · ${h.pausedNew ? `${fmtInt(h.pausedNew)} new` : `${keyOf('list.bottom')} follows`}`;
  const used = tabs.reduce((n, s) => n + widthOf(s.text), 0);
  // The format by name when it is not the tool's own (and when several files are open, each one's).
  const formats = [...new Set(h.files.map((f) => f.format.name))];
  const named =
    formats.length > 1 || (formats[0] !== undefined && formats[0] !== FORMAT_NAMES.v1) ? formats.join('+') : '';
  const approximate = h.files.some((f) => f.format.approximateTimes);
  // meta.kind is trace text of any length: only what a line can show is kept (made inert).
  const about = inertHead([kinds, named, approximate ? 'times approximate' : ''].filter(Boolean).join(' · '), width);
  // Narrow, the same facts in fewer cells: what the format is and that times are derived
  // matter more than the label's whole text, which gives way first. (mcp-rec and
  // cassettes record only the mcp plane: their name says it.)
  const formatShort = [named.replace(FORMAT_NAMES.cassette, 'cassette'), approximate ? '≈ times' : ''];
  const aboutShort = inertHead(
    [named && kinds === 'mcp' ? '' : kinds, ...formatShort].filter(Boolean).join(' · '),
    width,
  );
  // Narrower still (a filter on), the planes go: the file's format and derived times stay.
  const aboutBare = formatShort.filter(Boolean).join(' · ');
  const full = ` ${label}${about ? ` (${about})` : ''}`;
  // The filter comes first: when it is on, it matters more than the counts. Narrow, the
  // counts give way, then the filter's text (its end), then how many rows it keeps (`4 of
  // 36`: what the person reads the panes by), never the trace's state.
  // No file yet: one is being opened (its saved index read), not an empty trace.
  const state = ` ${inertHead(states || 'opening…', width)}${paused}`;
  // No file yet (one being opened): no count to give, only that it is opening.
  const counts = h.files.length
    ? ` ${fmtInt(h.records)} rec${h.skipped ? ` · ${fmtInt(h.skipped)} skipped` : ''} ·`
    : '';
  const kept = h.filter ? ` · ${fmtInt(h.filter.kept)} of ${fmtInt(h.filter.total)} ·` : '';
  const expr = h.filter ? inertHead(h.filter.text, width) : '';
  const filterText = (cells: number, keptToo = true) =>
    h.filter ? ` filter: ${truncate(expr, cells)}${keptToo ? kept : ' ·'}` : '';
  // The label keeps at least 16 cells (less when the line is narrower than all the rest);
  // 8 while a filter is on: the person opened the file and knows it, the filter they
  // typed is what they are reading by (at 80 columns it showed 9 cells of it, or none).
  const labelFloor = Math.min(h.filter ? 8 : 16, widthUpTo(full, h.filter ? 8 : 16));
  const roomRight = Math.max(0, width - used - labelFloor);
  let right = `${filterText(width)}${counts}${state}`;
  if (widthOf(right) > roomRight) right = `${filterText(width)}${state}`;
  // The filter's end gives way before its count, down to a few cells of it.
  const exprRoom = (keptToo: boolean) => roomRight - widthOf(filterText(0, keptToo)) - widthOf(state);
  if (widthOf(right) > roomRight && h.filter && exprRoom(true) >= FILTER_MIN)
    right = `${filterText(exprRoom(true))}${state}`;
  if (widthOf(right) > roomRight && h.filter) right = `${filterText(Math.max(1, exprRoom(false)), false)}${state}`;
  // Narrower still, that a filter is on (the footer's count says how many rows it keeps).
  if (widthOf(right) > roomRight && h.filter) right = ` filtered ·${state}`;
  if (widthOf(right) > roomRight) right = state;
  const room = Math.max(labelFloor, width - used - widthOf(right) - 1);
  const middle = labelAndAbout(label, [about, aboutShort, aboutBare], Math.max(0, Math.min(room, width - used)));
  const tail = truncate(right, Math.max(0, width - used - widthOf(middle)));
  const pad = ' '.repeat(Math.max(0, width - used - widthOf(middle) - widthOf(tail)));
  return [...tabs, seg(middle, 'bold'), seg(pad), seg(tail, h.filter ? 'accent' : h.skipped ? 'warn' : 'dim')];
}

/**
 * ` label (about)` in `cells` (both inert, clipped to the line): whole when it fits; else
 * the label cut so that the about part stays whole, in the first of its forms (longest
 * first: the planes, the format, approximate times) that leaves the label a few cells;
 * else the label alone when no form has anything left to say; else the last form kept and
 * the label cut to what is left (the format and derived times matter more than the
 * label's text); else the whole cut at its end.
 */
function labelAndAbout(label: string, forms: string[], cells: number): string {
  const about = forms[0] ?? '';
  const full = ` ${label}${about ? ` (${about})` : ''}`;
  if (widthOf(full) <= cells) return full;
  const LABEL_MIN = 8;
  const labelAt = (form: string, floor: number): string | null => {
    const tail = form ? ` (${form})` : '';
    const left = cells - 1 - widthOf(tail);
    return left >= floor ? ` ${truncate(label, left)}${tail}` : null;
  };
  const floor = Math.min(LABEL_MIN, widthOf(label));
  for (const form of forms) {
    const line = labelAt(form, floor);
    if (line !== null) return line;
  }
  const last = forms.at(-1) ?? '';
  return labelAt(last, last ? 2 : 1) ?? truncate(full, cells);
}

/** Key hints as they fit in `room` cells (a view's `footerHints`, which leaves out the least needed). */
export type Hints = string | ((room: number) => string);
const hintsIn = (hints: Hints, room: number): string => truncate(typeof hints === 'string' ? hints : hints(room), room);

/** The one-line footer: key hints from the keymap, position, and any notice. */
export function footerLine(hints: Hints, position: string, notice: Notice | null, width: number): ScreenLine {
  // The position may quote a search typed by the user: inert, and never wider than the line.
  const right = position ? truncate(` ${inertHead(position, width)}`, width) : '';
  // A notice (a written file's path, a filter error) takes the place of the hints.
  const room = Math.max(0, width - widthOf(right));
  const look = notice ? noticeLook(notice) : null;
  const left =
    notice && look
      ? truncate(
          look.mark + fitNotice(inert(notice.text.slice(0, NOTICE_MAX + 1)), Math.max(0, room - widthOf(look.mark))),
          room,
        )
      : hintsIn(hints, Math.max(0, room - 1));
  return [
    seg(left, look ? look.style : 'dim'),
    seg(' '.repeat(Math.max(0, width - widthOf(left) - widthOf(right)))),
    seg(right, notice ? 'dim' : 'bold'),
  ];
}

/** The search bar's count: with `…` while the text is still to come, which a query of one letter does not search. */
function searchStatus(count: number, text: 'pending' | 'short' | null): string {
  const more = text === 'pending' ? '…' : '';
  if (count) return `${counted(count, 'match', 'matches')}${more}`;
  return text === 'pending' ? 'searching…' : text === 'short' ? 'no match (text: 2+ letters)' : 'no match';
}

/**
 * The footer while typing into the search or filter bar: the text, a cursor, and the
 * match count, the bar's keys, or a notice (an error after `✗`, Tab's choices without).
 */
export function inputLine(
  input: { kind: 'search' | 'filter' | 'goto'; text: string },
  /** What the search found; `text`: its text part still to come, or not searched (one letter). */
  found: { positions: readonly number[]; text?: 'pending' | 'short' | null } | null,
  /** The bar's keys (`Enter go · Esc cancel`), from its view; a search shows its match count instead. */
  hints: Hints,
  notice: Notice | null,
  width: number,
): ScreenLine {
  const prompt = input.kind === 'search' ? '/' : input.kind === 'goto' ? 'line or time: ' : 'filter: ';
  const count = found?.positions.length ?? 0;
  // A filter error quotes what was typed: measured as it is shown.
  const said = notice ? `  ${noticeLook(notice).mark}${inertHead(notice.text, width)}` : '';
  // With something to say, the typed text leaves it the room it needs (keeping a dozen
  // cells itself): a long filter pushed the reason it was refused off the line.
  const full = width - prompt.length - 2;
  if (notice?.at) return refusedLine(prompt, input.text, notice.at, said, noticeLook(notice).style, width);
  const textRoom = notice ? Math.max(Math.min(12, full), full + 1 - widthOf(said)) : full;
  const text = truncate(inertHead(input.text, width), Math.max(1, textRoom));
  const room = Math.max(0, width - prompt.length - widthOf(text) - 3);
  const status = notice
    ? said
    : input.kind === 'search'
      ? input.text
        ? `  ${searchStatus(count, found?.text ?? null)}`
        : ''
      : input.kind === 'goto'
        ? `  ${hintsIn(hints, room)}`
        : `  ${hintsIn(hints, Math.max(0, room - 15))} · empty clears`;
  return [
    seg(prompt, 'accent'),
    seg(text),
    seg('▏', 'accent'),
    seg(
      truncate(status, Math.max(0, width - prompt.length - widthOf(text) - 1)),
      notice ? noticeLook(notice).style : 'dim',
    ),
  ];
}

/**
 * The bar with a filter it refused: the typed text scrolled so that what is wrong shows,
 * marked (format/marked-text.ts), then why, in what is left. The text around the error
 * comes first; the message keeps at least 40% of the line (16 cells or more) and is cut.
 */
function refusedLine(
  prompt: string,
  typed: string,
  at: { from: number; to: number },
  said: string,
  style: Style,
  width: number,
): ScreenLine {
  const full = Math.max(1, width - prompt.length - 1);
  // The column goes first when the message is cut: the mark shows where.
  const bare = said.replace(/ \(at column \d+\)$/, '');
  const kept = Math.min(widthUpTo(said, width), Math.max(16, Math.floor(full * 0.4)));
  // A wrong part too long to show whole anyway (a paste past the length limit, an unclosed
  // quote before pages of text): ten cells of it, and the reason whole.
  const wrong = widthUpTo(inertHead(typed.slice(at.from, Math.min(at.to, at.from + reach(full) + 1)), full), full);
  const textRoom = wrong + 2 > full - kept ? Math.max(Math.min(10, full), full - widthUpTo(bare, width)) : full - kept;
  const text = markedText(typed, at, Math.max(1, textRoom));
  const room = Math.max(0, full - text.reduce((n, s) => n + widthOf(s.text), 0));
  const fits = widthUpTo(said, room) <= room ? said : truncate(bare, room);
  return [seg(prompt, 'accent'), ...text, seg('▏', 'accent'), seg(fits, style)];
}
