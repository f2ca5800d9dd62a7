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
const SOURCES: ErrorEntry['source'][] = ['tool', 'jsonrpc', 'llm'];
const ORIGINS: (ErrorEntry['origin'] | undefined)[] = [undefined, 'mcp', 'turn'];
/** Numbers per saved error entry: row, t (NaN: none), source, name and message (text indices), origin. */
const ERROR_FIELDS = 6;

interface Header {
  version: number;
  /** The price table the costs were computed with (a different one means re-indexing). */
  prices: string;
  parts: PartInfo[];
  strings: string[];
  skips: TraceStore['skips'];
  /** Texts with a lone surrogate, which UTF-8 cannot carry: here, by index, instead of in the texts' bytes. */
  oddTexts: [number, string][];
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

/** A lone surrogate: UTF-8 cannot carry it (it would come back as U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Bytes per chunk when a latency list or the texts are written out. */
const CHUNK = 1 << 16;

/**
 * A one-file store as bytes: a small JSON header (strings, rollups, file state), then
 * binary parts: the columns, the error maps (by text index), the latency lists and the
 * texts. Yielded part by part, to be written in order, each valid only until the next
 * is asked for: columns as views of the store's own memory, lists and texts through one
 * reused 64 KiB buffer. Nothing the size of the store is built first (at 1 GiB a joined
 * copy was ~100 MB, the JSON header 63 MB, and chunks left for the collector ~28 MB).
 */
export function* saveSnapshot(store: TraceStore): Generator<Uint8Array> {
  const f = store.files[0]!;
  if (store.files.length !== 1) throw new Error('a snapshot holds one file');
  const binary: [string, View | number[]][] = Object.entries(store.columns()).map(([name, c]) => [name, c.data.subarray(0, c.length)]);
  const texts = new TextTable();
  // The sparse error maps, flat, as texts by index: [key, text, …].
  const flat = (map: Map<number, string>): Int32Array => {
    const out = new Int32Array(map.size * 2);
    let i = 0;
    for (const [k, v] of map) {
      out[i++] = k;
      out[i++] = texts.id(v);
    }
    return out;
  };
  binary.push(['errors.pair', flat(store.pairs.errors)], ['errors.text', flat(store.errorText)]);
  let entries = 0;
  for (const errors of store.rowErrors.values()) entries += errors.length;
  const rowErrors = new Float64Array(entries * ERROR_FIELDS);
  let e = 0;
  for (const [row, errors] of store.rowErrors) {
    for (const entry of errors) {
      rowErrors.set([row, entry.t ?? NaN, SOURCES.indexOf(entry.source), texts.id(entry.name), texts.id(entry.message), ORIGINS.indexOf(entry.origin)], e);
      e += ERROR_FIELDS;
    }
  }
  binary.push(['errors.row', rowErrors]);
  const list = (values: number[]): number => binary.push([`list.${binary.length}`, values]) - 1;
  const call = ({ latencies, ...rest }: CallAgg): SavedCall => ({ ...rest, latencies: list(latencies) });
  const agg = store.aggregates;
  const header: Header = {
    version: SNAPSHOT_VERSION,
    prices: store.prices.source,
    parts: [],
    strings: store.strings.values,
    skips: store.skips,
    oddTexts: [],
    aggregates: {
      models: [...agg.models.values()].map(({ ttft, durations, ...rest }) => ({ ...rest, ttft: list(ttft), durations: list(durations) })),
      methods: [...agg.methods].map(([k, v]) => [k, call(v)]),
      tools: [...agg.tools].map(([k, v]) => [k, { mcp: call(v.mcp), turn: call(v.turn) }]),
      counters: { turns: agg.turns, echoedTurns: agg.echoedTurns, assistantTurns: agg.assistantTurns, modelTimeMs: agg.modelTimeMs, modelTimeSeen: agg.modelTimeSeen },
    },
    file: { meta: f.meta, end: f.end, counts: f.counts, skipped: f.skipped, maxT: f.maxT, firstT: f.firstT, bytes: f.bytes },
  };
  // The texts: their UTF-8 lengths as a part; their bytes follow the parts.
  const encoded = texts.values.map((t, i) => (LONE_SURROGATE.test(t) ? (header.oddTexts.push([i, t]), '') : t));
  binary.push(['texts.lengths', Uint32Array.from(encoded, (t) => Buffer.byteLength(t, 'utf8'))]);
  header.parts = binary.map(([name, a]) => (Array.isArray(a) ? { name, type: 'Float64Array', bytes: a.length * 8, length: a.length } : { name, type: a.constructor.name, bytes: a.byteLength, length: a.length }));
  const head = Buffer.from(JSON.stringify(header));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  yield size;
  yield head;
  // Every binary part starts on an 8-byte boundary, so loading can view the bytes in place.
  let at = 4 + head.length;
  // Lists and texts go out through one scratch buffer: a part is valid until the next is asked for.
  const scratch = Buffer.allocUnsafe(CHUNK);
  const numbers = new Float64Array(scratch.buffer, scratch.byteOffset, CHUNK / 8);
  for (const [, a] of binary) {
    const pad = (8 - (at % 8)) % 8;
    if (pad) yield Buffer.alloc(pad);
    if (Array.isArray(a)) {
      for (let i = 0; i < a.length; i += numbers.length) {
        const n = Math.min(numbers.length, a.length - i);
        for (let k = 0; k < n; k++) numbers[k] = a[i + k]!;
        yield scratch.subarray(0, n * 8);
      }
      at += pad + a.length * 8;
    } else {
      yield new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      at += pad + a.byteLength;
    }
  }
  // Each text encoded alone (two joined could pair a lone surrogate), packed into the scratch.
  let used = 0;
  for (const t of encoded) {
    const size = Buffer.byteLength(t, 'utf8');
    if (used + size > CHUNK && used > 0) {
      yield scratch.subarray(0, used);
      used = 0;
    }
    if (size > CHUNK) yield Buffer.from(t, 'utf8');
    else used += scratch.write(t, used, 'utf8');
  }
  if (used > 0) yield scratch.subarray(0, used);
}

/** Restores a snapshot into a new store with one file; false when it does not fit this version. */
export function loadSnapshot(store: TraceStore, bytes: Buffer, name: string): boolean {
  const headLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  if (header.version !== SNAPSHOT_VERSION || header.prices !== store.prices.source) return false;
  const columns = store.columns();
  const named = header.parts.filter((p) => !p.name.startsWith('list.') && !p.name.startsWith('errors.') && p.name !== 'texts.lengths');
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
  for (const [i, t] of header.oddTexts) texts[i] = t;
  const list = (i: number): number[] => Array.from(views[i]!);
  const call = (c: SavedCall): CallAgg => ({ ...c, latencies: list(c.latencies) });
  store.restoredRows();
  for (const s of header.strings) store.strings.id(s);
  const part = (name: string) => views[header.parts.findIndex((p) => p.name === name)]!;
  const unflat = (flat: View, map: Map<number, string>) => {
    for (let i = 0; i < flat.length; i += 2) map.set(flat[i]!, texts[flat[i + 1]!]!);
  };
  unflat(part('errors.pair'), store.pairs.errors);
  unflat(part('errors.text'), store.errorText);
  const agg = store.aggregates;
  const rowErrors = part('errors.row');
  for (let i = 0; i < rowErrors.length; i += ERROR_FIELDS) {
    const row = rowErrors[i]!;
    const t = rowErrors[i + 1]!;
    const origin = ORIGINS[rowErrors[i + 5]!];
    const entry: ErrorEntry = { t: Number.isNaN(t) ? null : t, source: SOURCES[rowErrors[i + 2]!]!, name: texts[rowErrors[i + 3]!]!, message: texts[rowErrors[i + 4]!]!, ...(origin ? { origin } : {}) };
    const errors = store.rowErrors.get(row);
    if (errors) errors.push(entry);
    else store.rowErrors.set(row, [entry]);
    // The store's rollup (one file: TraceStore.addFile) lists the errors rows report, in row order.
    agg.errors.push(entry);
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
