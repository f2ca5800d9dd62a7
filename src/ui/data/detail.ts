import { StringDecoder } from 'node:string_decoder';
import { cutMiddle, endsOf } from '../../kit/cells.js';
import { isoTime } from '../../kit/dates.js';
import { inert } from '../../kit/text.js';
import { fmtBytes, fmtMs, fmtOffset } from '../../kit/units.js';
import { listsToolUses, toolResultRows } from '../../store/agent-calls.js';
import { hasCalls, linkedPair, pairOfRow } from '../../store/links.js';
import type { TraceStore } from '../../store/trace-store.js';
import { DIRS, KINDS, Kind, SHAPES, STATUSES, Status } from '../../trace/enums.js';
import { mcpServerOf, mcpToolOf } from '../../trace/mcp-tool.js';
import { jsonTextLines, plainLines } from '../format/json-lines.js';
import { shortenPath } from '../format/notice.js';
import { looks, toneOf } from '../format/rows.js';
import { fitLine, pushLines, type ScreenLine, seg } from '../format/segments.js';
import { inertHead, width as widthOf } from '../format/text.js';
import { keyOf } from '../keymap.js';
import { NO_CALL } from '../panes/turns/turn-lines.js';
import { Forest, type Part } from '../tree/forest.js';
import { closedPrefix, JsonTable } from '../tree/json-tree.js';
import { fileLabel, traceStart } from './views.js';

/** Records larger than this show a prefix; `w` writes the whole record. */
export const DETAIL_CAP = 256 * 1024;

/**
 * The rows a detail view shows: a call's request and response; in an agent's transcript
 * (no mcp plane), a tool_use turn and the turns of its tool_results, as its call; else one record.
 */
export function detailRows(store: TraceStore, row: number): number[] {
  const other = store.pairedRow(row);
  if (other >= 0) return [Math.min(row, other), Math.max(row, other)];
  if (store.kindOf(row) === Kind.turn && listsToolUses(store)) return [row, ...toolResultRows(store, row)];
  return [row];
}

/** Cells a file's tag takes before its line (`llm line 87`). */
const TAG_CELLS = 24;

/** Cells of a file's path made inert before it is shortened (a hostile name may be megabytes). */
const PATH_BOUND = 4096;
/** Code units of a path shortened in its middle; past this it is no path a system made. */
const SHORTENED_MAX = 1024;

/** A record's direction and time (in full and from the start). */
function placeOf(store: TraceStore, row: number, start: number | null): { dir: string; when: string } {
  const t = store.tOf(row);
  // The record's time in full (to match it with other logs) and from the start.
  // A time no Date can hold (epoch seconds of 1e300) is shown as the number it is; the record below shows it as written.
  const when = t === null ? '' : ` · ${isoTime(t) ?? `t ${t} ms`}${start !== null ? ` (${fmtOffset(t - start)})` : ''}`;
  const dir = DIRS[store.dirOf(row)]!.title;
  return { dir: dir ? ` · ${dir}` : '', when };
}

/**
 * `line 12 of PATH`, on a line of its own in `width` cells: the path shortened in its
 * middle, as its file name (which plane, which run) is what a cut at the end would lose.
 */
function whereOf(store: TraceStore, row: number, width: number): string {
  const line = `line ${store.lineOf(row)}`;
  const room = Number.isFinite(width) ? Math.max(12, width - 3 - widthOf(`${line} of `)) : Infinity;
  // (Made inert up to a bound that real paths are within: its end is what shows. A longer
  // one, a hostile name, is left to be cut at the line's end, as any text is: shortening
  // measures its end, which may be one grapheme of thousands of marks.)
  const name = inertHead(store.files[store.fileOf(row)]!.name, PATH_BOUND);
  return `${line} of ${name.length > SHORTENED_MAX ? name : shortenPath(name, room)}`;
}

/**
 * `line 87`, or `llm line 87` with several files open: the file as the lists tag it and
 * as `:` reads it (`llm 87`), first, where a path at the end of the line was cut away.
 */
function lineIn(store: TraceStore, file: number, row: number): string {
  const tag = fileLabel(store, file);
  // A long label is cut in its middle: what tells two runs apart is often at its end.
  return `${tag === null ? '' : `${cutMiddle(inert(endsOf(tag, 2048)), TAG_CELLS)} `}line ${store.lineOf(row)}`;
}

function section(store: TraceStore, row: number, width: number, start: number | null): ScreenLine[] {
  const kind = store.kindOf(row);
  const what = kind === Kind.message ? SHAPES[store.shapeOf(row)]!.title : KINDS[kind]!.title;
  const length = store.bytesOf(row);
  const { dir, when } = placeOf(store, row, start);
  const where = whereOf(store, row, width);
  // Where it is on a line of its own (paths are long).
  const head: ScreenLine[] = [
    [seg(`── ${what}`, 'header'), seg(`${dir}${when} · ${fmtBytes(length)}`, 'dim')],
    [seg(`   ${where}`, 'dim')],
  ];
  const raw = store.rawLine(row, DETAIL_CAP);
  if (raw === null) return [...head, [seg(UNREADABLE, 'error')]];
  if (kind === Kind.skip)
    return [...head, [seg(`skipped: ${inertHead(store.labelOf(row), width)}`, 'error')], ...plainLines(raw, width)];
  if (length > DETAIL_CAP) return [...head, [seg(prefixNote(DETAIL_CAP, length), 'warn')], ...plainLines(raw, width)];
  try {
    JSON.parse(raw); // only valid JSON is pretty-printed; from its text, so ids show as written
    return [...head, ...jsonTextLines(raw, width)];
  } catch {
    return [...head, ...plainLines(raw, width)];
  }
}

const UNREADABLE = '(this source cannot be read back)';
const prefixNote = (cap: number, length: number) =>
  `showing the first ${fmtBytes(cap)} of ${fmtBytes(length)}: press w to write the whole record to a file`;

/** Records up to this size are shown as a tree (a 20 MB tool result is); a larger one shows its first DETAIL_CAP as text. */
export const TREE_CAP = 32 * 1024 * 1024;

/** How the tree names a record at its top level (`.request`, `.response`, `.turn`…). */
function partName(store: TraceStore, row: number): string {
  const kind = store.kindOf(row);
  if (kind === Kind.message) {
    const shape = SHAPES[store.shapeOf(row)]!.name;
    return shape === 'none' || shape === 'invalid' ? 'message' : shape;
  }
  return kind === Kind.skip ? 'skipped' : KINDS[kind]!.name;
}

/** Bytes read back per step of a big record's opening. */
const CHUNK = 2 * 1024 * 1024;

/** A record's text read back a chunk at a time (yields how much is read, 0 to 1), or null when it cannot be. */
function* readRecord(store: TraceStore, row: number, length: number): Generator<number, string | null> {
  const file = store.fileOf(row);
  const offset = store.offsetOf(row);
  if (length <= CHUNK) return store.rawLine(row);
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  for (let at = 0; at < length; at += CHUNK) {
    const bytes = store.readBytes(file, offset + at, Math.min(CHUNK, length - at));
    if (bytes === null) return null;
    parts.push(decoder.write(bytes));
    yield (at + CHUNK) / length;
  }
  parts.push(decoder.end());
  return parts.join('');
}

/** Records past this size are drawn from their first PREVIEW_BYTES while the rest is read. */
export const PREVIEW_BYTES = 64 * 1024;

/** Cells of a tree part's head line kept: wider than any screen, so only a long name is cut. */
const PART_HEAD = 1024;

function* partOf(
  store: TraceStore,
  row: number,
  start: number | null,
  notes: ScreenLine[],
  preview = false,
): Generator<number, Part> {
  const length = store.bytesOf(row);
  const { dir, when } = placeOf(store, row, start);
  const line = lineIn(store, store.fileOf(row), row);
  // The line first: it is what `:` and `validate` speak in, and at 80 columns the ISO
  // time and the size leave no room after them (the plane is named before the line).
  const head = [seg([line, dir, when, ` · ${fmtBytes(length)}`].join(''), 'dim')];
  const name = partName(store, row);
  if (preview && length > PREVIEW_BYTES && length <= TREE_CAP && store.kindOf(row) !== Kind.skip) {
    const raw = store.rawLine(row, PREVIEW_BYTES);
    const closed = raw === null ? null : closedPrefix(raw);
    return { name, head, table: (closed !== null && JsonTable.parse(closed)) || JsonTable.plain(raw ?? UNREADABLE) };
  }
  // Reading is about a third of the time a big record takes to open, scanning the rest.
  let raw: string | null = null;
  if (length > TREE_CAP) raw = store.rawLine(row, DETAIL_CAP);
  else
    for (const read = readRecord(store, row, length); ; ) {
      const r = read.next();
      if (r.done) {
        raw = r.value;
        break;
      }
      yield 0.3 * r.value;
    }
  if (raw === null) return { name, head, table: JsonTable.plain(UNREADABLE) };
  if (store.kindOf(row) === Kind.skip) {
    notes.push([seg(`skipped: ${inertHead(store.labelOf(row), PART_HEAD)}`, 'error')]);
    return { name, head, table: JsonTable.plain(raw) };
  }
  if (length > TREE_CAP) {
    notes.push([seg(prefixNote(DETAIL_CAP, length), 'warn')]);
    return { name, head, table: JsonTable.plain(raw) };
  }
  const scan = JsonTable.steps(raw);
  for (;;) {
    const r = scan.next();
    if (r.done) return { name, head, table: r.value ?? JsonTable.plain(raw) };
    yield 0.3 + 0.7 * r.value;
  }
}

let forests: { store: TraceStore; epoch: number; key: string; forest: Forest }[] = [];

/** A detail view's tree being built: `step` works for about `ms` and gives the tree once it is done. */
export interface ForestJob {
  /** How far it is, 0 to 1 (reading, then scanning, each record). */
  progress: number;
  step(ms: number): Forest | null;
}

/**
 * The detail view's tree for a row, built a step at a time (a 20 MB result is read
 * and scanned between keys): at the top what it is (a call's method, status and
 * latency, its links), then one part per record (a call's request and response),
 * each its text's node table, parsed once and kept while the view is open.
 */
export function openForest(store: TraceStore, row: number): ForestJob {
  const rows = detailRows(store, row);
  const key = rows.join(',');
  const kept = forests.find((f) => f.store === store && f.epoch === store.epoch && f.key === key);
  if (kept) return { progress: 1, step: () => kept.forest };
  const steps = buildForest(store, row, rows);
  let done: Forest | null = null;
  const job: ForestJob = {
    progress: 0,
    step(ms) {
      const until = performance.now() + ms;
      while (!done) {
        const r = steps.next();
        if (r.done) {
          done = r.value;
          forests = [{ store, epoch: store.epoch, key, forest: done }];
        } else {
          job.progress = r.value;
          if (performance.now() >= until) break;
        }
      }
      return done;
    },
  };
  return job;
}

function* buildForest(store: TraceStore, row: number, rows: number[], preview = false): Generator<number, Forest> {
  const start = traceStart(store);
  const top = summaryLines(store, row, Infinity);
  const notes: ScreenLine[] = [];
  const parts: Part[] = [];
  const total = rows.reduce((n, r) => n + store.bytesOf(r), 0) || 1;
  let before = 0;
  for (const r of rows) {
    const share = store.bytesOf(r) / total;
    const steps = partOf(store, r, start, notes, preview);
    for (let s = steps.next(); ; s = steps.next()) {
      if (s.done) {
        parts.push(s.value);
        break;
      }
      yield before + share * Math.min(1, s.value);
    }
    before += share;
  }
  const names = new Set<string>();
  for (const p of parts) {
    while (names.has(p.name)) p.name = `${p.name}_2`;
    names.add(p.name);
  }
  const rootLines = [...top, ...notes];
  if (rootLines.length === 0) rootLines.push([seg(parts.map((p) => p.name).join(' and '), 'bold')]);
  return new Forest(rootLines, parts);
}

/**
 * What a big record's tree shows first, while the job reads it: the same tree built
 * from each record's first PREVIEW_BYTES (ui/tree/json-tree.ts closedPrefix), a few
 * milliseconds of work however big the record.
 */
export function previewForest(store: TraceStore, row: number): Forest {
  const steps = buildForest(store, row, detailRows(store, row), true);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The detail view's tree for a row, built at once (tests, the command context). */
export function detailForest(store: TraceStore, row: number): Forest {
  return openForest(store, row).step(Infinity)!;
}

/** A call's error above its records: in the tree, one line (the whole error is in the response below it). */
function errorLines(error: string, width: number): ScreenLine[] {
  const text = `error: ${error.slice(0, 2000)}`;
  const lines = Number.isFinite(width) ? plainLines(text, width) : [[seg(inert(text))]];
  return lines.map((l) => l.map((x) => ({ ...x, style: 'error' as const })));
}

/** A tool_use's call on a line (an MCP tool's server apart), and its error below when it failed. */
function toolUseLines(store: TraceStore, p: number, width: number): ScreenLine[] {
  const pair = store.pairs.get(p);
  const server = mcpServerOf(pair.name);
  const status = STATUSES[pair.error !== null ? Status.isError : pair.resRow < 0 ? Status.pending : Status.ok]!;
  const out: ScreenLine[] = [
    [
      seg(server === null ? 'tool_use' : inertHead(server, width), 'bold'),
      seg(` ${inertHead(mcpToolOf(pair.name), width)}`, 'bold'),
      seg(` · ${looks(status)}`, toneOf(status)),
      seg(pair.latency === null ? '' : ` · ${fmtMs(pair.latency)}`, 'dim'),
    ],
  ];
  if (pair.error !== null) out.push(...errorLines(pair.error, width));
  return out;
}

/** The lines above a record: a call's method, tool, status and latency, its link, its error; a turn's links. */
function summaryLines(store: TraceStore, row: number, width: number): ScreenLine[] {
  const rows = detailRows(store, row);
  const out: ScreenLine[] = [];
  if (store.kindOf(row) === Kind.message) {
    const req = rows[0]!;
    const status = STATUSES[store.statusOf(req)]!;
    const latency = store.callLatency(req);
    const name = store.nameOf(req);
    const error = store.errorTextOf(req);
    out.push([
      seg(inertHead(store.labelOf(req), width), 'bold'),
      seg(name ? ` ${inertHead(name, width)}` : '', 'bold'),
      seg(status.label ? ` · ${looks(status)}` : '', toneOf(status)),
      seg(latency === null ? '' : ` · ${fmtMs(latency)}`, 'dim'),
    ]);
    const link = pairOfRow(store, req)
      .map((p) => linkedPair(store, p))
      .find((p) => p !== null && p !== undefined);
    if (link !== undefined && link !== null)
      out.push([
        seg(
          `↔ tool_use in the turn at ${lineIn(store, store.pairs.fileOf(link), store.pairs.reqRowOf(link))} (${keyOf('link.jump')} jumps there)`,
          'accent',
        ),
      ]);
    if (error) out.push(...errorLines(error, width));
  } else if (store.kindOf(row) === Kind.turn) {
    // An agent's transcript: each tool_use as its call (tool, status, latency, error).
    if (listsToolUses(store)) for (const p of store.toolLinks(row).opened) out.push(...toolUseLines(store, p, width));
    // A turn's tool_uses and the calls they became on the mcp plane.
    const calls = hasCalls(store);
    for (const p of store.toolLinks(row).opened) {
      const other = linkedPair(store, p);
      if (other === null) {
        if (calls) out.push([seg(`↔ ${inertHead(store.pairs.nameOf(p), width)}: ${NO_CALL}`, 'dim')]);
        continue;
      }
      const call = store.pairs.get(other);
      out.push([
        seg(
          `↔ ${inertHead(call.name, width)}: tools/call at ${lineIn(store, call.file, call.reqRow)} (${keyOf('link.jump')} jumps to the first)`,
          'accent',
        ),
      ]);
    }
  }
  return out;
}

/** The detail view's lines for a row as pretty-printed text: a summary line, then each record (the diff's sides). */
export function detailLines(store: TraceStore, row: number, width: number): ScreenLine[] {
  const rows = detailRows(store, row);
  const start = traceStart(store);
  const out: ScreenLine[] = summaryLines(store, row, width);
  for (const r of rows) {
    pushLines(out, section(store, r, width, start));
    out.push([]);
  }
  // Headers and links name files and tools of any length: every line is cut to the width here.
  return out.map((line) => fitLine(line, width));
}
