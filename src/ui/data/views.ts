import {
  listedLatency,
  listsToolUses,
  toolUseError,
  toolUseLatency,
  toolUseRows,
  toolUseStatus,
  toolUsesOf,
} from '../../store/agent-calls.js';
import { Flag } from '../../store/codes.js';
import { type HttpFailure, httpFailureOf } from '../../store/http-failures.js';
import type { FilterResult } from '../../store/query.js';
import { fileLabelOf, planeOf } from '../../store/stats.js';
import type { TraceStore } from '../../store/trace-store.js';
import {
  DIRS,
  Dir,
  KINDS,
  Kind,
  type KindName,
  type MessageDir,
  type RpcShape,
  SHAPES,
  Shape,
  STATUSES,
  Status,
  type StatusCode,
} from '../../trace/enums.js';
import { mcpServerOf, mcpToolOf } from '../../trace/mcp-tool.js';
import { isRecordPane, type PaneId, perPane, type RecordPaneId } from '../panes/list.js';
import type { CallOrder } from '../state/ui-state.js';
import { callErrorText } from './call-errors.js';

/** An ordered list of store rows: the rows a pane shows, without copying when it can. */
export interface RowList {
  length: number;
  at(i: number): number;
  /**
   * Lists that share it are one list at different times, each the one before with rows
   * added at its end (a followed file's, with no filter): a pass over the rows can go
   * on from where it stopped. Undefined: no such promise.
   */
  lineage?: object;
}

const fromColumn = (data: Int32Array, length: number): RowList => ({ length, at: (i) => data[i]! });

/**
 * With several files open, rows are merged by time, file order breaking ties;
 * one file keeps its own order (the order the proxy observed).
 */
function merged(store: TraceStore, rows: Int32Array): RowList {
  if (store.files.length < 2) return fromColumn(rows, rows.length);
  const copy = store.byTime(rows);
  return fromColumn(copy, copy.length);
}

/** The rows each pane of records lists (`viewsOf` builds them). */
export type Views = Record<RecordPaneId, RowList>;

/** How many rows each pane's list has (a pane of its own rows, as Usage, counts 0 here). */
export const listCounts = (views: Views): Record<PaneId, number> =>
  perPane((pane) => (isRecordPane(pane) ? views[pane].length : 0));

/**
 * `list` slowest call first: answered calls by latency, longest first; then the rows
 * without one (pending, cancelled, notifications, orphan responses) as they were.
 * Ties keep their order in `list`.
 */
export function byLatency(store: TraceStore, list: RowList): RowList {
  const { rows } = sortedByLatency(store, list);
  return fromColumn(rows, rows.length);
}

/** `byLatency`'s rows, with each one's latency (-1 for none) in the same order. */
function sortedByLatency(
  store: TraceStore,
  list: RowList,
): { rows: Int32Array<ArrayBuffer>; latency: Float64Array<ArrayBuffer> } {
  const n = list.length;
  const latency = new Float64Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    latency[i] = listedLatency(store, list.at(i)) ?? -1;
    order[i] = i;
  }
  order.sort((a, b) => latency[b]! - latency[a]! || a - b);
  const rows = new Int32Array(n);
  const sorted = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    rows[k] = list.at(order[k]!);
    sorted[k] = latency[order[k]!]!;
  }
  return { rows, latency: sorted };
}

/**
 * The slowest-first order of one file's calls, kept to extend as calls arrive: sorting
 * 330,000 calls again took ~80 ms at every update of a loading or followed file.
 */
let slowest: {
  store: TraceStore;
  epoch: number;
  count: number;
  last: number;
  rows: Int32Array;
  latency: Float64Array;
  answered: number;
} | null = null;

/**
 * `byLatency` of one file's calls (`calls` is its call rows, ascending), extended from the
 * last order when only calls were added since: the new calls, and the unanswered ones
 * answered since, take their places; the rest keep theirs (a latency, once known, stays).
 */
export function slowestFirst(store: TraceStore, calls: RowList): RowList {
  const n = calls.length;
  const lat = (row: number): number => listedLatency(store, row) ?? -1;
  const s = slowest;
  let rows = new Int32Array(n);
  let latency = new Float64Array(n);
  let answered = 0;
  // A new epoch (a followed file read again): the rows it was worked out from are gone.
  if (
    !s ||
    s.store !== store ||
    s.epoch !== store.epoch ||
    s.count > n ||
    (s.count > 0 && calls.at(s.count - 1) !== s.last)
  ) {
    ({ rows, latency } = sortedByLatency(store, calls));
    while (answered < n && latency[answered]! >= 0) answered++;
  } else {
    // Movers: calls answered since (from the unanswered tail) and new answered calls.
    const movers: number[] = [];
    const waiting: number[] = [];
    for (let i = s.answered; i < s.count; i++) (lat(s.rows[i]!) >= 0 ? movers : waiting).push(s.rows[i]!);
    for (let i = s.count; i < n; i++) (lat(calls.at(i)) >= 0 ? movers : waiting).push(calls.at(i));
    const byRow = new Map(movers.map((r) => [r, lat(r)]));
    movers.sort((a, b) => byRow.get(b)! - byRow.get(a)! || a - b);
    const moverLatency = movers.map((r) => byRow.get(r)!);
    // Merge the answered calls already in place with the movers: slowest first, then by row.
    let i = 0;
    let m = 0;
    while (i < s.answered || m < movers.length) {
      const takeOld =
        m >= movers.length ||
        (i < s.answered &&
          (s.latency[i]! > moverLatency[m]! || (s.latency[i] === moverLatency[m] && s.rows[i]! < movers[m]!)));
      if (takeOld) {
        rows[answered] = s.rows[i]!;
        latency[answered++] = s.latency[i++]!;
      } else {
        rows[answered] = movers[m]!;
        latency[answered++] = moverLatency[m++]!;
      }
    }
    // The unanswered, in row order (old ones are all before new ones).
    for (let k = 0; k < waiting.length; k++) {
      rows[answered + k] = waiting[k]!;
      latency[answered + k] = -1;
    }
  }
  slowest = { store, epoch: store.epoch, count: n, last: n > 0 ? calls.at(n - 1) : -1, rows, latency, answered };
  return fromColumn(rows, n);
}

let cache: {
  store: TraceStore;
  version: number;
  epoch: number;
  echoed: boolean;
  filter: FilterResult | null;
  order: CallOrder;
  views: Views;
} | null = null;

/** Two ascending row lists as one, ascending (a merge: one pass, no sort). */
function unionOf(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** The rows of `rows` a filter keeps (all of them without one). */
function kept(rows: Int32Array, filter: FilterResult | null): Int32Array {
  if (!filter) return rows;
  const keep = filter.keep;
  return rows.filter((r) => keep[r] === 1);
}

/**
 * The Timeline's list grows only at its end while one file is read with no filter, the
 * same turns shown and no reset: the last list's lineage goes on, else a new one begins.
 */
function timelineLineage(store: TraceStore, showEchoed: boolean, filter: FilterResult | null): object {
  const goesOn =
    cache !== null &&
    cache.store === store &&
    cache.epoch === store.epoch &&
    cache.echoed === showEchoed &&
    cache.filter === null &&
    filter === null &&
    store.files.length < 2;
  return goesOn ? (cache!.views.timeline.lineage ?? {}) : {};
}

/** The row lists of every pane, recomputed only when the store, the echo toggle, the filter or the call order changed. */
export function viewsOf(
  store: TraceStore,
  showEchoed: boolean,
  filter: FilterResult | null = null,
  order: CallOrder = 'time',
): Views {
  if (
    cache &&
    cache.store === store &&
    cache.version === store.version &&
    cache.echoed === showEchoed &&
    cache.filter === filter &&
    cache.order === order
  )
    return cache.views;
  const all = { length: store.count, at: (i: number) => i };
  // An agent's transcript has no JSON-RPC calls: its tool_uses are (store/agent-calls.ts).
  const callRows = listsToolUses(store) ? toolUseRows(store) : store.rows('calls');
  const calls = merged(store, kept(callRows, filter));
  const turns = store.rows(showEchoed ? 'turns' : 'shownTurns');
  const views: Views = {
    // One file without a filter: calls only ever arrive at the end, so the order extends.
    calls:
      order === 'time'
        ? calls
        : filter === null && store.files.length < 2
          ? slowestFirst(store, calls)
          : byLatency(store, calls),
    turns: merged(store, kept(turns, filter)),
    events: filter
      ? merged(store, filter.rows)
      : store.files.length < 2
        ? all
        : merged(
            store,
            Int32Array.from({ length: store.count }, (_, i) => i),
          ),
    // Turns and calls together, as they happened (a row stays in one list or the other).
    timeline: {
      ...merged(store, kept(unionOf(store.rows('calls'), turns), filter)),
      lineage: timelineLineage(store, showEchoed, filter),
    },
  };
  cache = { store, version: store.version, epoch: store.epoch, echoed: showEchoed, filter, order, views };
  return views;
}

/**
 * Where line `lineNo` of a trace file is in `list`: its record, or in Calls the call
 * whose response is on it; else the first record listed after it; -1 for none. With
 * several files (`file` not given), the first that has the line, and `files`: each file
 * that has it, in list order (one pass: a 1 GiB trace lists 1.8 M rows).
 */
export function indexAtLine(
  store: TraceStore,
  list: RowList,
  lineNo: number,
  file?: number,
): { index: number; files: number[] } {
  let exact = -1;
  let call = -1;
  let next = -1;
  let nextLine = Infinity;
  const files: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const row = list.at(i);
    if (file !== undefined && store.fileOf(row) !== file) continue;
    const line = store.lineOf(row);
    const other = store.pairedRow(row);
    const onIt = line === lineNo || (other >= 0 && store.lineOf(other) === lineNo);
    if (onIt && !files.includes(store.fileOf(row))) files.push(store.fileOf(row));
    if (line === lineNo && exact < 0) exact = i;
    else if (onIt && call < 0) call = i;
    if (line > lineNo && line < nextLine) {
      next = i;
      nextLine = line;
    }
  }
  return { index: exact >= 0 ? exact : call >= 0 ? call : next, files };
}

/**
 * `llm 27` or `mcp:27` typed in the line bar with several files open: line 27 of the
 * file whose rows are marked `llm` (the names rows show, any case); null otherwise.
 */
export function fileLineTyped(store: TraceStore, typed: string): { file: number; lineNo: number } | null {
  const m = /^(.+?)(?:\s+|:)(\d+)$/.exec(typed);
  if (!m || store.files.length < 2) return null;
  const name = m[1]!.toLowerCase();
  const file = store.files.findIndex((f) => fileLabel(store, f.index)?.toLowerCase() === name);
  return file < 0 ? null : { file, lineNo: Number(m[2]) };
}

/** Where `list` reaches a moment (ms since the epoch): its record of the earliest time at or after it (the first listed of equals); -1 for none. */
export function indexAtTime(store: TraceStore, list: RowList, from: number): number {
  let index = -1;
  let earliest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < list.length; i++) {
    const t = store.tOf(list.at(i));
    if (t !== null && t >= from && t < earliest) {
      index = i;
      earliest = t;
    }
  }
  return index;
}

/** One row of the Calls pane. */
export interface CallRow {
  row: number;
  fileLabel: string | null;
  offsetMs: number | null;
  /** The record's own time (ms since the epoch), for clock times (`T`). */
  tMs: number | null;
  dir: MessageDir;
  kind: RpcShape;
  serverToClient: boolean;
  method: string;
  tool: string | null;
  status: StatusCode;
  latencyMs: number | null;
  /** Marked (`m`); undefined while nothing is marked (no column for marks then). */
  marked?: boolean;
  /** The request's arguments as compact JSON (data/args.ts), on a pane wide enough to show them. */
  args?: string;
  /** Why it failed: its error's text (a JSON-RPC error's message, an isError result's text). */
  error?: string | null;
  /** An HTTP error its recorder noted, when it got no JSON-RPC answer (data/call-errors.ts). */
  http?: HttpFailure | null;
}

const labelCache = new WeakMap<TraceStore, { version: number; labels: (string | null)[] }>();

/**
 * How rows name their file when several are open: `meta.label`, or the kind when
 * every file has the same label (the mcp and agent planes of one run). Worked out
 * once per store version, not per row.
 */
export function fileLabel(store: TraceStore, file: number): string | null {
  let c = labelCache.get(store);
  if (!c || c.version !== store.version) {
    const files = store.files;
    const names = files.map((f) => fileLabelOf(store, f.index));
    const kinds = files.map(planeOf);
    const labels =
      files.length < 2
        ? files.map(() => null)
        : new Set(names).size > 1
          ? names
          : new Set(kinds).size === files.length
            ? kinds
            : files.map((f) => `#${f.index + 1}`);
    labelCache.set(store, (c = { version: store.version, labels }));
  }
  return c.labels[file] ?? null;
}

/** A row's time from the trace start, ms. */
export function offsetOf(store: TraceStore, row: number, start: number | null): number | null {
  const t = store.tOf(row);
  return t === null || start === null ? null : t - start;
}

/** The earliest start across open files: offsets are relative to it. */
export function traceStart(store: TraceStore): number | null {
  let start: number | null = null;
  for (const f of store.files) {
    const s = store.startMs(f.index);
    if (s !== null && (start === null || s < start)) start = s;
  }
  return start;
}

/**
 * A tool_use turn as a call (Calls lists them for an agent's transcript): an MCP tool
 * (`mcp__github__get_issue`) by its server and its tool, another as `tool_use` and its
 * name; with several tool_uses in the turn, the first and how many more.
 */
function toolUseCallRow(store: TraceStore, row: number, start: number | null): CallRow {
  const opened = toolUsesOf(store, row);
  const name = opened.length > 0 ? store.pairs.nameOf(opened[0]!) : '(no tool)';
  const server = mcpServerOf(name);
  const more = opened.length > 1 ? ` +${opened.length - 1}` : '';
  return {
    row,
    fileLabel: fileLabel(store, store.fileOf(row)),
    offsetMs: offsetOf(store, row, start),
    tMs: store.tOf(row),
    // The agent asks the tool, as a client asks a server.
    dir: 'in',
    kind: 'request',
    serverToClient: false,
    method: server ?? 'tool_use',
    tool: `${mcpToolOf(name)}${more}`,
    status: toolUseStatus(store, row),
    latencyMs: toolUseLatency(store, row),
    error: toolUseError(store, row),
    http: null,
  };
}

export function callRow(store: TraceStore, row: number, start: number | null): CallRow {
  if (store.kindOf(row) === Kind.turn) return toolUseCallRow(store, row, start);
  const shape = store.shapeOf(row);
  return {
    row,
    fileLabel: fileLabel(store, store.fileOf(row)),
    offsetMs: offsetOf(store, row, start),
    tMs: store.tOf(row),
    dir: store.dirOf(row) === Dir.out ? 'out' : 'in',
    // Every call row is a message: shape none does not occur.
    kind: shape === Shape.none ? 'invalid' : (SHAPES[shape]!.name as RpcShape),
    serverToClient: store.has(row, Flag.serverToClient),
    method: store.labelOf(row),
    tool: store.nameOf(row),
    status: shape === Shape.notification ? Status.none : store.statusOf(row),
    latencyMs: store.callLatency(row),
    error: callErrorText(store, row),
    http: httpFailureOf(store, row),
  };
}

/** One row of the Events pane: any record. */
export interface EventRow {
  row: number;
  fileLabel: string | null;
  lineNo: number;
  offsetMs: number | null;
  tMs: number | null;
  kind: KindName;
  dir: string;
  label: string;
  detail: string;
  /** Marked (`m`); undefined while nothing is marked (no column for marks then). */
  marked?: boolean;
}

export function eventRow(store: TraceStore, row: number, start: number | null): EventRow {
  const kind = KINDS[store.kindOf(row)]!.name;
  const name = store.nameOf(row);
  let detail = name ?? '';
  if (kind === 'turn') detail = [name, store.has(row, Flag.echoed) ? '(echoed)' : ''].filter(Boolean).join(' ');
  if (kind === 'message' && store.statusOf(row) !== Status.none)
    detail = [name, STATUSES[store.statusOf(row)]!.name].filter(Boolean).join(' ');
  return {
    row,
    fileLabel: fileLabel(store, store.fileOf(row)),
    lineNo: store.lineOf(row),
    offsetMs: kind === 'skip' ? null : offsetOf(store, row, start),
    tMs: kind === 'skip' ? null : store.tOf(row),
    kind,
    dir: DIRS[store.dirOf(row)]!.label,
    label: store.labelOf(row),
    detail,
  };
}
