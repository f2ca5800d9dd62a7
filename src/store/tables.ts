import type { DirCode, KindCode, ShapeCode, StatusCode } from '../trace/enums.js';
import { Shape, Status } from '../trace/enums.js';
import type { TurnFacts } from '../trace/turn.js';
import { Flag, type FlagBit, UsageFlag } from './codes.js';
import {
  AsideColumn,
  Column,
  CountColumn,
  FIRST_ROWS,
  type Growth,
  Interner,
  lowerBound,
  SmallColumn,
  TimeColumn,
} from './columns.js';
import { LineRuns } from './line-runs.js';
import type { ErrorEntry, LinePlace, TableWriter } from './table-writer.js';
import { AXIS_HALF_SPAN_MS, isDateMs } from './time-range.js';
import { ToolPairs } from './tool-pairs.js';

export type { ErrorEntry } from './table-writer.js';

type AnyColumn = Column<Float64Array | Int32Array | Int16Array | Int8Array | Uint32Array | Uint8Array | Uint16Array>;

/** What `length` holds for a line of 65,535 bytes or more, its length aside. */
export const LONG_LINE = 0xffff;
/** What `pair` holds for a response 128 rows or more from its request (or back), the distance aside. */
export const FAR_PAIR = -0x80;

/**
 * The store's encoding: every typed column (one row per record, per counted turn, per
 * tool pair, per turn link), the interned strings and the sparse error maps, with the
 * few lookups that writers (ingest/) and readers (the store's read API, aggregates,
 * queries) share. Only `src/store/` names it (`store.cols`); everything else reads
 * the store through its accessors, so the encoding can change here alone.
 */
export class Tables implements TableWriter {
  readonly strings = new Interner();
  readonly pairs: ToolPairs;
  /** Error text of a failed call (on its request and its response row). */
  readonly errorText = new Map<number, string>();
  /** The error entries (stats `errors[]`) a row reports, by the row that completes them. */
  readonly rowErrors = new Map<number, ErrorEntry[]>();

  // Row columns. File, label and name start narrow (8 and 16 bits: a trace has a few
  // files and some hundreds of distinct strings) and widen at their first value out of
  // range; the offset is 32 bits plus a high byte: 8 bytes a row less than 32-bit ids
  // and a float offset (14.5 MB over the 1.82 M rows of 1 GiB).
  readonly file: SmallColumn<Uint8Array, Int32Array>;
  readonly kind: Column<Uint8Array>;
  readonly dir: Column<Uint8Array>;
  readonly shape: Column<Uint8Array>;
  readonly status: Column<Uint8Array>;
  readonly flags: Column<Uint8Array>;
  /** Each row's line number (`lineOf`), as runs of consecutive lines. */
  readonly lines = new LineRuns();
  /** The line's length in bytes (`bytesOf`). */
  readonly length: AsideColumn<Uint16Array>;
  /** Method, event kind, turn role, unknown type, or skip reason (interned). */
  readonly label: SmallColumn<Int16Array, Int32Array>;
  /** Tool name (tools/call) or model (turn), interned; -1 when none. */
  readonly name: SmallColumn<Int16Array, Int32Array>;
  /** The paired row (request ↔ response) as rows from this one, 0 when none (`pairOf`). */
  readonly pair: AsideColumn<Int8Array>;
  /** A line's byte offset is `offsetLow + offsetHigh · 2³²` (`offsetOf`). */
  readonly offsetLow: Column<Uint32Array>;
  readonly offsetHigh: SmallColumn<Uint8Array, Float64Array>;
  /** ms since the epoch (`tOf`, `t.at`): Int32 offsets while they fit, else Float64. */
  readonly t: TimeColumn;

  /** The row of each counted turn, in order: its position is the turn's index in `usage`. */
  readonly usageRows: Column<Int32Array>;
  /** Per counted (non-echoed assistant) turn usage, by turn index; NaN is null. */
  readonly usage: {
    input: CountColumn;
    output: CountColumn;
    cacheRead: CountColumn;
    cacheWrite: CountColumn;
    thinkingExact: CountColumn;
    thinkingEstimated: CountColumn;
    ttft: CountColumn;
    duration: CountColumn;
    cost: Column<Float64Array>;
    /** UsageFlag bits. */
    flags: Column<Uint8Array>;
    /** An agent's turn: the generation it counts for (ingest/agent-counting.ts `generationOf`); -1 for none. */
    gen: Column<Int32Array>;
  };

  /** Row indices by view. */
  readonly callRows: Column<Int32Array>;
  readonly turnRows: Column<Int32Array>;
  readonly shownTurnRows: Column<Int32Array>;

  /**
   * The tool pairs each turn row closed (its tool_results) and opened (its tool_uses),
   * in row order: `linkPair` holds a pair index, or `~p` for a closed one.
   */
  readonly linkRow: Column<Int32Array>;
  readonly linkPair: Column<Int32Array>;

  /** Rows stored: the row columns' `length`, kept here alone on the hot path (see `all()`). */
  rows = 0;

  /** The per-row columns (not the view lists or per-turn usage), grown together. */
  readonly rowColumns: AnyColumn[];

  /** `growth`: how far a full column grows (the store: by the share of input still unread). */
  constructor(growth: Growth) {
    this.pairs = new ToolPairs(this.strings, this, growth);
    this.file = new SmallColumn(Uint8Array, 0xff, Int32Array, FIRST_ROWS, growth);
    this.kind = new Column(Uint8Array, FIRST_ROWS, growth);
    this.dir = new Column(Uint8Array, FIRST_ROWS, growth);
    this.shape = new Column(Uint8Array, FIRST_ROWS, growth);
    this.status = new Column(Uint8Array, FIRST_ROWS, growth);
    this.flags = new Column(Uint8Array, FIRST_ROWS, growth);
    this.length = new AsideColumn(Uint16Array, LONG_LINE, FIRST_ROWS, growth);
    this.label = new SmallColumn(Int16Array, 0x7fff, Int32Array, FIRST_ROWS, growth);
    this.name = new SmallColumn(Int16Array, 0x7fff, Int32Array, FIRST_ROWS, growth);
    this.pair = new AsideColumn(Int8Array, FAR_PAIR, FIRST_ROWS, growth);
    this.offsetLow = new Column(Uint32Array, FIRST_ROWS, growth);
    this.offsetHigh = new SmallColumn(Uint8Array, 0xff, Float64Array, FIRST_ROWS, growth);
    this.t = new TimeColumn(FIRST_ROWS, growth);
    this.usageRows = new Column(Int32Array, FIRST_ROWS, growth);
    this.usage = {
      input: new CountColumn(FIRST_ROWS, growth),
      output: new CountColumn(FIRST_ROWS, growth),
      cacheRead: new CountColumn(FIRST_ROWS, growth),
      cacheWrite: new CountColumn(FIRST_ROWS, growth),
      thinkingExact: new CountColumn(FIRST_ROWS, growth),
      thinkingEstimated: new CountColumn(FIRST_ROWS, growth),
      ttft: new CountColumn(FIRST_ROWS, growth),
      duration: new CountColumn(FIRST_ROWS, growth),
      cost: new Column(Float64Array, FIRST_ROWS, growth),
      flags: new Column(Uint8Array, FIRST_ROWS, growth),
      gen: new Column(Int32Array, FIRST_ROWS, growth),
    };
    this.callRows = new Column(Int32Array, FIRST_ROWS, growth);
    this.turnRows = new Column(Int32Array, FIRST_ROWS, growth);
    this.shownTurnRows = new Column(Int32Array, FIRST_ROWS, growth);
    this.linkRow = new Column(Int32Array, FIRST_ROWS, growth);
    this.linkPair = new Column(Int32Array, FIRST_ROWS, growth);
    this.rowColumns = [
      this.file,
      this.kind,
      this.dir,
      this.shape,
      this.status,
      this.flags,
      this.length,
      this.label,
      this.name,
      this.pair,
      this.offsetLow,
      this.offsetHigh,
      this.t,
    ];
  }

  /** Every column by name: what a saved index holds (store/snapshot.ts). */
  all(): Record<string, AnyColumn> {
    for (const c of this.rowColumns) c.length = this.rows;
    const u = this.usage;
    const p = this.pairs.cols;
    return {
      file: this.file,
      kind: this.kind,
      dir: this.dir,
      shape: this.shape,
      status: this.status,
      flags: this.flags,
      'lineRuns.row': this.lines.row,
      'lineRuns.no': this.lines.no,
      'lineRuns.step': this.lines.step,
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
      'usage.gen': u.gen,
      'pairs.origin': p.origin,
      'pairs.file': p.file,
      'pairs.name': p.name,
      'pairs.reqRow': p.reqRow,
      'pairs.resRow': p.resRow,
      'pairs.ordinal': p.ordinal,
      'pairs.argsKey': p.argsKey,
      'pairs.argsSize': p.argsSize,
      'pairs.gen': p.gen,
      linkRow: this.linkRow,
      linkPair: this.linkPair,
    };
  }

  /** No rows, pairs, links, strings or errors: every column back to its first type. */
  clear(): void {
    for (const c of Object.values(this.all())) c.clear();
    this.pairs.clear();
    this.strings.clear();
    this.errorText.clear();
    this.rowErrors.clear();
    this.rows = 0;
  }

  /** After a saved index filled the columns (snapshot.ts). */
  restored(): void {
    this.rows = this.kind.length;
  }

  /** A row's line: where it starts in its file, bytes. */
  offsetOf(row: number): number {
    return this.offsetLow.data[row]! + this.offsetHigh.data[row]! * 2 ** 32;
  }

  tOf(row: number): number | null {
    const t = this.t.at(row);
    return Number.isNaN(t) ? null : t;
  }

  str(id: number): string | null {
    return this.strings.get(id);
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

  /** The other row of a call (request ↔ response), -1 when none. */
  pairOf(row: number): number {
    const d = this.pair.at(row);
    return d === 0 ? -1 : row + d;
  }

  /** Latency of a call row (its request), null when unanswered or untimed. */
  callLatency(row: number): number | null {
    const other = this.pairOf(row);
    return other < 0 ? null : this.latency(Math.min(row, other), Math.max(row, other));
  }

  // Writing (ingest/, through `TableWriter`).

  intern(value: string): number {
    return this.strings.id(value);
  }

  appendRow(
    file: number,
    line: LinePlace,
    kind: KindCode,
    t: number | null,
    label: number,
    name: number,
    dir: DirCode,
  ): number {
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
    this.lines.push(row, line.lineNo);
    // A skipped over-long line may pass 2 GiB: the column keeps what a view can read back.
    this.length.set(row, Math.min(line.length, 0x7fffffff));
    this.label.data[row] = label;
    this.name.data[row] = name;
    // No pair yet (a new row has nothing aside).
    this.pair.data[row] = 0;
    this.offsetLow.data[row] = line.offset >>> 0;
    this.offsetHigh.data[row] = high;
    this.t.set(row, t, row);
    this.rows = row + 1;
    return row;
  }

  setShape(row: number, shape: ShapeCode): void {
    this.shape.data[row] = shape;
  }

  setStatus(row: number, status: StatusCode): void {
    this.status.data[row] = status;
  }

  addFlags(row: number, flag: FlagBit): void {
    this.flags.setBits(row, flag);
  }

  answer(req: number, res: number): void {
    this.pair.set(req, res - req);
    this.pair.set(res, req - res);
    this.label.data[res] = this.label.data[req]!;
  }

  copyName(from: number, to: number): void {
    this.name.data[to] = this.name.data[from]!;
  }

  pushCall(row: number): void {
    this.callRows.push(row);
  }

  pushTurn(row: number, shown: boolean): void {
    this.turnRows.push(row);
    if (shown) this.shownTurnRows.push(row);
  }

  pushUsage(row: number, facts: TurnFacts, cost: number, priced: boolean, continues = false, gen = -1): void {
    const u = facts.usage;
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
    c.cost.push(cost);
    c.flags.push(
      (u ? UsageFlag.hasUsage : 0) | (priced ? UsageFlag.priced : 0) | (continues ? UsageFlag.continues : 0),
    );
    c.gen.push(gen);
  }

  addPair(...pair: Parameters<ToolPairs['add']>): number {
    return this.pairs.add(...pair);
  }

  closePair(p: number, resRow: number, error: string | null): void {
    this.pairs.close(p, resRow, error);
  }

  pairName(p: number): string {
    return this.pairs.nameOf(p);
  }

  pairReqRow(p: number): number {
    return this.pairs.reqRowOf(p);
  }

  labelOf(row: number): string | null {
    return this.strings.get(this.label.data[row]!);
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
   * (pairing adds the closed ones first).
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
    const reqRow = pairs.cols.reqRow;
    const p = lowerBound(reqRow.data, pairs.length, row);
    return p < pairs.length && reqRow.data[p] === row && pairs.isMcp(p) ? p : -1;
  }
}
