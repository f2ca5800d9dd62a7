import type { JsonObject } from '../trace/values.js';
import type { Aggregates, CallAgg, ErrorEntry, ModelAgg } from './aggregates.js';
import type { TraceStore } from './trace-store.js';

/** Bumped whenever what a snapshot holds changes: an old index is then rebuilt, never misread. */
export const SNAPSHOT_VERSION = 7;

interface Header {
  version: number;
  /** The price table the costs were computed with (a different one means re-indexing). */
  prices: string;
  /** `type`: the element type as saved (a narrow column may have been widened). */
  columns: { name: string; type: string; bytes: number; length: number }[];
  strings: string[];
  pairErrors: [number, string][];
  errorText: [number, string][];
  rowErrors: [number, ErrorEntry[]][];
  skips: TraceStore['skips'];
  /** The rollups as they were: restoring them beats replaying every row. */
  aggregates: {
    models: ModelAgg[];
    methods: [string, CallAgg][];
    tools: [string, { mcp: CallAgg; turn: CallAgg }][];
    errors: ErrorEntry[];
    counters: Pick<Aggregates, 'turns' | 'echoedTurns' | 'assistantTurns' | 'modelTimeMs' | 'modelTimeSeen'>;
  };
  file: { meta: JsonObject | null; end: JsonObject | null; counts: TraceStore['files'][number]['counts']; skipped: number; maxT: number | null; firstT: number | null; bytes: number };
}

/**
 * A one-file store as bytes: a JSON header (strings, sparse maps, rollups, file
 * state) and the raw column buffers. The parts, to be written in order: the columns
 * are views of the store's own memory, never copied (at 1 GiB a copy would be ~100 MB).
 */
export function saveSnapshot(store: TraceStore): Buffer[] {
  const f = store.files[0]!;
  if (store.files.length !== 1) throw new Error('a snapshot holds one file');
  const cols = Object.entries(store.columns());
  const header: Header = {
    version: SNAPSHOT_VERSION,
    prices: store.prices.source,
    columns: cols.map(([name, c]) => ({ name, type: c.data.constructor.name, bytes: c.length * c.data.BYTES_PER_ELEMENT, length: c.length })),
    strings: store.strings.values,
    pairErrors: [...store.pairs.errors],
    errorText: [...store.errorText],
    rowErrors: [...store.rowErrors],
    skips: store.skips,
    aggregates: {
      models: [...store.aggregates.models.values()],
      methods: [...store.aggregates.methods],
      tools: [...store.aggregates.tools],
      errors: store.aggregates.errors,
      counters: { turns: store.aggregates.turns, echoedTurns: store.aggregates.echoedTurns, assistantTurns: store.aggregates.assistantTurns, modelTimeMs: store.aggregates.modelTimeMs, modelTimeSeen: store.aggregates.modelTimeSeen },
    },
    file: { meta: f.meta, end: f.end, counts: f.counts, skipped: f.skipped, maxT: f.maxT, firstT: f.firstT, bytes: f.bytes },
  };
  const head = Buffer.from(JSON.stringify(header));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  // Every column starts on an 8-byte boundary, so loading can view the bytes in place.
  const parts: Buffer[] = [size, head];
  let at = 4 + head.length;
  for (const [, c] of cols) {
    const pad = (8 - (at % 8)) % 8;
    if (pad) parts.push(Buffer.alloc(pad));
    const bytes = Buffer.from(c.data.buffer, c.data.byteOffset, c.length * c.data.BYTES_PER_ELEMENT);
    parts.push(bytes);
    at += pad + bytes.length;
  }
  return parts;
}

type View = Float64Array | Int32Array | Int16Array | Uint32Array | Uint16Array | Uint8Array;
const TYPES: Record<string, new (b: ArrayBufferLike, offset: number, length: number) => View> = { Float64Array, Int32Array, Int16Array, Uint32Array, Uint16Array, Uint8Array };

/** Restores a snapshot into a new store with one file; false when it does not fit this version. */
export function loadSnapshot(store: TraceStore, bytes: Buffer, name: string): boolean {
  const headLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  if (header.version !== SNAPSHOT_VERSION || header.prices !== store.prices.source) return false;
  const columns = store.columns();
  if (header.columns.some((c) => !columns[c.name] || !TYPES[c.type]) || Object.keys(columns).length !== header.columns.length) return false;
  const f = store.addFile(name);
  let at = 4 + headLength;
  for (const c of header.columns) {
    const column = columns[c.name]!;
    at += (8 - (at % 8)) % 8;
    const start = bytes.byteOffset + at;
    const Typed = TYPES[c.type]!;
    // A view into the file's bytes when aligned (always, for a file read whole), else a copy.
    const view = start % 8 === 0 ? new Typed(bytes.buffer, start, c.length) : new Typed(Uint8Array.from(bytes.subarray(at, at + c.bytes)).buffer, 0, c.length);
    column.restore(view);
    at += c.bytes;
  }
  store.restoredRows();
  for (const s of header.strings) store.strings.id(s);
  for (const [k, v] of header.pairErrors) store.pairs.errors.set(k, v);
  for (const [k, v] of header.errorText) store.errorText.set(k, v);
  for (const [k, v] of header.rowErrors) store.rowErrors.set(k, v);
  store.skips.push(...header.skips);
  Object.assign(f, { meta: header.file.meta, end: header.file.end, counts: header.file.counts, skipped: header.file.skipped, maxT: header.file.maxT, firstT: header.file.firstT, bytes: header.file.bytes, totalBytes: header.file.bytes, state: 'done' });
  // One file: its rollups are the store's (TraceStore.addFile), restored as saved.
  const agg = store.aggregates;
  for (const m of header.aggregates.models) agg.models.set(m.model, m);
  for (const [k, v] of header.aggregates.methods) agg.methods.set(k, v);
  for (const [k, v] of header.aggregates.tools) agg.tools.set(k, v);
  agg.errors.push(...header.aggregates.errors);
  Object.assign(agg, header.aggregates.counters);
  store.version += 1;
  return true;
}
