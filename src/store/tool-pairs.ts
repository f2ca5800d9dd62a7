import { Column, FIRST_ROWS, type Growth } from './columns.js';

/** A tool call as a pair: an MCP `tools/call` request/response, or a tool_use/tool_result. */
export interface ToolPair {
  origin: 'mcp' | 'turn';
  file: number;
  name: string;
  reqRow: number;
  resRow: number;
  /** Latency in ms (never negative), null while unanswered. */
  latency: number | null;
  error: string | null;
  /** A turn pair: which tool_use block of its turn it is (0 for the first). */
  ordinal: number;
}

const ORIGINS = ['mcp', 'turn'] as const;
/** The `origin` column's values. */
export const MCP_ORIGIN = 0;
export const TURN_ORIGIN = 1;

/**
 * Every tool pair, as columns (a 1 GiB trace holds hundreds of thousands: as objects
 * they would cost the heap, and the collector, far more). Pairs are added as their
 * request row arrives, so `reqRow` never decreases. `get` builds an object for views.
 */
export class ToolPairs {
  /** The columns, for src/store/ alone (others read pairs through the methods). */
  readonly cols: {
    readonly origin: Column<Uint8Array>;
    readonly file: Column<Uint16Array>;
    /** Tool name, interned in the store's strings. */
    readonly name: Column<Int32Array>;
    readonly reqRow: Column<Int32Array>;
    /** -1 while unanswered. */
    readonly resRow: Column<Int32Array>;
    readonly ordinal: Column<Uint16Array>;
    /** The arguments (a call's `params.arguments`, a tool_use's `input`) as a key: trace/args-key.ts. */
    readonly argsKey: Column<Float64Array>;
    /** Their canonical JSON's size in bytes: what cost per tool splits a turn by. */
    readonly argsSize: Column<Int32Array>;
    /** An agent's tool_use: the generation it is part of (ingest/agent-counting.ts `generationOf`); -1 for none. */
    readonly gen: Column<Int32Array>;
  };
  /** The error text of a failed pair (few pairs fail). */
  readonly errors = new Map<number, string>();
  /** The `corr_id` of a pair's line, for the few producers that write one. */
  readonly corrs = new Map<number, string>();

  /** `rows`: the store's times (a latency is computed from its two rows, not kept). */
  constructor(
    private readonly names: { get(id: number): string | null; id(value: string): number },
    private readonly rows: { latency(req: number, res: number): number | null },
    growth: Growth,
  ) {
    this.cols = {
      origin: new Column(Uint8Array, FIRST_ROWS, growth),
      file: new Column(Uint16Array, FIRST_ROWS, growth),
      name: new Column(Int32Array, FIRST_ROWS, growth),
      reqRow: new Column(Int32Array, FIRST_ROWS, growth),
      resRow: new Column(Int32Array, FIRST_ROWS, growth),
      ordinal: new Column(Uint16Array, FIRST_ROWS, growth),
      argsKey: new Column(Float64Array, FIRST_ROWS, growth),
      argsSize: new Column(Int32Array, FIRST_ROWS, growth),
      gen: new Column(Int32Array, FIRST_ROWS, growth),
    };
  }

  get length(): number {
    return this.cols.reqRow.length;
  }

  /** No pairs, as when new. */
  clear(): void {
    for (const c of Object.values(this.cols)) c.clear();
    this.errors.clear();
    this.corrs.clear();
  }

  /** `args`: the arguments' key and size (args-key.ts); `corr`: the line's corr_id. */
  add(
    origin: 'mcp' | 'turn',
    file: number,
    name: string,
    reqRow: number,
    ordinal: number,
    argsKey: number,
    argsSize: number,
    corr: string | null,
    gen = -1,
  ): number {
    this.cols.origin.push(origin === 'mcp' ? MCP_ORIGIN : TURN_ORIGIN);
    this.cols.file.push(file);
    this.cols.name.push(this.names.id(name));
    this.cols.resRow.push(-1);
    this.cols.ordinal.push(Math.min(ordinal, 0xffff));
    this.cols.argsKey.push(argsKey);
    this.cols.argsSize.push(argsSize);
    this.cols.gen.push(gen);
    const p = this.cols.reqRow.push(reqRow);
    if (corr !== null) this.corrs.set(p, corr);
    return p;
  }

  close(p: number, resRow: number, error: string | null): void {
    this.cols.resRow.data[p] = resRow;
    // A pair closes once: only a failure has anything to record.
    if (error !== null) this.errors.set(p, error);
  }

  isMcp(p: number): boolean {
    return this.cols.origin.data[p] === MCP_ORIGIN;
  }

  nameOf(p: number): string {
    return this.names.get(this.cols.name.data[p]!) ?? '(unknown)';
  }

  /** Response time − request time, never negative; null while unanswered or untimed. */
  latencyOf(p: number): number | null {
    const res = this.cols.resRow.data[p]!;
    return res < 0 ? null : this.rows.latency(this.cols.reqRow.data[p]!, res);
  }

  /** The row that opened pair `p`: its tools/call request, or the turn of its tool_use. */
  reqRowOf(p: number): number {
    return this.cols.reqRow.data[p]!;
  }

  /** The row that answered pair `p` (its response, or the turn of its tool_result), or -1 while unanswered. */
  resRowOf(p: number): number {
    return this.cols.resRow.data[p]!;
  }

  fileOf(p: number): number {
    return this.cols.file.data[p]!;
  }

  /** A turn pair's place among its turn's tool_use blocks (0 for the first). */
  ordinalOf(p: number): number {
    return this.cols.ordinal.data[p]!;
  }

  /** The key of pair `p`'s arguments: two pairs with equal keys were called with the same arguments. */
  argsKeyOf(p: number): number {
    return this.cols.argsKey.data[p]!;
  }

  /** The canonical JSON size of pair `p`'s arguments, in bytes. */
  argsSizeOf(p: number): number {
    return this.cols.argsSize.data[p]!;
  }

  /** The generation an agent's tool_use `p` is part of, -1 for none (its own turn asks for it). */
  genOf(p: number): number {
    return this.cols.gen.data[p]!;
  }

  /** The corr_id of pair `p`'s line, or null. */
  corrOf(p: number): string | null {
    return this.corrs.get(p) ?? null;
  }

  errorOf(p: number): string | null {
    return this.errors.get(p) ?? null;
  }

  get(p: number): ToolPair {
    return {
      origin: ORIGINS[this.cols.origin.data[p]!]!,
      file: this.cols.file.data[p]!,
      name: this.nameOf(p),
      reqRow: this.cols.reqRow.data[p]!,
      resRow: this.cols.resRow.data[p]!,
      latency: this.latencyOf(p),
      error: this.errorOf(p),
      ordinal: this.cols.ordinal.data[p]!,
    };
  }

  /** Every pair, as objects (views over a few thousand; not for the hot path). */
  all(): ToolPair[] {
    return Array.from({ length: this.length }, (_, p) => this.get(p));
  }
}
