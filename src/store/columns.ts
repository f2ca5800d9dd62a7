type Typed = Float64Array | Int32Array | Int16Array | Uint32Array | Uint8Array | Uint16Array;
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

/** An append-only typed column that grows in place as rows arrive. */
export class Column<A extends Typed> {
  data: A;
  length = 0;

  constructor(
    private ctor: Ctor<A>,
    capacity = 1024,
    private readonly growth: Growth | null = null,
  ) {
    this.data = new ctor(capacity);
  }

  push(value: number): number {
    if (this.length === this.data.length) this.reserve(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }

  /** Makes room for at least `n` values (growing geometrically, so appends stay amortised O(1)). */
  reserve(n: number): void {
    if (n <= this.data.length) return;
    const ratio = this.growth?.remaining() ?? null;
    // A little over the projected final length; never less than a quarter more.
    const projected = ratio === null ? this.data.length * 1.5 : Math.max(this.data.length * 1.25, n * ratio * 1.03 + 1024);
    const next = new this.ctor(Math.ceil(Math.max(n, projected)));
    next.set(this.data as never);
    this.data = next;
  }

  /**
   * Switches to a wider element type, values kept: a narrow column (ids in 16 bits)
   * meets its first value out of range. Rare, and once per column.
   */
  widen(ctor: Ctor<A>): void {
    const next = new ctor(this.data.length);
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

  /** The typed-array type, for restoring saved bytes. */
  get type(): Ctor<A> {
    return this.ctor;
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
}

/** What an Int32 count or time column holds for "none" (NaN in its Float64 form). */
const NONE = -0x80000000;

/** Converts a narrow column's Int32 values in place once it is Float64: `base + v`, none as NaN. */
function widenInts(column: Column<Int32Array | Float64Array>, length: number, base: number): void {
  column.widen(Float64Array);
  const data = column.data;
  for (let i = 0; i < length; i++) data[i] = data[i] === NONE ? NaN : base + data[i]!;
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
      widenInts(this, this.length, 0);
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
}

/**
 * A row column of times (ms since the epoch). While every time is a whole ms within
 * ±24 days of the first, it holds Int32 offsets from that first time; any other time
 * turns it to Float64 absolute times. `at` reads NaN for none either way.
 */
export class TimeColumn extends Column<Int32Array | Float64Array> {
  /** The first time set (the offsets' zero); null until then. */
  base: number | null = null;
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
    if (this.base === null && Number.isInteger(t)) this.base = t;
    const d = this.base === null ? NaN : t - this.base;
    if (isInt32(d)) {
      this.data[i] = d;
      return;
    }
    widenInts(this, rows, this.base ?? 0);
    this.wide = true;
    this.data[i] = t;
  }

  at(i: number): number {
    const v = this.data[i]!;
    return this.wide ? v : v === NONE ? NaN : this.base! + v;
  }

  override restore(values: Int32Array | Float64Array): void {
    super.restore(values);
    this.wide = values instanceof Float64Array;
  }
}
