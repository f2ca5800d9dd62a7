import { isAscii } from 'node:buffer';
import type { JsonObject } from '../kit/values.js';
import type { Aggregates, CallAgg, ErrorEntry, ModelAgg } from './aggregates.js';
import { AsideColumn, Column, CountColumn, SmallColumn, TimeColumn } from './columns.js';
import { LineRuns } from './line-runs.js';
import { linksToSave, restoreLinks } from './links.js';
import { FAR_PAIR, LONG_LINE } from './tables.js';
import { MCP_ORIGIN, TURN_ORIGIN } from './tool-pairs.js';
import type { TraceStore } from './trace-store.js';

/** Bumped whenever what a snapshot holds changes: an old index is then rebuilt, never misread. */
export const SNAPSHOT_VERSION = 20;

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
    counters: Pick<
      Aggregates,
      | 'turns'
      | 'echoedTurns'
      | 'assistantTurns'
      | 'modelTimeMs'
      | 'modelTimeSeen'
      | 'latenciesLeftOut'
      | 'overflowTurns'
      | 'costOverflowTurns'
      | 'timesLeftOut'
    >;
  };
  file: {
    meta: JsonObject | null;
    end: JsonObject | null;
    counts: TraceStore['files'][number]['counts'];
    skipped: number;
    maxT: number | null;
    firstT: number | null;
    bytes: number;
  };
}

type View = Float64Array | Int32Array | Int16Array | Int8Array | Uint32Array | Uint16Array | Uint8Array;
const TYPES: Record<
  string,
  { new (b: ArrayBufferLike, offset: number, length: number): View; readonly BYTES_PER_ELEMENT: number }
> = { Float64Array, Int32Array, Int16Array, Int8Array, Uint32Array, Uint16Array, Uint8Array };

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
  const binary: [string, View | number[]][] = Object.entries(store.cols.all()).map(([name, c]) => [
    name,
    c.data.subarray(0, c.length),
  ]);
  const texts = new TextTable();
  // The sparse error maps, flat, as texts by index: [key, text, …].
  // forEach, not for-of: an entry array per element was most of what saving put on the heap.
  const flat = (map: Map<number, string>): Int32Array => {
    const out = new Int32Array(map.size * 2);
    let i = 0;
    map.forEach((v, k) => {
      out[i++] = k;
      out[i++] = texts.id(v);
    });
    return out;
  };
  binary.push(
    ['errors.pair', flat(store.pairs.errors)],
    ['errors.text', flat(store.cols.errorText)],
    ['corr.pair', flat(store.pairs.corrs)],
    // The values the narrow columns set aside: [row, value, …].
    ['length.aside', store.cols.length.asideFlat()],
    ['pair.aside', store.cols.pair.asideFlat()],
    // Worked out before saving (summary's): reopening then needs no linking for cost per tool.
    ['links', linksToSave(store)],
  );
  let entries = 0;
  for (const errors of store.cols.rowErrors.values()) entries += errors.length;
  const rowErrors = new Float64Array(entries * ERROR_FIELDS);
  let e = 0;
  store.cols.rowErrors.forEach((errors, row) => {
    for (const entry of errors) {
      rowErrors[e] = row;
      rowErrors[e + 1] = entry.t ?? NaN;
      rowErrors[e + 2] = SOURCES.indexOf(entry.source);
      rowErrors[e + 3] = texts.id(entry.name);
      rowErrors[e + 4] = texts.id(entry.message);
      rowErrors[e + 5] = ORIGINS.indexOf(entry.origin);
      e += ERROR_FIELDS;
    }
  });
  binary.push(['errors.row', rowErrors]);
  const list = (values: number[] | Float64Array): number => binary.push([`list.${binary.length}`, values]) - 1;
  const call = ({ latencies, ...rest }: CallAgg): SavedCall => ({ ...rest, latencies: list(latencies.view()) });
  const agg = store.aggregates;
  const header: Header = {
    version: SNAPSHOT_VERSION,
    prices: store.prices.source,
    parts: [],
    strings: store.cols.strings.values,
    skips: store.skips,
    oddTexts: [],
    aggregates: {
      models: [...agg.models.values()].map(({ ttft, durations, ...rest }) => ({
        ...rest,
        ttft: list(ttft),
        durations: list(durations),
      })),
      methods: [...agg.methods].map(([k, v]) => [k, call(v)]),
      tools: [...agg.tools].map(([k, v]) => [k, { mcp: call(v.mcp), turn: call(v.turn) }]),
      counters: {
        turns: agg.turns,
        echoedTurns: agg.echoedTurns,
        assistantTurns: agg.assistantTurns,
        modelTimeMs: agg.modelTimeMs,
        modelTimeSeen: agg.modelTimeSeen,
        latenciesLeftOut: agg.latenciesLeftOut,
        overflowTurns: agg.overflowTurns,
        costOverflowTurns: agg.costOverflowTurns,
        timesLeftOut: agg.timesLeftOut,
      },
    },
    file: {
      meta: f.meta,
      end: f.end,
      counts: f.counts,
      skipped: f.skipped,
      maxT: f.maxT,
      firstT: f.firstT,
      bytes: f.bytes,
    },
  };
  // The texts: their UTF-8 lengths as a part; their bytes follow the parts.
  const encoded = texts.values.map((t, i) => {
    if (!LONE_SURROGATE.test(t)) return t;
    header.oddTexts.push([i, t]);
    return '';
  });
  binary.push(['texts.lengths', Uint32Array.from(encoded, (t) => Buffer.byteLength(t, 'utf8'))]);
  header.parts = binary.map(([name, a]) =>
    Array.isArray(a)
      ? { name, type: 'Float64Array', bytes: a.length * 8, length: a.length }
      : { name, type: a.constructor.name, bytes: a.byteLength, length: a.length },
  );
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

/** A snapshot that does not hold together: refused whole, before the store is touched. */
class Refused extends Error {}

function need(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Refused(what);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown, below: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < below;

/** The parts that are flat Int32 pairs or lists besides the columns. */
const FLAT_PARTS = ['errors.pair', 'errors.text', 'corr.pair', 'links', 'length.aside', 'pair.aside'] as const;

/** Column groups that grow together (tables.ts): a snapshot whose lengths disagree within one is refused. */
const ROW_COLUMNS = [
  'file',
  'kind',
  'dir',
  'shape',
  'status',
  'flags',
  'length',
  'label',
  'name',
  'pair',
  'offsetLow',
  'offsetHigh',
  't',
];
const GROUPS: ((name: string) => boolean)[] = [
  (n) => ROW_COLUMNS.includes(n),
  (n) => n === 'usageRows' || n.startsWith('usage.'),
  (n) => n.startsWith('pairs.'),
  (n) => n.startsWith('lineRuns.'),
  (n) => n === 'linkRow' || n === 'linkPair',
];
/** Rows per block of the time column (columns.ts). */
const TIME_BLOCK_ROWS = 4096;

/** Everything a snapshot restores, decoded and checked whole: restoring it is then assignments only. */
interface Decoded {
  columns: [string, View][];
  /** What the `length` and `pair` columns set aside, checked against them ([row, value, …]). */
  lengthAside: Int32Array;
  pairAside: Int32Array;
  strings: string[];
  pairErrors: [number, string][];
  /** Pairs' corr_ids. */
  pairCorrs: [number, string][];
  /** Each call pair's linked turn pair (-1: none, and for turn pairs); empty: not saved. */
  links: Int32Array;
  errorText: [number, string][];
  rowErrors: Map<number, ErrorEntry[]>;
  /** The rollup's errors list: rowErrors in row order. */
  errors: ErrorEntry[];
  skips: TraceStore['skips'];
  file: Header['file'];
  models: ModelAgg[];
  methods: [string, CallAgg][];
  tools: [string, { mcp: CallAgg; turn: CallAgg }][];
  counters: Header['aggregates']['counters'];
}

/**
 * Reads and checks a snapshot without touching `store` (only its column names and
 * types, and its price table, are looked at). Null: another version or price table,
 * or bytes that do not hold together (a cut, a flipped byte, an index out of range).
 */
export function decodeSnapshot(store: TraceStore, bytes: Buffer): Decoded | null {
  if (bytes.length < 4) return null;
  const headLength = bytes.readUInt32LE(0);
  if (4 + headLength > bytes.length) return null;
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  } catch {
    return null;
  }
  if (!isObject(header) || header.version !== SNAPSHOT_VERSION || header.prices !== store.prices.source) return null;
  try {
    return decodeBody(store, bytes, 4 + headLength, header);
  } catch {
    // Refused, or a shape that threw on the way: either way nothing was restored.
    return null;
  }
}

function decodeBody(store: TraceStore, bytes: Buffer, start: number, header: Header): Decoded {
  const columns = store.cols.all();
  need(Array.isArray(header.parts) && header.parts.length > 0, 'parts');
  const seen = new Set<string>();
  const views = new Map<string, View>();
  let at = start;
  const all: View[] = header.parts.map((p, i) => {
    need(
      isObject(p) &&
        typeof p.name === 'string' &&
        !seen.has(p.name) &&
        typeof p.type === 'string' &&
        Object.hasOwn(TYPES, p.type),
      'part',
    );
    seen.add(p.name);
    const Typed = TYPES[p.type]!;
    need(
      Number.isSafeInteger(p.length) && p.length >= 0 && p.bytes === p.length * Typed.BYTES_PER_ELEMENT,
      `${p.name}: size`,
    );
    need(typeOk(p.name, p.type, i, header.parts.length, columns), `${p.name}: type`);
    at += (8 - (at % 8)) % 8;
    need(at + p.bytes <= bytes.length, `${p.name}: cut`);
    const offset = bytes.byteOffset + at;
    // A view into the file's bytes when aligned (always, for a file read whole), else a copy.
    const view =
      offset % 8 === 0
        ? new Typed(bytes.buffer, offset, p.length)
        : new Typed(Uint8Array.from(bytes.subarray(at, at + p.bytes)).buffer, 0, p.length);
    at += p.bytes;
    views.set(p.name, view);
    return view;
  });
  for (const name of [...Object.keys(columns), ...FLAT_PARTS]) need(views.has(name), `${name}: missing`);
  for (const inGroup of GROUPS) {
    const lengths = new Set([...views].filter(([n]) => inGroup(n) && columns[n]).map(([, v]) => v.length));
    need(lengths.size <= 1, 'column lengths');
  }
  const rows = views.get('kind')!.length;
  need(
    LineRuns.valid(views.get('lineRuns.row') as Int32Array, views.get('lineRuns.no') as Int32Array, rows),
    'lineRuns',
  );
  need(views.get('t.bases')!.length <= Math.ceil(rows / TIME_BLOCK_ROWS), 't.bases');
  const aside = (name: 'length' | 'pair', marker: number): Int32Array => {
    const flat = views.get(`${name}.aside`) as Int32Array;
    need(AsideColumn.fits(views.get(name) as Int8Array | Uint16Array, rows, marker, flat), `${name}.aside`);
    return flat;
  };
  const lengthAside = aside('length', LONG_LINE);
  const pairAside = aside('pair', FAR_PAIR);
  // The values themselves are read as they are: a forged one (the checksum fixed up)
  // made Enter on its row throw.
  for (let k = 1; k < lengthAside.length; k += 2) need(lengthAside[k]! >= 0, 'length.aside');
  need(pairsHold(views.get('pair') as Int8Array, rows, pairAside), 'pair');

  // The texts: their lengths are the last part, their bytes run to the end exactly.
  const texts = textsOf(bytes, at, views.get('texts.lengths')!);
  need(Array.isArray(header.oddTexts), 'oddTexts');
  for (const odd of header.oddTexts) {
    need(Array.isArray(odd) && isIndex(odd[0], texts.length) && typeof odd[1] === 'string', 'oddTexts');
    texts[odd[0]] = odd[1];
  }
  const text = (i: unknown): string => {
    need(isIndex(i, texts.length), 'text index');
    return texts[i]!;
  };
  const pairsOf = (flat: View): [number, string][] => {
    need(flat.length % 2 === 0, 'error map');
    const out: [number, string][] = [];
    for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, text(flat[i + 1])]);
    return out;
  };

  const strings = header.strings;
  need(
    Array.isArray(strings) && strings.every((s) => typeof s === 'string') && new Set(strings).size === strings.length,
    'strings',
  );

  const rowErrors = new Map<number, ErrorEntry[]>();
  const errors: ErrorEntry[] = [];
  const flat = views.get('errors.row')!;
  need(flat.length % ERROR_FIELDS === 0, 'errors.row');
  for (let i = 0; i < flat.length; i += ERROR_FIELDS) {
    const row = flat[i]!;
    const t = flat[i + 1]!;
    const source = flat[i + 2]!;
    const origin = flat[i + 5]!;
    need(isIndex(row, rows) && isIndex(source, SOURCES.length) && isIndex(origin, ORIGINS.length), 'error entry');
    const o = ORIGINS[origin];
    const entry: ErrorEntry = {
      t: Number.isNaN(t) ? null : t,
      source: SOURCES[source]!,
      name: text(flat[i + 3]),
      message: text(flat[i + 4]),
      ...(o ? { origin: o } : {}),
    };
    const list = rowErrors.get(row);
    if (list) list.push(entry);
    else rowErrors.set(row, [entry]);
    errors.push(entry);
  }

  /** A saved list, as the Float64Array view its part is (parts named `list.` are no other type: typeOk). */
  const listView = (i: unknown): Float64Array<ArrayBuffer> => {
    need(isIndex(i, all.length) && header.parts[i]!.name.startsWith('list.'), 'list index');
    return all[i] as Float64Array<ArrayBuffer>;
  };
  const list = (i: unknown): number[] => {
    // A loop into an array made to size: Array.from over a typed array took twice as long
    // (a 200 MiB trace's lists hold ~160,000 latencies).
    const view = listView(i);
    const out = new Array<number>(view.length);
    for (let k = 0; k < view.length; k++) out[k] = view[k]!;
    return out;
  };
  const call = (c: SavedCall): CallAgg => {
    need(isObject(c), 'call');
    // In place, as the columns are: a push past its end copies it out first.
    const latencies = new Column(Float64Array, 0);
    latencies.restore(listView(c.latencies));
    return { ...c, latencies };
  };
  const agg = header.aggregates;
  need(
    isObject(agg) &&
      Array.isArray(agg.models) &&
      Array.isArray(agg.methods) &&
      Array.isArray(agg.tools) &&
      isObject(agg.counters),
    'aggregates',
  );
  const models = agg.models.map(({ ttft, durations, ...rest }) => {
    need(typeof rest.model === 'string', 'model');
    return { ...rest, ttft: list(ttft), durations: list(durations) };
  });
  const entry = <T>(e: unknown): [string, T] => {
    need(Array.isArray(e) && e.length === 2 && typeof e[0] === 'string', 'rollup');
    return e as [string, T];
  };
  const methods = agg.methods.map((e): [string, CallAgg] => {
    const [k, v] = entry<SavedCall>(e);
    return [k, call(v)];
  });
  const tools = agg.tools.map((e): [string, { mcp: CallAgg; turn: CallAgg }] => {
    const [k, v] = entry<{ mcp: SavedCall; turn: SavedCall }>(e);
    need(isObject(v), 'tool');
    return [k, { mcp: call(v.mcp), turn: call(v.turn) }];
  });
  const file = header.file;
  need(isObject(file) && isObject(file.counts) && Number.isFinite(file.bytes) && Number.isFinite(file.skipped), 'file');
  need(Array.isArray(header.skips) && header.skips.every(isObject), 'skips');

  return {
    columns: Object.keys(columns).map((name) => [name, views.get(name)!]),
    lengthAside,
    pairAside,
    strings,
    pairErrors: pairsOf(views.get('errors.pair')!),
    pairCorrs: pairsOf(views.get('corr.pair')!),
    links: linksOf(views.get('links') as Int32Array, views.get('pairs.origin') as Uint8Array),
    errorText: pairsOf(views.get('errors.text')!),
    rowErrors,
    errors,
    skips: header.skips,
    file,
    models,
    methods,
    tools,
    counters: agg.counters,
  };
}

/**
 * The texts whose UTF-8 lengths are `lengths`, their bytes from `at` to the end exactly.
 * Decoded as one string, each text a slice of it: decoded one by one, the 1 GiB trace's
 * ~30,000 error texts (15 MB) were each a string the young generation copied before
 * promoting it, most of restoring's collector time (~230 ms). A slice is a small object
 * pointing into the whole (all of it is kept, as all the texts were).
 */
function textsOf(bytes: Buffer, at: number, lengths: ArrayLike<number>): string[] {
  let total = 0;
  for (let i = 0; i < lengths.length; i++) total += lengths[i]!;
  need(at + total <= bytes.length, 'texts: cut');
  need(at + total === bytes.length, 'trailing bytes');
  const region = bytes.subarray(at, at + total);
  const whole = region.toString('utf8');
  const ascii = isAscii(region);
  const texts: string[] = new Array(lengths.length);
  let from = 0;
  let chars = 0;
  for (let i = 0; i < lengths.length; i++) {
    const n = lengths[i]!;
    const units = ascii ? n : utf16Units(region, from, from + n);
    texts[i] = whole.slice(chars, chars + units);
    from += n;
    chars += units;
  }
  // Bytes that are no UTF-8 decode to U+FFFD, a length the count above does not give.
  need(chars === whole.length, 'texts: not UTF-8');
  return texts;
}

/** UTF-16 code units of valid UTF-8 bytes: one per lead byte, two for a 4-byte sequence. */
function utf16Units(b: Uint8Array, from: number, to: number): number {
  let units = 0;
  for (let k = from; k < to; k++) {
    const x = b[k]!;
    if ((x & 0xc0) !== 0x80) units += x >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** Saved links, checked: none, or one per pair, each call's a distinct turn pair (links are one-to-one). */
function linksOf(links: Int32Array, origin: Uint8Array): Int32Array {
  if (links.length === 0) return links;
  need(links.length === origin.length, 'links: length');
  const taken = new Uint8Array(links.length);
  for (let c = 0; c < links.length; c++) {
    const u = links[c]!;
    if (u === -1) continue;
    need(isIndex(u, links.length) && origin[c] === MCP_ORIGIN && origin[u] === TURN_ORIGIN && !taken[u], 'links');
    taken[u] = 1;
  }
  return links;
}

/** Whether every row's pair (a distance, `far` what is set aside) is a row in range whose pair is this row. */
function pairsHold(data: Int8Array, rows: number, far: Int32Array): boolean {
  const aside = new Map<number, number>();
  for (let k = 0; k < far.length; k += 2) aside.set(far[k]!, far[k + 1]!);
  const distance = (row: number): number => (data[row] === FAR_PAIR ? aside.get(row)! : data[row]!);
  for (let row = 0; row < rows; row++) {
    const d = distance(row);
    if (d !== 0 && (row + d < 0 || row + d >= rows || distance(row + d) !== -d)) return false;
  }
  return true;
}

/** Whether part `i` of `count`, named `name`, may be saved as `type`. */
function typeOk(
  name: string,
  type: string,
  i: number,
  count: number,
  columns: ReturnType<TraceStore['cols']['all']>,
): boolean {
  if (name === 'texts.lengths') return i === count - 1 && type === 'Uint32Array';
  if ((FLAT_PARTS as readonly string[]).includes(name)) return type === 'Int32Array';
  if (name === 'errors.row') return type === 'Float64Array';
  if (name.startsWith('list.')) return name === `list.${i}` && type === 'Float64Array';
  const column = columns[name];
  if (!column) return false;
  // A narrow column may have been widened (to Int32 or Float64) before it was saved.
  return (
    type === column.data.constructor.name ||
    (column instanceof SmallColumn && (type === 'Int32Array' || type === 'Float64Array')) ||
    ((column instanceof CountColumn || column instanceof TimeColumn) && type === 'Float64Array')
  );
}

/** Fills a new store from a checked snapshot: assignments only, nothing left to fail on the bytes. */
function apply(store: TraceStore, d: Decoded, name: string): void {
  const columns = store.cols.all();
  const f = store.addFile(name);
  for (const [n, view] of d.columns) columns[n]!.restore(view as never);
  store.cols.length.restoreAside(d.lengthAside);
  store.cols.pair.restoreAside(d.pairAside);
  store.cols.restored();
  for (const s of d.strings) store.cols.strings.id(s);
  for (const [k, v] of d.pairErrors) store.pairs.errors.set(k, v);
  for (const [k, v] of d.pairCorrs) store.pairs.corrs.set(k, v);
  for (const [k, v] of d.errorText) store.cols.errorText.set(k, v);
  for (const [row, entries] of d.rowErrors) store.cols.rowErrors.set(row, entries);
  const agg = store.aggregates;
  // The store's rollup (one file: TraceStore.addFile) lists the errors rows report, in row order.
  for (const entry of d.errors) agg.errors.push(entry);
  for (const skip of d.skips) store.skips.push(skip);
  const h = d.file;
  Object.assign(f, {
    meta: h.meta,
    end: h.end,
    counts: h.counts,
    skipped: h.skipped,
    maxT: h.maxT,
    firstT: h.firstT,
    bytes: h.bytes,
    totalBytes: h.bytes,
    state: 'done',
  });
  for (const m of d.models) agg.models.set(m.model, m);
  for (const [k, v] of d.methods) agg.methods.set(k, v);
  for (const [k, v] of d.tools) agg.tools.set(k, v);
  Object.assign(agg, d.counters);
  store.version += 1;
  restoreLinks(store, d.links);
}

/**
 * Restores a snapshot into a new store with one file, all or nothing: the bytes are
 * decoded and checked whole first (false, store untouched, when they do not fit this
 * version or do not hold together), then assigned. Should assigning throw anyway, the
 * store is cleared back to a new one before the error goes on: never half a restore
 * for the caller to index the file on top of.
 */
export function loadSnapshot(store: TraceStore, bytes: Buffer, name: string): boolean {
  if (store.files.length !== 0 || store.count !== 0) throw new Error('a saved index restores into a new store only');
  const decoded = decodeSnapshot(store, bytes);
  if (!decoded) return false;
  try {
    apply(store, decoded, name);
  } catch (error) {
    store.clear();
    throw error;
  }
  return true;
}
