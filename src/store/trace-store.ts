import type { JsonObject } from '../kit/values.js';
import type { DirCode, KindCode, ShapeCode, StatusCode } from '../trace/enums.js';
import { type TraceFormat, V1 } from '../trace/formats/format.js';
import type { PriceTable } from '../trace/prices.js';
import { Aggregates, addRow, turnOverflows } from './aggregates.js';
import type { FlagBit } from './codes.js';
import { Column } from './columns.js';
import { Notifier } from './notifier.js';
import type { TableWriter } from './table-writer.js';
import { Tables } from './tables.js';
import type { ToolPairs } from './tool-pairs.js';

export type { ToolPair } from './tool-pairs.js';

/** Per-file state: what `session` needs, the source's state and the file's own rollup. */
export interface FileState {
  index: number;
  name: string;
  meta: JsonObject | null;
  end: JsonObject | null;
  counts: { meta: number; message: number; event: number; turn: number; end: number; other: number };
  skipped: number;
  /** Largest `t` of any record, ms. */
  maxT: number | null;
  /** The first record's `t`, ms (the start when there is no meta line). */
  firstT: number | null;
  /** The recording's format (mcp-replay v1 until the source says otherwise): the header and `summary` name it. */
  format: TraceFormat;
  /** Source state shown in the header. */
  state: 'loading' | 'done' | 'live' | 'error';
  stateText: string | null;
  /** Bytes the source has read. */
  bytes: number;
  /** Where the last stored line ends: how much of the file the rows stand for. */
  appended: number;
  totalBytes: number | null;
  /** Download rate, bytes per second (remote sources). */
  rate: number | null;
  aggregates: Aggregates;
}

/** How often change notices go out while a file is still being read. */
export const LOADING_NOTICE_MS = 200;

/** The store's row lists: calls (requests, notifications, orphan responses), turns, turns less the echoed ones, counted turns. */
export type RowList = 'calls' | 'turns' | 'shownTurns' | 'countedTurns';

/** Per counted turn: its token counts and times (NaN when the turn did not say). */
export type UsageField =
  | 'input'
  | 'output'
  | 'cacheRead'
  | 'cacheWrite'
  | 'thinkingExact'
  | 'thinkingEstimated'
  | 'ttft'
  | 'duration'
  | 'cost';

/**
 * The indexed store: one row per record (per element of a batch line), with RPC and
 * tool pairs and aggregates. Rows arrive through ingest/ (the only writer); everything
 * else reads them through the accessors below, never the columns (`cols`, which only
 * src/store/ names: the architecture test holds every other file to it).
 * Payloads are not kept: a view reads a row's line back from its source by offset.
 */
export class TraceStore {
  readonly files: FileState[] = [];
  /**
   * Change notices: every 50 ms once every file is read (a live trace's new lines show
   * at once), every 200 ms while one is still loading. A redraw costs ~14 ms on a slow
   * box: at 20 a second the indexer lost a quarter of its time and keys waited behind them.
   */
  readonly notifier = new Notifier(() => (this.files.some((f) => f.state === 'loading') ? LOADING_NOTICE_MS : 50));
  /** Rolls up every file (the Usage pane); each file also has its own. A new one after `clearRows`. */
  aggregates = new Aggregates();
  /** The encoding: every column, the strings and the error maps (store/tables.ts). */
  readonly cols: Tables = new Tables(this);
  /** Skipped lines: file, line number and why (the first few thousand: ingest/row-writer.ts). */
  readonly skips: { file: number; lineNo: number; reason: string }[] = [];
  version = 0;
  /**
   * How many times the rows were emptied (`clearRows`): until it changes, rows only
   * grow and never change, and a view may extend what it worked out; after, a row
   * number may name another record, and whatever was kept by row starts over.
   */
  epoch = 0;
  /** Reads a file's bytes back by offset (set by whoever opened the source). */
  private readonly readers: ((offset: number, length: number, into?: Buffer) => Buffer)[] = [];

  constructor(readonly prices: PriceTable) {}

  get count(): number {
    return this.cols.rows;
  }

  /** Where ingest/ writes rows (the only writer). */
  get writer(): TableWriter {
    return this.cols;
  }

  /** A row was appended to file `f`: the rollups (the store's and the file's) take it in. */
  rowAdded(f: FileState, row: number): void {
    addRow(this.aggregates, this.cols, row);
    if (f.aggregates !== this.aggregates) addRow(f.aggregates, this.cols, row);
  }

  /** The tool pairs: MCP tools/call and tool_use/tool_result, in the order they opened. */
  get pairs(): ToolPairs {
    return this.cols.pairs;
  }

  /**
   * Growth: all input / input stored so far, over every file, while every size is known.
   * Stored, not read: a source reads a MiB ahead of the rows, and the first columns sized
   * by it came out at half their final length and grew again mid-file (~45 MiB of old
   * columns left for the collector on a 1 GiB file).
   */
  remaining(): number | null {
    let total = 0;
    let read = 0;
    for (const f of this.files) {
      if (f.totalBytes === null) return null;
      total += f.totalBytes;
      read += f.appended > 0 ? f.appended : f.bytes;
    }
    return read > 0 && total >= read ? total / read : null;
  }

  addFile(name: string): FileState {
    const f: FileState = {
      index: this.files.length,
      name,
      meta: null,
      end: null,
      counts: { meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 },
      skipped: 0,
      maxT: null,
      firstT: null,
      format: V1,
      state: 'loading',
      stateText: null,
      bytes: 0,
      appended: 0,
      totalBytes: null,
      rate: null,
      // With one file its aggregates are the store's: one rollup, not two, per row.
      aggregates: this.files.length === 0 ? this.aggregates : new Aggregates(),
    };
    const first = this.files[0];
    if (first && first.aggregates === this.aggregates) {
      // A second file arrives: the first gets a rollup of its own, replayed from its rows.
      first.aggregates = new Aggregates();
      for (let row = 0; row < this.count; row++)
        if (this.cols.file.data[row] === first.index) addRow(first.aggregates, this.cols, row);
    }
    this.files.push(f);
    return f;
  }

  /**
   * Empties the store of rows and everything derived from them (pairs, links, usage,
   * errors, skips, strings, aggregates, each file's counts), as if no line had been
   * read; the files, their readers and their source state stay. The new `epoch` tells
   * ingest/ to drop its pairing tables too; `ingest/reset-file.ts` appends the rows of
   * the files that keep theirs again.
   */
  clearRows(): void {
    this.cols.clear();
    this.skips.length = 0;
    this.sortT.clear();
    this.sortLast.length = 0;
    this.aggregates = new Aggregates();
    for (const f of this.files) {
      f.meta = null;
      f.end = null;
      f.counts = { meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 };
      f.skipped = 0;
      f.maxT = null;
      f.firstT = null;
      f.appended = 0;
      f.aggregates = this.files.length === 1 ? this.aggregates : new Aggregates();
    }
    this.epoch += 1;
    this.version += 1;
  }

  /**
   * Back to the state of a new store, in place (the app holds this object and listens
   * to its notifier): what a saved index that failed halfway leaves must not stay under
   * the rows indexed next. The version goes on counting up, so views redraw.
   */
  clear(): void {
    this.clearRows();
    this.files.length = 0;
    this.readers.length = 0;
    this.notifier.changed();
  }

  // Reading a row.

  kindOf(row: number): KindCode {
    return this.cols.kind.data[row] as KindCode;
  }

  dirOf(row: number): DirCode {
    return this.cols.dir.data[row] as DirCode;
  }

  shapeOf(row: number): ShapeCode {
    return this.cols.shape.data[row] as ShapeCode;
  }

  /** A call's state, on its request row (and an orphan response row); none elsewhere. */
  statusOf(row: number): StatusCode {
    return this.cols.status.data[row] as StatusCode;
  }

  fileOf(row: number): number {
    return this.cols.file.data[row]!;
  }

  /** The row's line number in its file (1-based). */
  lineOf(row: number): number {
    return this.cols.lines.at(row);
  }

  /** The row's line length in bytes (at most 2^31 - 1: what can be read back). */
  bytesOf(row: number): number {
    return this.cols.length.at(row);
  }

  /** Method, event kind, turn role, unknown type or skip reason. */
  labelOf(row: number): string {
    return this.cols.strings.get(this.cols.label.data[row]!) ?? '';
  }

  /** Tool name (tools/call) or model (turn); null when none. */
  nameOf(row: number): string | null {
    return this.cols.strings.get(this.cols.name.data[row]!);
  }

  /** The other row of a call (request ↔ response), -1 when none. */
  pairedRow(row: number): number {
    return this.cols.pairOf(row);
  }

  /** Whether a row has a flag (store/codes.ts). */
  has(row: number, flag: FlagBit): boolean {
    return (this.cols.flags.data[row]! & flag) !== 0;
  }

  /** A row's line: where it starts in its file, bytes. */
  offsetOf(row: number): number {
    return this.cols.offsetOf(row);
  }

  tOf(row: number): number | null {
    return this.cols.tOf(row);
  }

  /** Latency of a call row (its request), null when unanswered or untimed (`Tables.latency`). */
  callLatency(row: number): number | null {
    return this.cols.callLatency(row);
  }

  /** The error text of a failed call (its request or response row), or of an llm.error event. */
  errorTextOf(row: number): string | null {
    return this.cols.errorText.get(row) ?? null;
  }

  // Row lists and turns.

  /** A row list, in row order: a view of the store's own memory, valid until rows are appended. */
  rows(list: RowList): Int32Array {
    const c = this.cols;
    const column =
      list === 'calls'
        ? c.callRows
        : list === 'turns'
          ? c.turnRows
          : list === 'shownTurns'
            ? c.shownTurnRows
            : c.usageRows;
    return column.view();
  }

  /** The tool pairs a turn row opened (its tool_uses) and closed (the tool_uses its tool_results answer). */
  toolLinks(row: number): { opened: number[]; closed: number[] } {
    return this.cols.toolLinks(row);
  }

  /** A turn row's index among the counted turns (`rows('countedTurns')`), or -1 when it is not counted. */
  usageIndexOf(row: number): number {
    return this.cols.usageIndexOf(row);
  }

  /** The agent's generation a counted turn counts for (ingest/agent-counting.ts `generationOf`), -1 for none. */
  usageGenOf(turn: number): number {
    return this.cols.usage.gen.data[turn]!;
  }

  /** A counted turn's token count, time or cost (NaN: none). */
  usageOf(turn: number, field: UsageField): number {
    const u = this.cols.usage;
    // A switch, not u[field]: a keyed load by a variable name is slow on a loop over every turn.
    switch (field) {
      case 'input':
        return u.input.at(turn);
      case 'output':
        return u.output.at(turn);
      case 'cacheRead':
        return u.cacheRead.at(turn);
      case 'cacheWrite':
        return u.cacheWrite.at(turn);
      case 'thinkingExact':
        return u.thinkingExact.at(turn);
      case 'thinkingEstimated':
        return u.thinkingEstimated.at(turn);
      case 'ttft':
        return u.ttft.at(turn);
      case 'duration':
        return u.duration.at(turn);
      case 'cost':
        return u.cost.data[turn]!;
    }
  }

  /** Whether a counted turn's usage flags (codes.ts `UsageFlag`) hold `flag`. */
  usageHas(turn: number, flag: number): boolean {
    return (this.cols.usage.flags.data[turn]! & flag) !== 0;
  }

  /** True when a counted turn's counts or cost cannot be summed (aggregates.ts `turnOverflows`). */
  usageOverflows(turn: number): boolean {
    return turnOverflows(this.cols, turn);
  }

  /**
   * `rows` in time order across files: by each row's time (or the time of the record
   * before it in its file), then file, then row. A new array.
   */
  byTime(rows: Int32Array): Int32Array {
    return Int32Array.from(rows).sort(this.timeOrder());
  }

  /**
   * `byTime`'s order as a comparator, for rows read so far: where a row goes among rows
   * already merged (a selection kept under a new filter). Use it at once: the rows it
   * knows are those of the call.
   */
  timeOrder(): (a: number, b: number) => number {
    const sortT = this.sortTimes();
    const file = this.cols.file.data;
    return (a, b) => sortT[a]! - sortT[b]! || file[a]! - file[b]! || a - b;
  }

  /**
   * Each row's time for merging files: its `t`, or the time of the record before it
   * in its file. Built when first asked (only merged views need it), then extended.
   */
  private sortTimes(): Float64Array {
    const done = this.sortT.length;
    const rows = this.count;
    if (done < rows) {
      this.sortT.reserve(rows);
      const last = this.sortLast;
      const c = this.cols;
      for (let row = done; row < rows; row++) {
        const t = c.t.at(row);
        const file = c.file.data[row]!;
        if (!Number.isNaN(t)) last[file] = t;
        this.sortT.data[row] = Number.isNaN(t) ? (last[file] ?? -Infinity) : t;
      }
      this.sortT.length = rows;
    }
    return this.sortT.data;
  }

  private readonly sortT = new Column(Float64Array, 1024);
  private readonly sortLast: number[] = [];

  // Reading bytes back.

  setReader(file: number, read: (offset: number, length: number, into?: Buffer) => Buffer): void {
    this.readers[file] = read;
  }

  /** Bytes of a file by offset (a filter's text scan reads blocks of many lines). */
  readBytes(file: number, offset: number, length: number, into?: Buffer): Buffer | null {
    const read = this.readers[file];
    return read ? read(offset, length, into) : null;
  }

  /** The record's line as written, read back from its source (the store keeps no payloads). */
  rawLine(row: number, maxBytes = Infinity): string | null {
    return (
      this.readBytes(this.fileOf(row), this.offsetOf(row), Math.min(this.bytesOf(row), maxBytes))?.toString('utf8') ??
      null
    );
  }

  /** The trace start of a file (meta.startedAt, else its first time), ms. */
  startMs(file: number): number | null {
    const meta = this.files[file]?.meta;
    const started = meta && typeof meta.startedAt === 'string' ? Date.parse(meta.startedAt) : NaN;
    return Number.isNaN(started) ? (this.files[file]?.firstT ?? null) : started;
  }
}
