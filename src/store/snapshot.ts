import type { JsonObject } from '../trace/values.js';
import type { Aggregates, CallAgg, ErrorEntry, ModelAgg } from './aggregates.js';
import type { TraceStore } from './trace-store.js';

/** Bumped whenever what a snapshot holds changes: an old index is then rebuilt, never misread. */
export const SNAPSHOT_VERSION = 8;

/** A binary part: a column, a latency list, or the texts' lengths and bytes. */
interface PartInfo {
  name: string;
  /** The element type as saved (a narrow column may have been widened). */
  type: string;
  bytes: number;
  length: number;
}

/** A latency list, saved as a binary part: its index among the parts. */
type SavedCall = Omit<CallAgg, 'latencies'> & { latencies: number };
type SavedModel = Omit<ModelAgg, 'ttft' | 'durations'> & { ttft: number; durations: number };
/** An error entry with its name and message as indices into the texts. */
type SavedError = [t: number | null, source: ErrorEntry['source'], name: number, message: number, origin: ErrorEntry['origin'] | null];

interface Header {
  version: number;
  /** The price table the costs were computed with (a different one means re-indexing). */
  prices: string;
  parts: PartInfo[];
  strings: string[];
  /** Flat [pair, text, pair, text, …]. */
  pairErrors: number[];
  /** Flat [row, text, row, text, …]. */
  errorText: number[];
  rowErrors: [number, SavedError[]][];
  skips: TraceStore['skips'];
  /** The rollups as they were (restoring them beats replaying every row); the errors list is rowErrors in row order. */
  aggregates: {
    models: SavedModel[];
    methods: [string, SavedCall][];
    tools: [string, { mcp: SavedCall; turn: SavedCall }][];
    counters: Pick<Aggregates, 'turns' | 'echoedTurns' | 'assistantTurns' | 'modelTimeMs' | 'modelTimeSeen'>;
  };
  file: { meta: JsonObject | null; end: JsonObject | null; counts: TraceStore['files'][number]['counts']; skipped: number; maxT: number | null; firstT: number | null; bytes: number };
}

type View = Float64Array | Int32Array | Int16Array | Uint32Array | Uint16Array | Uint8Array;
const TYPES: Record<string, new (b: ArrayBufferLike, offset: number, length: number) => View> = { Float64Array, Int32Array, Int16Array, Uint32Array, Uint16Array, Uint8Array };

/** Each distinct text (error messages, names) once, by index: the store shares one string among several maps. */
class TextTable {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) this.ids.set(text, (id = this.values.push(text) - 1));
    return id;
  }
}

/**
 * A one-file store as bytes: a small JSON header (strings, sparse maps by index, rollups,
 * file state), then binary parts: the columns, the latency lists and the texts. The
 * parts, to be written in order: the columns are views of the store's own memory, never
 * copied, and no part of it becomes one big JSON string (at 1 GiB that was 63 MB).
 */
export function saveSnapshot(store: TraceStore): Buffer[] {
  const f = store.files[0]!;
  if (store.files.length !== 1) throw new Error('a snapshot holds one file');
  const binary: [string, View][] = Object.entries(store.columns()).map(([name, c]) => [name, c.data.subarray(0, c.length)]);
  const texts = new TextTable();
  const flat = (map: Map<number, string>) => [...map].flatMap(([k, v]) => [k, texts.id(v)]);
  const list = (values: number[]): number => binary.push([`list.${binary.length}`, Float64Array.from(values)]) - 1;
  const call = ({ latencies, ...rest }: CallAgg): SavedCall => ({ ...rest, latencies: list(latencies) });
  const agg = store.aggregates;
  const header: Header = {
    version: SNAPSHOT_VERSION,
    prices: store.prices.source,
    parts: [],
    strings: store.strings.values,
    pairErrors: flat(store.pairs.errors),
    errorText: flat(store.errorText),
    rowErrors: [...store.rowErrors].map(([row, errors]) => [row, errors.map((e): SavedError => [e.t, e.source, texts.id(e.name), texts.id(e.message), e.origin ?? null])]),
    skips: store.skips,
    aggregates: {
      models: [...agg.models.values()].map(({ ttft, durations, ...rest }) => ({ ...rest, ttft: list(ttft), durations: list(durations) })),
      methods: [...agg.methods].map(([k, v]) => [k, call(v)]),
      tools: [...agg.tools].map(([k, v]) => [k, { mcp: call(v.mcp), turn: call(v.turn) }]),
      counters: { turns: agg.turns, echoedTurns: agg.echoedTurns, assistantTurns: agg.assistantTurns, modelTimeMs: agg.modelTimeMs, modelTimeSeen: agg.modelTimeSeen },
    },
    file: { meta: f.meta, end: f.end, counts: f.counts, skipped: f.skipped, maxT: f.maxT, firstT: f.firstT, bytes: f.bytes },
  };
  // The texts: their UTF-8 lengths as a part, then their bytes, one buffer each.
  const textBytes = texts.values.map((t) => Buffer.from(t, 'utf8'));
  binary.push(['texts.lengths', Uint32Array.from(textBytes, (b) => b.length)]);
  header.parts = binary.map(([name, a]) => ({ name, type: a.constructor.name, bytes: a.byteLength, length: a.length }));
  const head = Buffer.from(JSON.stringify(header));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  // Every binary part starts on an 8-byte boundary, so loading can view the bytes in place.
  const parts: Buffer[] = [size, head];
  let at = 4 + head.length;
  for (const [, a] of binary) {
    const pad = (8 - (at % 8)) % 8;
    if (pad) parts.push(Buffer.alloc(pad));
    parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    at += pad + a.byteLength;
  }
  parts.push(...textBytes);
  return parts;
}

/** Restores a snapshot into a new store with one file; false when it does not fit this version. */
export function loadSnapshot(store: TraceStore, bytes: Buffer, name: string): boolean {
  const headLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  if (header.version !== SNAPSHOT_VERSION || header.prices !== store.prices.source) return false;
  const columns = store.columns();
  const named = header.parts.filter((p) => !p.name.startsWith('list.') && p.name !== 'texts.lengths');
  if (header.parts.some((p) => !TYPES[p.type]) || named.some((p) => !columns[p.name]) || Object.keys(columns).length !== named.length) return false;
  const f = store.addFile(name);
  let at = 4 + headLength;
  const views: View[] = header.parts.map((p) => {
    at += (8 - (at % 8)) % 8;
    const start = bytes.byteOffset + at;
    const Typed = TYPES[p.type]!;
    // A view into the file's bytes when aligned (always, for a file read whole), else a copy.
    const view = start % 8 === 0 ? new Typed(bytes.buffer, start, p.length) : new Typed(Uint8Array.from(bytes.subarray(at, at + p.bytes)).buffer, 0, p.length);
    at += p.bytes;
    const column = columns[p.name];
    if (column) column.restore(view as never);
    return view;
  });
  const lengths = views[views.length - 1] as Uint32Array;
  const texts: string[] = [];
  for (const n of lengths) {
    texts.push(bytes.toString('utf8', at, at + n));
    at += n;
  }
  const list = (i: number): number[] => Array.from(views[i]!);
  const call = (c: SavedCall): CallAgg => ({ ...c, latencies: list(c.latencies) });
  store.restoredRows();
  for (const s of header.strings) store.strings.id(s);
  for (let i = 0; i < header.pairErrors.length; i += 2) store.pairs.errors.set(header.pairErrors[i]!, texts[header.pairErrors[i + 1]!]!);
  for (let i = 0; i < header.errorText.length; i += 2) store.errorText.set(header.errorText[i]!, texts[header.errorText[i + 1]!]!);
  const agg = store.aggregates;
  for (const [row, saved] of header.rowErrors) {
    const errors = saved.map(([t, source, n, message, origin]): ErrorEntry => ({ t, source, name: texts[n]!, message: texts[message]!, ...(origin ? { origin } : {}) }));
    store.rowErrors.set(row, errors);
    // The store's rollup (one file: TraceStore.addFile) lists the errors rows report, in row order.
    agg.errors.push(...errors);
  }
  store.skips.push(...header.skips);
  Object.assign(f, { meta: header.file.meta, end: header.file.end, counts: header.file.counts, skipped: header.file.skipped, maxT: header.file.maxT, firstT: header.file.firstT, bytes: header.file.bytes, totalBytes: header.file.bytes, state: 'done' });
  for (const m of header.aggregates.models) agg.models.set(m.model, { ...m, ttft: list(m.ttft), durations: list(m.durations) });
  for (const [k, v] of header.aggregates.methods) agg.methods.set(k, call(v));
  for (const [k, v] of header.aggregates.tools) agg.tools.set(k, { mcp: call(v.mcp), turn: call(v.turn) });
  Object.assign(agg, header.aggregates.counters);
  store.version += 1;
  return true;
}
