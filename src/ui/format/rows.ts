import { fmtClock, fmtMs, fmtOffset } from '../../kit/units.js';
import { DIRS, Dir, type EnumEntry, KINDS, Kind, SHAPES, Shape, STATUSES, Status } from '../../trace/enums.js';
import type { CallRow, EventRow } from '../data/views.js';
import { fitLine, type ScreenLine, type Segment, type Style, seg } from './segments.js';
import { fit, inertHead, widthUpTo } from './text.js';

/** An enum value as glyph + label, readable without colour (trace/enums.ts). */
export const looks = (e: EnumEntry): string => (e.glyph ? `${e.glyph} ${e.label}` : e.label);

/** An enum value's style. */
export const toneOf = (e: EnumEntry): Style | undefined => e.tone ?? undefined;

/** A row's time: its offset from the trace's start, or (`clock`) its time of day in UTC. */
export const timeText = (offsetMs: number | null, tMs: number | null, clock: boolean): string =>
  clock ? fmtClock(tMs) : fmtOffset(offsetMs);

/** Width of the time column: `+12m05s`, or `14:00:05.920` (and a blank after the margin). */
const timeWidth = (clock: boolean): number => (clock ? 13 : 9);

/** The selection marker: a visible `›` plus inverse video, never colour alone; `•` marks a search match. */
export function marker(selected: boolean, matched = false): Segment {
  return selected ? seg('›', 'selected') : matched ? seg('•', 'accent') : seg(' ');
}

/** A marked record's glyph (`M` in ASCII mode: theme.ts), a shape and not only a colour. */
export const MARK_GLYPH = '◆';

/** The marks column: one cell while any record is marked (`marked` defined), none otherwise. */
export const markCell = (marked: boolean | undefined): Segment[] =>
  marked === undefined ? [] : [marked ? seg(MARK_GLYPH, 'accent') : seg(' ')];

/**
 * The row cut to the pane (its fixed columns alone are ~50 cells: a narrow pane cuts
 * the label and detail, then the columns), styled for the selection.
 */
function withSelection(parts: Segment[], width: number, selected: boolean): ScreenLine {
  const line = fitLine(parts, width);
  return selected
    ? line.map((s) => (s.style === undefined || s.style === 'dim' ? { ...s, style: 'selected' } : s))
    : line;
}

/** Widths shared by the rows on screen, so columns line up and a tool name gets the room a short method leaves. */
export interface CallColumns {
  label: number;
  method: number;
  /** With an arguments column (wide panes): the tool's width; the arguments take the rest. */
  tool?: number;
  /** With an arguments column and a failed call on screen: the width of the column of error texts. */
  error?: number;
}

/** The widest the column of error texts gets beside the arguments, and its share of their room. */
const ERROR_COLUMN = { max: 48, share: 0.45 };
/** Fewer cells than this left beside a name (narrow panes), no error text is shown there. */
const ERROR_MIN = 8;

/** What a row says of why its call failed: the recorder's HTTP error's message, or the error's text. */
const troubleOf = (r: CallRow): string | null => (r.http ? (r.http.message ?? null) : (r.error ?? null));

/** From this many columns, Calls shows each request's arguments (instead of empty space). */
export const ARGS_FROM_COLUMNS = 120;

/** The widest a tool column gets beside the arguments, and the least it keeps. */
const ARGS_TOOL = { min: 8, max: 28 };
/** The widest a method column gets beside the arguments (`notifications/initialized` is 25). */
const ARGS_METHOD = 26;

export function callColumns(rows: CallRow[], width: number, clock = false): CallColumns {
  const label = Math.min(
    14,
    Math.max(0, ...rows.map((r) => (r.fileLabel === null ? 0 : widthUpTo(inertHead(r.fileLabel, 14), 14)))),
  );
  const marks = rows.some((r) => r.marked !== undefined) ? 1 : 0;
  const flex = width - 35 - marks - (timeWidth(clock) - timeWidth(false)) - (label ? label + 1 : 0);
  const longest = Math.max(
    6,
    ...rows.filter((r) => r.tool !== null).map((r) => widthUpTo(inertHead(r.method, width), width)),
  );
  if (rows.some((r) => r.args !== undefined)) {
    // The tool as wide as the longest on screen (within bounds), and as a method without a
    // tool spans both, wide enough for the longest of those: the arguments get the rest.
    const method = Math.min(longest, ARGS_METHOD);
    const tools = rows.map((r) => (r.tool === null ? 0 : widthUpTo(inertHead(r.tool, ARGS_TOOL.max), ARGS_TOOL.max)));
    const spans = rows.map((r) => (r.tool === null ? widthUpTo(inertHead(r.method, ARGS_METHOD), ARGS_METHOD) : 0));
    const tool = Math.max(ARGS_TOOL.min, ...tools, Math.max(...spans) - method - 1);
    // A failed call on screen: its error's text in a column of its own, out of the arguments' room.
    const failed = rows.some((r) => troubleOf(r) !== null);
    const room = flex - method - tool - 2;
    const error = failed ? Math.min(ERROR_COLUMN.max, Math.floor(room * ERROR_COLUMN.share)) : 0;
    return { label, method, tool, ...(error >= ERROR_MIN ? { error } : {}) };
  }
  return { label, method: Math.max(6, Math.min(longest, Math.floor(flex * 0.45))) };
}

/** Calls row: time, direction, method, tool, (wide: arguments,) status, latency. */
export function formatCallRow(
  r: CallRow,
  width: number,
  selected: boolean,
  columns: CallColumns = callColumns([r], width),
  matched = false,
  clock = false,
): ScreenLine {
  const TIME = timeWidth(clock);
  const DIRW = 3;
  const STATUS = 10;
  const LAT = 7;
  const label = columns.label;
  const flex = Math.max(
    2,
    width - 1 - markCell(r.marked).length - TIME - DIRW - STATUS - LAT - (label ? label + 1 : 0) - 4,
  );
  // Beside the arguments, method and tool keep the widths shared by the rows; a row without a tool spans both.
  const errorW = columns.tool === undefined || r.args === undefined ? 0 : (columns.error ?? 0);
  const argsW =
    columns.tool === undefined || r.args === undefined
      ? 0
      : flex - columns.method - columns.tool - 2 - (errorW ? errorW + 1 : 0);
  const shared = argsW > 0 ? columns.method + 1 + columns.tool! : flex;
  const methodW = r.tool === null ? shared : Math.max(1, Math.min(columns.method, shared - 8));
  const toolW = r.tool === null ? 0 : shared - methodW - 1;
  const status = STATUSES[r.status]!;
  const shape = SHAPES[Shape[r.kind]]!;
  const quiet = r.kind === 'notification';
  // → client→server, ← server→client; a server→client request says so with ⇠.
  const arrow = r.serverToClient ? '⇠S' : `${DIRS[Dir[r.dir]]!.glyph} `;
  const parts: Segment[] = [marker(selected, matched), ...markCell(r.marked)];
  if (label) parts.push(seg(`${fit(inertHead(r.fileLabel ?? '', label), label)} `, 'accent'));
  parts.push(seg(`${fit(timeText(r.offsetMs, r.tMs, clock), TIME, 'right')} `, 'dim'));
  parts.push(seg(fit(arrow, DIRW), r.serverToClient ? 'accent' : 'dim'));
  const trouble = troubleOf(r);
  // Narrower (no arguments column): why it failed, in the space the name leaves.
  const nameW = r.tool === null ? methodW : toolW;
  const name = inertHead(r.tool ?? r.method, nameW);
  const inline = argsW > 0 || trouble === null ? 0 : nameW - Math.min(widthUpTo(name, nameW), nameW) - 2;
  const shownW = inline >= ERROR_MIN ? nameW - inline - 2 : nameW;
  const nameStyle = matched ? 'match' : r.tool === null ? toneOf(shape) : 'bold';
  if (r.tool === null) parts.push(seg(fit(name, shownW), nameStyle));
  else {
    parts.push(seg(fit(inertHead(r.method, methodW), methodW), matched ? 'match' : toneOf(shape)));
    if (toolW > 0) parts.push(seg(` ${fit(name, shownW)}`, nameStyle));
  }
  if (inline >= ERROR_MIN) parts.push(seg(`  ${fit(inertHead(trouble!, inline), inline)}`, 'error'));
  if (argsW > 0) parts.push(seg(` ${fit(inertHead(r.args!, argsW), argsW)}`, 'dim'));
  if (errorW > 0) parts.push(seg(` ${fit(inertHead(trouble ?? '', errorW), errorW)}`, 'error'));
  if (r.http) {
    // The recorder's HTTP error where the status is, over the latency it never had.
    parts.push(seg(` ${fit(`${STATUSES[Status.error]!.glyph} ${r.http.status}`, STATUS - 1 + LAT)}`, 'error'));
    return withSelection(parts, width, selected);
  }
  // A notification has no outcome: its shape shows where a call's status would.
  const outcome = quiet ? shape : status;
  parts.push(seg(` ${fit(looks(outcome), STATUS - 1)}`, toneOf(outcome)));
  parts.push(seg(fit(r.latencyMs === null ? '' : fmtMs(r.latencyMs), LAT, 'right'), 'dim'));
  return withSelection(parts, width, selected);
}

/** Events row: line number, time, kind, dir, label, detail. */
export function formatEventRow(
  r: EventRow,
  width: number,
  selected: boolean,
  labelWidth = r.fileLabel === null ? 0 : Math.min(12, widthUpTo(inertHead(r.fileLabel, 12), 12)),
  matched = false,
  clock = false,
): ScreenLine {
  const LINE = 7;
  const TIME = timeWidth(clock);
  const KIND = 8;
  const DIRW = 9;
  const label = labelWidth;
  const mark = markCell(r.marked);
  const rest = Math.max(10, width - 1 - mark.length - LINE - TIME - KIND - DIRW - (label ? label + 1 : 0) - 3);
  const labelW = Math.min(rest, Math.max(16, Math.floor(rest * 0.5)));
  const parts: Segment[] = [marker(selected, matched), ...mark];
  if (label) parts.push(seg(`${fit(inertHead(r.fileLabel ?? '', label), label)} `, 'accent'));
  parts.push(seg(`${fit(`L${r.lineNo}`, LINE, 'right')} `, 'dim'));
  parts.push(seg(`${fit(timeText(r.offsetMs, r.tMs, clock), TIME, 'right')} `, 'dim'));
  const kind = KINDS[Kind[r.kind]]!;
  parts.push(seg(fit(looks(kind), KIND), toneOf(kind)));
  parts.push(seg(fit(r.dir, DIRW), 'dim'));
  parts.push(
    seg(
      fit(inertHead(r.label, rest), r.kind === 'skip' ? rest : labelW),
      r.kind === 'skip' ? 'error' : matched ? 'match' : undefined,
    ),
  );
  if (r.kind !== 'skip') parts.push(seg(` ${fit(inertHead(r.detail, rest), Math.max(0, rest - labelW - 1))}`, 'dim'));
  return withSelection(parts, width, selected);
}
