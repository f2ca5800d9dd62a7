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
