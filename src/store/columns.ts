type Typed = Float64Array | Int32Array | Int16Array | Int8Array | Uint32Array | Uint8Array | Uint16Array;
type Ctor<A extends Typed> = { new (n: number): A };

/**
 * How far a column grows when full: by the share of the input still unread when it
 * is known (a file's size), so a column ends close to its final length instead of up
 * to twice it; else by half again.
 */
export interface Growth {
  /** Total input / input read so far (1 when all is read), or null when unknown. */
  remaining(): number | null;
}

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
 * Rows a store's columns have room for when new. A run in `report` is a store per
 * file, and a tree of agent transcripts is a thousand files of a few hundred lines:
 * room for a thousand rows in each of some forty columns was a quarter of a gigabyte
 * of buffers over 1 GiB of transcripts, and V8 collected its whole heap for them. A
 * big file's columns grow to its size by projection (`reserve`) all the same.
 */
export const FIRST_ROWS = 128;

/**
 * One empty array per element type, shared by every column made with no room: a call
 * group (store/aggregates.ts) is made for each method and tool name, and a trace may
 * name a tool per call. Never written: a push makes room first, in a new array.
 */
const EMPTY = new Map<Ctor<Typed>, Typed>();

function arrayOf<A extends Typed>(ctor: Ctor<A>, capacity: number): A {
  if (capacity > 0) return new ctor(capacity);
  let empty = EMPTY.get(ctor);
  if (!empty) EMPTY.set(ctor, (empty = new ctor(0)));
  return empty as A;
}

/** An append-only typed column that grows in place as rows arrive (from none: `capacity` 0). */
export class Column<A extends Typed> {
  data: A;
  length = 0;
  /** Its element type and capacity when new (fields, not an object: a call group is a column). */
  private readonly firstCtor: Ctor<A>;
  private readonly firstCapacity: number;

  constructor(
    private ctor: Ctor<A>,
    capacity = 1024,
    private readonly growth: Growth | null = null,
  ) {
    this.data = arrayOf(ctor, capacity);
    this.firstCtor = ctor;
    this.firstCapacity = capacity;
  }

  /** Back to its state when new: empty, in its first element type and capacity (a store being cleared). */
  clear(): void {
    this.ctor = this.firstCtor;
    this.data = arrayOf(this.ctor, this.firstCapacity);
    this.length = 0;
  }

  push(value: number): number {
    if (this.length === this.data.length) this.reserve(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }

  /** Sets `bits` in the value at `i` (flag columns). */
  setBits(i: number, bits: number): void {
    this.data[i] = this.data[i]! | bits;
  }

  /** Makes room for at least `n` values (growing geometrically, so appends stay amortised O(1)). */
  reserve(n: number): void {
    if (n <= this.data.length) return;
    const ratio = this.growth?.remaining() ?? null;
    let projected: number;
    if (ratio === null) projected = this.data.length * 1.5;
    // Before 1% of the input is in, rows are too few to tell its density: a small
    // column quadruples (cheap). A projection from the first thousand rows of a 1 GiB
    // file fell short, and a full-size column grew again near the end, its old copy
    // left for the collector as the file's peak memory.
    else if (ratio > 100) projected = this.data.length * 4;
    // Then a little over the projected final length; never less than a sixteenth more
    // (a projection that keeps falling short still grows geometrically).
    else projected = Math.max(this.data.length * 1.0625, n * ratio * 1.05 + 1024);
    this.copyInto(this.ctor, Math.ceil(Math.max(n, projected)));
  }

  /**
   * Switches to a wider element type, values kept: a narrow column (ids in 16 bits)
   * meets its first value out of range. Rare, and once per column.
   */
  widen(ctor: Ctor<A>): void {
    this.copyInto(ctor, this.data.length);
  }

  private copyInto(ctor: Ctor<A>, capacity: number): void {
    const next = new ctor(capacity);
    next.set(this.data as never);
    this.data = next;
    this.ctor = ctor;
  }

  /** A view of the filled part (no copy). */
  view(): A {
    return this.data.subarray(0, this.length) as A;
  }

  /** Replaces the contents with `values` (a saved index being restored). */
  restore(values: A): void {
    this.data = values;
    this.ctor = values.constructor as Ctor<A>;
    this.length = values.length;
  }
}

/**
 * A column of values that are nearly always small (file ids, string ids, the high part
 * of an offset): it starts in a narrow type and widens once, at its first value above
 * `max`. The hot path compares with `max` and calls `fit` only then.
 */
export class SmallColumn<N extends Typed, W extends Typed> extends Column<N | W> {
  /** The largest value the column holds as it is now. */
  max: number;

  constructor(
    private readonly narrow: Ctor<N>,
    private readonly narrowMax: number,
    private readonly wide: Ctor<W>,
    capacity = 1024,
    growth: Growth | null = null,
  ) {
    super(narrow, capacity, growth);
    this.max = narrowMax;
  }

  /** Makes room for `value`: widens when it is above `max`. */
  fit(value: number): void {
    if (value <= this.max) return;
    this.widen(this.wide);
    this.max = Infinity;
  }

  override restore(values: N | W): void {
    super.restore(values);
    this.max = values instanceof this.narrow ? this.narrowMax : Infinity;
  }

  override clear(): void {
    super.clear();
    this.max = this.narrowMax;
  }
}

/**
 * A column of values that are small in nearly every row (a line's length, the few rows
 * from a request to its response), in a narrow array, with each rare large value kept
 * aside by row; its row holds `marker`. SmallColumn widens the whole column at its first
 * large value instead: at 1 GiB that is a 7 MiB copy at any moment of the index, the old
 * one left for the collector. Narrow, `length` and `pair` take 5.5 bytes a row less.
 */
export class AsideColumn<A extends Int8Array | Uint16Array> extends Column<A> {
  /** The values the narrow array cannot hold, by row. */
  readonly aside = new Map<number, number>();

  constructor(
    ctor: Ctor<A>,
    private readonly marker: number,
    capacity = 1024,
    growth: Growth | null = null,
  ) {
    super(ctor, capacity, growth);
  }

  /** Writes row `i`'s value (capacity reserved). */
  set(i: number, value: number): void {
    const data = this.data;
    if (data[i] === this.marker) this.aside.delete(i);
    data[i] = value;
    // Read back: a value out of the array's range (or not whole) comes back changed.
    if (data[i] !== value || value === this.marker) {
      data[i] = this.marker;
      this.aside.set(i, value);
    }
  }

  at(i: number): number {
    const v = this.data[i]!;
    return v === this.marker ? this.aside.get(i)! : v;
  }

  /** The values aside, flat: [row, value, …] (a saved index). */
  asideFlat(): Int32Array {
    const out = new Int32Array(this.aside.size * 2);
    let k = 0;
    this.aside.forEach((value, row) => {
      out[k++] = row;
      out[k++] = value;
    });
    return out;
  }

  /** Whether `flat` ([row, value, …]) sets aside exactly the rows of `data[0, rows)` that hold `marker`, once each. */
  static fits(data: Int8Array | Uint16Array, rows: number, marker: number, flat: Int32Array): boolean {
    if (flat.length % 2 !== 0) return false;
    let escaped = 0;
    for (let i = 0; i < rows; i++) if (data[i] === marker) escaped++;
    const seen = new Set<number>();
    for (let k = 0; k < flat.length; k += 2) {
      const row = flat[k]!;
      if (row < 0 || row >= rows || data[row] !== marker || seen.has(row)) return false;
      seen.add(row);
    }
    return seen.size === escaped;
  }

  /** The values aside, from a checked `flat` (AsideColumn.fits), after `restore`. */
  restoreAside(flat: Int32Array): void {
    this.aside.clear();
    for (let k = 0; k < flat.length; k += 2) this.aside.set(flat[k]!, flat[k + 1]!);
  }

  override clear(): void {
    super.clear();
    this.aside.clear();
  }
}

/** Strings stored once each, referred to by index. */
export class Interner {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  get(id: number): string | null {
    return id < 0 ? null : (this.values[id] ?? null);
  }

  clear(): void {
    this.values.length = 0;
    this.ids.clear();
  }
}

/** What an Int32 count or time column holds for "none" (NaN in its Float64 form). */
const NONE = -0x80000000;

/** Converts a count column's Int32 values in place once it is Float64, none as NaN. */
function widenCounts(column: Column<Int32Array | Float64Array>, length: number): void {
  column.widen(Float64Array);
  const data = column.data;
  for (let i = 0; i < length; i++) if (data[i] === NONE) data[i] = NaN;
}

const isInt32 = (v: number) => (v | 0) === v && v !== NONE;

/**
 * Counts (token numbers) that are nearly always whole and far below 2³¹: Int32 while
 * every value is, else Float64, exactly as pushed. `at` reads NaN for none either way.
 */
export class CountColumn extends Column<Int32Array | Float64Array> {
  private wide = false;

  constructor(capacity = 1024, growth: Growth | null = null) {
    super(Int32Array, capacity, growth);
  }

  /** `value` NaN: none. */
  override push(value: number): number {
    if (!this.wide) {
      if (Number.isNaN(value)) return super.push(NONE);
      if (isInt32(value)) return super.push(value);
      widenCounts(this, this.length);
      this.wide = true;
    }
    return super.push(value);
  }

  at(i: number): number {
    const v = this.data[i]!;
    return this.wide || v !== NONE ? v : NaN;
  }

  override restore(values: Int32Array | Float64Array): void {
    super.restore(values);
    this.wide = values instanceof Float64Array;
  }

  override clear(): void {
    super.clear();
    this.wide = false;
  }
}

/** Rows per block of the time column: each block counts its Int32 offsets from its own zero. */
const TIME_BLOCK_BITS = 12;

/**
 * A row column of times (ms since the epoch). Rows come in blocks of 4,096, each with
 * its own zero (its first time, in `bases`), and hold Int32 offsets from it while every
 * time is a whole ms within ±24 days of that zero; any other time turns the column to
 * Float64 absolute times. `at` reads NaN for none either way.
 */
export class TimeColumn extends Column<Int32Array | Float64Array> {
  /** Each block's zero, NaN until the block's first time. */
  readonly bases = new Column(Float64Array, 64);
  private wide = false;

  constructor(capacity = 1024, growth: Growth | null = null) {
    super(Int32Array, capacity, growth);
  }

  /** Writes row `i`'s time (null: none); capacity must be reserved. `rows`: rows written so far. */
  set(i: number, t: number | null, rows: number): void {
    if (this.wide) {
      this.data[i] = t ?? NaN;
      return;
    }
    if (t === null) {
      this.data[i] = NONE;
      return;
    }
    const block = i >>> TIME_BLOCK_BITS;
    while (this.bases.length <= block) this.bases.push(NaN);
    if (Number.isNaN(this.bases.data[block]!) && Number.isInteger(t)) this.bases.data[block] = t;
    const d = t - this.bases.data[block]!;
    if (isInt32(d)) {
      this.data[i] = d;
      return;
    }
    this.widenAll(rows);
    this.data[i] = t;
  }

  at(i: number): number {
    const v = this.data[i]!;
    return this.wide ? v : v === NONE ? NaN : this.bases.data[i >>> TIME_BLOCK_BITS]! + v;
  }

  private widenAll(rows: number): void {
    this.widen(Float64Array);
    const data = this.data;
    for (let i = 0; i < rows; i++)
      data[i] = data[i] === NONE ? NaN : this.bases.data[i >>> TIME_BLOCK_BITS]! + data[i]!;
    this.wide = true;
  }

  override restore(values: Int32Array | Float64Array): void {
    super.restore(values);
    this.wide = values instanceof Float64Array;
  }
  override clear(): void {
    super.clear();
    this.bases.clear();
    this.wide = false;
  }
}
