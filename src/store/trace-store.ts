import type { Line, LineRef, SourceFormat } from '../sources/types.js';
import { bytesFacts, type LineFacts, lineFacts } from '../trace/facts.js';
import { V1 } from '../trace/formats/format.js';
import type { PriceTable } from '../trace/prices.js';
import { keepText } from '../trace/text.js';
import type { TurnFacts } from '../trace/turn.js';
import type { JsonObject } from '../trace/values.js';
import { Aggregates, addRow, type ErrorEntry } from './aggregates.js';
import { Dir, Flag, Kind, type KindCode, Shape, Status } from './codes.js';
import { Column, CountColumn, Interner, SmallColumn, TimeColumn } from './columns.js';
import { Notifier } from './notifier.js';
import { cancel, closeRequest, openRequest, type PendingTable, pairTurn } from './pairing.js';
import { AXIS_HALF_SPAN_MS, isDateMs } from './time-axis.js';
import { ToolPairs } from './tool-pairs.js';

export type { ToolPair } from './tool-pairs.js';

/** Per-file state: what `session` needs and the pairing tables (ids never pair across files). */
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
  format: SourceFormat;
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
  /** Pending requests by the direction they were sent, then `source` (pairing.ts). */
  readonly pending: { in: Map<string, PendingTable>; out: Map<string, PendingTable> };
  /** Open tool_use pairs by `source`, then tool_use id. */
  readonly openToolUses: Map<string, Map<string, number>>;
  aggregates: Aggregates;
}

const MAX_SKIPS_KEPT = 10_000;
/** How often change notices go out while a file is still being read. */
export const LOADING_NOTICE_MS = 200;

/** The first index in sorted `data[0, length)` whose value is ≥ `value`. */
export function lowerBound(data: Int32Array, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The indexed store: append-only typed columns, one row per record (per element of a
 * batch line), with RPC and tool pairing and aggregates updated as rows arrive.
 * Payloads are not kept: a view reads a row's line back from its source by offset.
 */
export class TraceStore {
  readonly files: FileState[] = [];
  readonly strings = new Interner();
  /**
   * Change notices: every 50 ms once every file is read (a live trace's new lines show
   * at once), every 200 ms while one is still loading. A redraw costs ~14 ms on a slow
   * box: at 20 a second the indexer lost a quarter of its time and keys waited behind them.
   */
  readonly notifier = new Notifier(() => (this.files.some((f) => f.state === 'loading') ? LOADING_NOTICE_MS : 50));
  /** Rolls up every file (the Usage pane); each file also has its own. A new one after `clearRows`. */
  aggregates = new Aggregates();
  readonly pairs: ToolPairs = new ToolPairs(this.strings, this, this);
  /** Error text of a failed call (on its request and its response row). */
  readonly errorText = new Map<number, string>();
  /** The error entries (stats `errors[]`) a row reports, by the row that completes them. */
  readonly rowErrors = new Map<number, ErrorEntry[]>();
  /**
   * The tool pairs each turn row closed (its tool_results) and opened (its tool_uses),
   * in row order: `linkPair` holds a pair index, or `~p` for a closed one.
   */
  readonly linkRow = new Column(Int32Array, 1024, this);
  readonly linkPair = new Column(Int32Array, 1024, this);
  /** Skipped lines: file, line number and why (the first MAX_SKIPS_KEPT). */
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

  // Row columns. File, label and name start narrow (8 and 16 bits: a trace has a few
  // files and some hundreds of distinct strings) and widen at their first value out of
  // range; the offset is 32 bits plus a high byte: 8 bytes a row less than 32-bit ids
  // and a float offset (14.5 MB over the 1.82 M rows of 1 GiB).
  readonly file = new SmallColumn(Uint8Array, 0xff, Int32Array, 1024, this);
  readonly kind = new Column(Uint8Array, 1024, this);
  readonly dir = new Column(Uint8Array, 1024, this);
  readonly shape = new Column(Uint8Array, 1024, this);
  readonly status = new Column(Uint8Array, 1024, this);
  readonly flags = new Column(Uint8Array, 1024, this);
  readonly lineNo = new Column(Int32Array, 1024, this);
  readonly length = new Column(Int32Array, 1024, this);
  /** Method, event kind, turn role, unknown type, or skip reason (interned). */
  readonly label = new SmallColumn(Int16Array, 0x7fff, Int32Array, 1024, this);
  /** Tool name (tools/call) or model (turn), interned; -1 when none. */
  readonly name = new SmallColumn(Int16Array, 0x7fff, Int32Array, 1024, this);
  /** The paired row (request ↔ response), -1 when none. */
  readonly pair = new Column(Int32Array, 1024, this);
  /** A line's byte offset is `offsetLow + offsetHigh · 2³²` (`offsetOf`). */
  readonly offsetLow = new Column(Uint32Array, 1024, this);
  readonly offsetHigh = new SmallColumn(Uint8Array, 0xff, Float64Array, 1024, this);
  /** ms since the epoch (`tOf`, `t.at`): Int32 offsets while they fit, else Float64. */
  readonly t = new TimeColumn(1024, this);

  /** The row of each counted turn, in order: its position is the turn's index in `usage`. */
  readonly usageRows = new Column(Int32Array, 1024, this);

  /** Per counted (non-echoed assistant) turn usage, by turn index; NaN is null. */
  readonly usage = {
    input: new CountColumn(1024, this),
    output: new CountColumn(1024, this),
    cacheRead: new CountColumn(1024, this),
    cacheWrite: new CountColumn(1024, this),
    thinkingExact: new CountColumn(1024, this),
    thinkingEstimated: new CountColumn(1024, this),
    ttft: new CountColumn(1024, this),
    duration: new CountColumn(1024, this),
    cost: new Column(Float64Array, 1024, this),
    /** 1: had a usage object; 2: its model matched a price row. */
    flags: new Column(Uint8Array, 1024, this),
  };

  /** Row indices by view. */
  readonly callRows = new Column(Int32Array, 1024, this);
  readonly turnRows = new Column(Int32Array, 1024, this);
  readonly shownTurnRows = new Column(Int32Array, 1024, this);

  constructor(readonly prices: PriceTable) {}

  /** The per-row columns (not the view lists or per-turn usage), grown together. */
  private readonly rowColumns = [
    this.file,
    this.kind,
    this.dir,
    this.shape,
    this.status,
    this.flags,
    this.lineNo,
    this.length,
    this.label,
    this.name,
    this.pair,
    this.offsetLow,
    this.offsetHigh,
    this.t,
  ];

  /** Every column by name: what a saved index holds (store/snapshot.ts). */
  columns(): Record<string, Column<Float64Array | Int32Array | Int16Array | Uint32Array | Uint8Array | Uint16Array>> {
    for (const c of this.rowColumns) c.length = this.rows;
    const u = this.usage;
    return {
      file: this.file,
      kind: this.kind,
      dir: this.dir,
      shape: this.shape,
      status: this.status,
      flags: this.flags,
      lineNo: this.lineNo,
      length: this.length,
      label: this.label,
      name: this.name,
      pair: this.pair,
      offsetLow: this.offsetLow,
      offsetHigh: this.offsetHigh,
      t: this.t,
      't.bases': this.t.bases,
      usageRows: this.usageRows,
      callRows: this.callRows,
      turnRows: this.turnRows,
      shownTurnRows: this.shownTurnRows,
      'usage.input': u.input,
      'usage.output': u.output,
      'usage.cacheRead': u.cacheRead,
      'usage.cacheWrite': u.cacheWrite,
      'usage.thinkingExact': u.thinkingExact,
      'usage.thinkingEstimated': u.thinkingEstimated,
      'usage.ttft': u.ttft,
      'usage.duration': u.duration,
      'usage.cost': u.cost,
      'usage.flags': u.flags,
      'pairs.origin': this.pairs.origin,
      'pairs.file': this.pairs.file,
      'pairs.name': this.pairs.name,
      'pairs.reqRow': this.pairs.reqRow,
      'pairs.resRow': this.pairs.resRow,
      'pairs.ordinal': this.pairs.ordinal,
      linkRow: this.linkRow,
      linkPair: this.linkPair,
    };
  }

  /** Rows stored: the row columns' `length`, kept here alone on the hot path (see `columns()`). */
  private rows = 0;

  get count(): number {
    return this.rows;
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
      pending: { in: new Map(), out: new Map() },
      openToolUses: new Map(),
      // With one file its aggregates are the store's: one rollup, not two, per row.
      aggregates: this.files.length === 0 ? this.aggregates : new Aggregates(),
    };
    const first = this.files[0];
    if (first && first.aggregates === this.aggregates) {
      // A second file arrives: the first gets a rollup of its own, replayed from its rows.
      first.aggregates = new Aggregates();
      for (let row = 0; row < this.count; row++)
        if (this.file.data[row] === first.index) addRow(first.aggregates, this, row);
    }
    this.files.push(f);
    return f;
  }

  /** Appends a batch of lines (or its lines [from, to)) and schedules one change notice. */
  appendLines(file: number, lines: readonly Line[], from = 0, to = lines.length): void {
    for (let i = from; i < to; i++) this.appendLine(file, lines[i]!);
    this.version += 1;
    this.notifier.changed();
  }

  appendLine(file: number, line: Line): void {
    // The bytes when the source still has them (the fast path), else the text.
    const facts =
      line.buf !== undefined
        ? bytesFacts(line.buf, line.start!, line.start! + line.length)
        : line.skip !== undefined
          ? { kind: 'skip' as const, reason: line.skip }
          : lineFacts(line.text);
    this.appendFacts(file, line, facts);
  }

  appendFacts(file: number, line: LineRef, facts: LineFacts): void {
    const f = this.files[file]!;
    switch (facts.kind) {
      case 'blank':
        return;
      case 'skip':
        f.skipped += 1;
        if (this.skips.length < MAX_SKIPS_KEPT) this.skips.push({ file, lineNo: line.lineNo, reason: facts.reason });
        this.push(file, line, Kind.skip, null, this.strings.id(facts.reason));
        return;
      case 'meta':
        f.counts.meta += 1;
        f.meta ??= facts.obj;
        this.push(file, line, Kind.meta, facts.t, this.strings.id('meta'));
        return;
      case 'end':
        f.counts.end += 1;
        f.end = facts.obj;
        this.push(file, line, Kind.end, facts.t, this.strings.id('end'));
        return;
      case 'other':
        f.counts.other += 1;
        this.push(file, line, Kind.other, facts.t, this.strings.id(facts.type));
        return;
      case 'otherDir':
        f.counts.other += 1;
        this.push(file, line, Kind.other, facts.t, this.strings.id(`dir:${facts.dirText}`), -1, Dir.other);
        return;
      case 'turn':
        f.counts.turn += 1;
        this.appendTurn(f, line, facts.t, facts.source, facts.turn);
        return;
      case 'rpc':
        f.counts.message += 1;
        this.appendRpc(f, line, facts);
        return;
      case 'event':
        f.counts.event += 1;
        this.appendEvent(f, line, facts);
    }
  }

  private push(
    file: number,
    line: LineRef,
    kind: KindCode,
    t: number | null,
    label: number,
    name = -1,
    dir: number = Dir.none,
  ): number {
    const f = this.files[file]!;
    if (t !== null) {
      f.firstT ??= t;
      if (f.maxT === null || t > f.maxT) f.maxT = t;
    }
    f.appended = Math.max(f.appended, line.offset + line.length);
    // All row columns share a length: check capacity once, then write in place.
    const row = this.rows;
    if (row === this.kind.data.length) for (const c of this.rowColumns) c.reserve(row + 1);
    const high = Math.floor(line.offset / 2 ** 32);
    if (file > this.file.max || label > this.label.max || name > this.name.max || high > this.offsetHigh.max) {
      this.file.fit(file);
      this.label.fit(label);
      this.name.fit(name);
      this.offsetHigh.fit(high);
    }
    this.file.data[row] = file;
    this.kind.data[row] = kind;
    this.dir.data[row] = dir;
    this.shape.data[row] = Shape.none;
    this.status.data[row] = Status.none;
    this.flags.data[row] = 0;
    this.lineNo.data[row] = line.lineNo;
    // A skipped over-long line may pass 2 GiB: the column keeps what a view can read back.
    this.length.data[row] = Math.min(line.length, 0x7fffffff);
    this.label.data[row] = label;
    this.name.data[row] = name;
    this.pair.data[row] = -1;
    this.offsetLow.data[row] = line.offset >>> 0;
    this.offsetHigh.data[row] = high;
    this.t.set(row, t, row);
    this.rows = row + 1;
    return row;
  }

  private appendEvent(f: FileState, line: LineRef, facts: Extract<LineFacts, { kind: 'event' }>): void {
    const { t, llmError } = facts;
    const row = this.push(f.index, line, Kind.event, t, this.strings.id(facts.label), -1, Dir[facts.dir]);
    if (llmError !== null) {
      const message = keepText(llmError.message);
      this.setErrorText(row, message);
      this.setRowErrors(row, [{ t, source: 'llm', name: keepText(llmError.name, 500), message }]);
    }
    this.aggregate(f, row);
  }

  private appendRpc(f: FileState, line: LineRef, facts: Extract<LineFacts, { kind: 'rpc' }>): void {
    const { t, dir } = facts;
    const source = facts.source ?? 'mcp-tape';
    for (const info of facts.messages) {
      const label = info.method ?? (info.shape === 'response' ? '(response)' : '(invalid)');
      const row = this.push(
        f.index,
        line,
        Kind.message,
        t,
        this.strings.id(label),
        info.toolName === null ? -1 : this.strings.id(info.toolName),
        Dir[dir],
      );
      this.shape.data[row] = Shape[info.shape];
      if (facts.batch) this.flags.setBits(row, Flag.batch);
      if (info.shape === 'request') openRequest(this, f, row, dir, source, info);
      else if (info.shape === 'response') closeRequest(this, f, row, dir, source, info);
      else {
        if (info.cancels !== null) cancel(this, f, dir, source, info.cancels);
        this.callRows.push(row);
      }
      this.aggregate(f, row);
    }
  }

  private appendTurn(f: FileState, line: LineRef, t: number | null, source: string | null, facts: TurnFacts): void {
    const row = this.push(
      f.index,
      line,
      Kind.turn,
      t,
      this.strings.id(facts.role),
      facts.model === null ? -1 : this.strings.id(facts.model),
    );
    if (facts.echoed) this.flags.setBits(row, Flag.echoed);
    if (facts.truncated) this.flags.setBits(row, Flag.truncated);
    if (facts.usage) this.flags.setBits(row, Flag.hasUsage);
    this.turnRows.push(row);
    // Echoed turns are kept and counted, but describe no generation and pair nothing.
    if (!facts.echoed) {
      this.shownTurnRows.push(row);
      if (facts.role === 'assistant') this.recordUsage(row, facts, t);
      pairTurn(this, f, row, source ?? 'mcp-tape', facts);
    }
    this.aggregate(f, row);
  }

  /** A counted turn's usage goes into the turn columns (for filtered re-aggregation too). */
  private recordUsage(row: number, facts: TurnFacts, t: number | null): void {
    const u = facts.usage;
    const price = this.prices.lookup(facts.model ?? '(no model)');
    const c = this.usage;
    this.usageRows.push(row);
    c.input.push(u?.input ?? NaN);
    c.output.push(u?.output ?? NaN);
    c.cacheRead.push(u?.cacheRead ?? NaN);
    c.cacheWrite.push(u?.cacheWrite ?? NaN);
    c.thinkingExact.push(facts.thinkingExact ?? NaN);
    c.thinkingEstimated.push(facts.thinkingEstimated ?? NaN);
    c.ttft.push(facts.ttftMs ?? NaN);
    c.duration.push(facts.durationMs ?? NaN);
    c.cost.push(u && price ? price.cost(u, t) : NaN);
    c.flags.push((u ? 1 : 0) | (price ? 2 : 0));
  }

  private aggregate(f: FileState, row: number): void {
    addRow(this.aggregates, this, row);
    if (f.aggregates !== this.aggregates) addRow(f.aggregates, this, row);
  }

  /**
   * Empties the store of rows and everything derived from them (pairs, links, usage,
   * errors, skips, strings, aggregates, each file's counts and pairing tables), as if
   * no line had been read; the files, their readers and their source state stay.
   * `store/reset-file.ts` appends the rows of the files that keep theirs again.
   */
  clearRows(): void {
    // Every column, the usage and pair columns among them.
    for (const c of Object.values(this.columns())) c.clear();
    this.pairs.clear();
    this.strings.clear();
    this.errorText.clear();
    this.rowErrors.clear();
    this.skips.length = 0;
    this.sortT.clear();
    this.sortLast.length = 0;
    this.rows = 0;
    this.aggregates = new Aggregates();
    for (const f of this.files) {
      f.meta = null;
      f.end = null;
      f.counts = { meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 };
      f.skipped = 0;
      f.maxT = null;
      f.firstT = null;
      f.appended = 0;
      f.pending.in.clear();
      f.pending.out.clear();
      f.openToolUses.clear();
      f.aggregates = this.files.length === 1 ? this.aggregates : new Aggregates();
    }
    this.epoch += 1;
    this.version += 1;
  }

  /** After a saved index filled the columns (snapshot.ts). */
  restoredRows(): void {
    this.rows = this.kind.length;
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

  /** A row's line: where it starts in its file, bytes. */
  offsetOf(row: number): number {
    return this.offsetLow.data[row]! + this.offsetHigh.data[row]! * 2 ** 32;
  }

  setErrorText(row: number, text: string): void {
    this.errorText.set(row, text);
    this.flags.setBits(row, Flag.errorText);
  }

  setRowErrors(row: number, errors: ErrorEntry[]): void {
    this.rowErrors.set(row, errors);
    this.flags.setBits(row, Flag.rowErrors);
  }

  /**
   * Links a turn row to a tool pair: `~p` for one it closed, `p` for one it opened
   * (pairTurn adds the closed ones first).
   */
  linkTurnPair(row: number, link: number): void {
    this.linkRow.push(row);
    this.linkPair.push(link);
    this.flags.setBits(row, Flag.toolLinks);
  }

  /**
   * Where a turn row's entries start in `linkPair`; they run while `linkRow` holds the
   * row. For a row without links, the end (nothing runs).
   */
  linkStart(row: number): number {
    const n = this.linkRow.length;
    return this.flags.data[row]! & Flag.toolLinks ? lowerBound(this.linkRow.data, n, row) : n;
  }

  /** The tool pairs a turn row opened (its tool_uses) and closed (the tool_uses its tool_results answer). */
  toolLinks(row: number): { opened: number[]; closed: number[] } {
    const opened: number[] = [];
    const closed: number[] = [];
    const rows = this.linkRow.data;
    for (let i = this.linkStart(row); i < this.linkRow.length && rows[i] === row; i++) {
      const v = this.linkPair.data[i]!;
      if (v < 0) closed.push(~v);
      else opened.push(v);
    }
    return { opened, closed };
  }

  /** A turn row's index into `usage`, or -1 when the turn is not counted (binary search). */
  usageIndexOf(row: number): number {
    const i = lowerBound(this.usageRows.data, this.usageRows.length, row);
    return i < this.usageRows.length && this.usageRows.data[i] === row ? i : -1;
  }

  /** The MCP tool pair a tools/call request row opened, or -1 (binary search). */
  mcpPairOf(row: number): number {
    if (this.name.data[row]! < 0) return -1;
    const pairs = this.pairs;
    const p = lowerBound(pairs.reqRow.data, pairs.length, row);
    return p < pairs.length && pairs.reqRow.data[p] === row && pairs.isMcp(p) ? p : -1;
  }

  /**
   * Each row's time for merging files: its `t`, or the time of the record before it
   * in its file. Built when first asked (only merged views need it), then extended.
   */
  sortTimes(): Float64Array {
    const done = this.sortT.length;
    if (done < this.rows) {
      this.sortT.reserve(this.rows);
      const last = this.sortLast;
      for (let row = done; row < this.rows; row++) {
        const t = this.t.at(row);
        const file = this.file.data[row]!;
        if (!Number.isNaN(t)) last[file] = t;
        this.sortT.data[row] = Number.isNaN(t) ? (last[file] ?? -Infinity) : t;
      }
      this.sortT.length = this.rows;
    }
    return this.sortT.data;
  }

  private readonly sortT = new Column(Float64Array, 1024);
  private readonly sortLast: number[] = [];

  tOf(row: number): number | null {
    const t = this.t.at(row);
    return Number.isNaN(t) ? null : t;
  }

  /**
   * Response time − request time, never negative; null when either has no time. Also
   * null (no latency, though the call is answered) when either time is outside the JS
   * date range or the two are more than 100 years apart: a response dated 9999 to a
   * request of today says nothing about speed, and would swamp every sum and maximum.
   * `latencyLeftOut` tells those apart from untimed ones.
   */
  latency(req: number, res: number): number | null {
    const a = this.t.at(req);
    const b = this.t.at(res);
    if (!isDateMs(a) || !isDateMs(b)) return null;
    const d = b - a;
    return Math.abs(d) > AXIS_HALF_SPAN_MS ? null : Math.max(0, d);
  }

  /** True when both rows have a time but `latency` leaves it out (a date out of range, or over 100 years). */
  latencyLeftOut(req: number, res: number): boolean {
    const a = this.t.at(req);
    const b = this.t.at(res);
    return !Number.isNaN(a) && !Number.isNaN(b) && this.latency(req, res) === null;
  }

  /** Latency of a call row (its request), null when unanswered or untimed. */
  callLatency(row: number): number | null {
    const other = this.pair.data[row]!;
    return other < 0 ? null : this.latency(Math.min(row, other), Math.max(row, other));
  }

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
      this.readBytes(this.file.data[row]!, this.offsetOf(row), Math.min(this.length.data[row]!, maxBytes))?.toString(
        'utf8',
      ) ?? null
    );
  }

  /** The trace start of a file (meta.startedAt, else its first time), ms. */
  startMs(file: number): number | null {
    const meta = this.files[file]?.meta;
    const started = meta && typeof meta.startedAt === 'string' ? Date.parse(meta.startedAt) : NaN;
    return Number.isNaN(started) ? (this.files[file]?.firstT ?? null) : started;
  }

  str(id: number): string | null {
    return this.strings.get(id);
  }
}
