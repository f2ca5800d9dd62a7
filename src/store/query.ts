import fuzzysort from 'fuzzysort';
import type { Filter, Term } from '../trace/filter.js';
import { Dir, DIR_NAMES, Kind, Shape, Status, STATUS_NAMES } from './codes.js';
import type { TraceStore } from './trace-store.js';

/** What a filter keeps: a flag per row, and the kept rows in row order. */
export interface FilterResult {
  filter: Filter;
  keep: Uint8Array;
  rows: Int32Array;
  /** Records kept (rows of distinct lines are counted once per row). */
  count: number;
}

/** How much of a file one text-scan read covers. */
const BLOCK = 4 << 20;

/**
 * Rows whose raw line contains `needle` (smart case). Reads the source back in
 * large blocks and searches bytes as latin1 text (1 char per byte, so positions
 * are byte offsets); non-ASCII needles are matched by their UTF-8 bytes.
 */
export function textMatches(store: TraceStore, needle: string, caseSensitive: boolean, from = 0, into = new Uint8Array(store.count)): Uint8Array {
  const bytes = Buffer.from(needle, 'utf8');
  // Case only matters for letters: without any, search the bytes as they are (no decoding).
  const fold = !caseSensitive && needle.toLowerCase() !== needle.toUpperCase();
  const pattern = fold ? new RegExp(bytes.toString('latin1').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : null;
  const offset = store.offset.data;
  const length = store.length.data;
  const file = store.file.data;
  // One buffer for every block: no fresh 4 MiB allocation (and page faults) per read.
  const scratch = Buffer.allocUnsafe(BLOCK);
  let r = from;
  while (r < store.count) {
    const f = file[r]!;
    const start = offset[r]!;
    let end = r;
    while (end + 1 < store.count && file[end + 1] === f && offset[end + 1]! >= start && offset[end + 1]! + length[end + 1]! - start <= BLOCK) end++;
    const last = offset[end]! + length[end]!;
    const buf = store.readBytes(f, start, last - start, scratch);
    if (buf) {
      const text = pattern ? buf.toString('latin1') : null;
      const find =
        text !== null && pattern
          ? (at: number) => {
              pattern.lastIndex = at;
              return pattern.exec(text)?.index ?? -1;
            }
          : (at: number) => buf.indexOf(bytes, at);
      const size = bytes.length;
      let pos = -1;
      for (let i = r; i <= end; i++) {
        const rowStart = offset[i]! - start;
        if (pos < rowStart) pos = find(rowStart);
        if (pos < 0) break;
        if (pos + size <= rowStart + length[i]!) into[i] = 1;
      }
    }
    r = end + 1;
  }
  return into;
}

/** A call's state as the filter names it: `error` covers JSON-RPC errors and isError results. */
const filterStatus = (code: number): string | undefined => (code === Status.isError ? 'error' : STATUS_NAMES[code]);

/** Names of the tools a row is about: a tools/call, or a turn's tool_use/tool_result pairs. */
function toolsOf(store: TraceStore, row: number): string[] {
  if (store.kind.data[row] === Kind.turn) {
    const links = store.toolLinks(row);
    return [...links.opened, ...links.closed].map((p) => store.pairs.nameOf(p));
  }
  const name = store.str(store.name.data[row]!);
  return name === null || store.kind.data[row] !== Kind.message ? [] : [name];
}

const anyMatch = (patterns: RegExp[], values: (string | null)[]) => values.some((v) => v !== null && patterns.some((p) => p.test(v)));

/**
 * Whether a unit (a call: request and response; else one row) carries the term's
 * field and satisfies it. A record without the field does not match (so `-term` keeps it).
 */
function test(store: TraceStore, term: Term, row: number, other: number, text: Map<Term, Uint8Array>, start: number | null, fileLabels: string[]): boolean {
  const kind = store.kind.data[row];
  switch (term.field) {
    case 'text': {
      const m = text.get(term)!;
      return m[row] === 1 || (other >= 0 && m[other] === 1);
    }
    case 'method': {
      if (kind !== Kind.message) return false;
      const shape = store.shape.data[row];
      return (shape === Shape.request || shape === Shape.notification || other >= 0) && anyMatch(term.patterns, [store.str(store.label.data[row]!)]);
    }
    case 'tool':
      return anyMatch(term.patterns, toolsOf(store, row));
    case 'model':
      return kind === Kind.turn && anyMatch(term.patterns, [store.str(store.name.data[row]!)]);
    case 'role':
      return kind === Kind.turn && anyMatch(term.patterns, [store.str(store.label.data[row]!)]);
    case 'kind':
      return kind === Kind.event && anyMatch(term.patterns, [store.str(store.label.data[row]!)]);
    case 'file':
      return anyMatch(term.patterns, [fileLabels[store.file.data[row]!]!]);
    case 'dir': {
      const d = store.dir.data[row]!;
      return d !== Dir.none && term.values.includes(DIR_NAMES[d]!);
    }
    case 'status': {
      const s = filterStatus(store.status.data[row]!);
      return kind === Kind.message && s !== undefined && (term.values as string[]).includes(s);
    }
    case 'latency': {
      const l = other >= 0 ? store.latency(row, other) : null;
      if (l === null) return false;
      return term.op === '<' ? l < term.ms : term.op === '<=' ? l <= term.ms : term.op === '>' ? l > term.ms : term.op === '>=' ? l >= term.ms : l === term.ms;
    }
    case 'since':
    case 'until': {
      const t = store.tOf(row);
      if (t === null) return false;
      const at = 'epochMs' in term.at ? term.at.epochMs : start === null ? null : start + term.at.offsetMs;
      if (at === null) return false;
      return term.field === 'since' ? t >= at : t <= at;
    }
  }
}

/**
 * Applies a filter to every row. A call is one unit: its request and response are
 * kept or dropped together, judged on the request's fields (status and latency are
 * the call's) and on the text of both lines.
 */
export function applyFilter(store: TraceStore, filter: Filter, start: number | null, fileLabels: string[], previous?: FilterResult): FilterResult {
  const text = new Map<Term, Uint8Array>();
  for (const term of filter.terms) {
    if (term.field !== 'text') continue;
    // Text never changes once read: reuse the previous scan and read only new rows.
    const old = previous?.filter.text === filter.text ? previousText(previous, term) : null;
    const into = new Uint8Array(store.count);
    if (old) into.set(old.subarray(0, Math.min(old.length, store.count)));
    text.set(term, textMatches(store, term.needle, term.caseSensitive, old ? old.length : 0, into));
  }
  const keep = new Uint8Array(store.count);
  let count = 0;
  for (let row = 0; row < store.count; row++) {
    const other = store.kind.data[row] === Kind.message ? store.pair.data[row]! : -1;
    if (other >= 0 && other < row) {
      keep[row] = keep[other]!;
    } else {
      let ok = true;
      for (const term of filter.terms) {
        if (test(store, term, row, other, text, start, fileLabels) === term.negate) {
          ok = false;
          break;
        }
      }
      keep[row] = ok ? 1 : 0;
    }
    count += keep[row]!;
  }
  const rows = new Int32Array(count);
  for (let row = 0, i = 0; row < store.count; row++) if (keep[row]) rows[i++] = row;
  const result: FilterResult = { filter, keep, rows, count };
  textCache.set(result, text);
  return result;
}

const textCache = new WeakMap<FilterResult, Map<Term, Uint8Array>>();

function previousText(previous: FilterResult, term: Term): Uint8Array | null {
  const old = textCache.get(previous);
  if (!old || term.field !== 'text') return null;
  for (const [t, m] of old) if (t.field === 'text' && t.needle === term.needle && t.caseSensitive === term.caseSensitive && t.negate === term.negate) return m;
  return null;
}

/** Search: rows of a list whose method, tool, model, role, event kind or error text fuzzy-match `query`. */
export interface SearchResult {
  query: string;
  /** Positions (indices into the list) of matching rows, in list order. */
  positions: number[];
  /** Position of the best-scoring match, or -1. */
  best: number;
}

const prepared = new Map<string, Fuzzysort.Prepared>();
const targetCache = new WeakMap<TraceStore, { size: number; targets: { row: number; p: Fuzzysort.Prepared }[] }>();

/** Prepared error texts, rebuilt only when errors were added. */
function errorTargets(store: TraceStore): { row: number; p: Fuzzysort.Prepared }[] {
  const cached = targetCache.get(store);
  if (cached && cached.size === store.errorText.size) return cached.targets;
  const targets = [...store.errorText].map(([row, text]) => ({ row, p: prepare(text.length > 100 ? text.slice(0, 100) : text) }));
  targetCache.set(store, { size: store.errorText.size, targets });
  return targets;
}
function prepare(text: string): Fuzzysort.Prepared {
  let p = prepared.get(text);
  if (!p) prepared.set(text, (p = fuzzysort.prepare(text)));
  return p;
}

/** A text-only match: found, but below any fuzzy match of a method, tool or model. */
const TEXT_SCORE = -1e9;

const lineCache = new WeakMap<TraceStore, { version: number; query: string; rows: Uint8Array }>();

/**
 * Rows whose raw line contains `query` (smart case): the text part of search, so a
 * word said in a turn or returned by a tool is found too. A scan of the source by
 * blocks, kept for the same query and store version.
 */
export function linesContaining(store: TraceStore, query: string): Uint8Array {
  const q = query.trim();
  const c = lineCache.get(store);
  if (c && c.version === store.version && c.query === q) return c.rows;
  const rows = textMatches(store, q, q !== q.toLowerCase());
  lineCache.set(store, { version: store.version, query: q, rows });
  return rows;
}

/**
 * Scores each distinct string once per query (a trace has few distinct methods,
 * tools and models), then maps rows to their strings' scores; error texts are
 * prepared lazily, only for rows that have one. `lines` (from `linesContaining`)
 * adds rows whose text contains the query, ranked below every fuzzy match.
 */
export function search(store: TraceStore, list: { length: number; at(i: number): number }, query: string, lines?: Uint8Array): SearchResult {
  const q = query.trim();
  const result: SearchResult = { query, positions: [], best: -1 };
  if (!q) return result;
  // One score per distinct string (methods, tools, models, roles, kinds), by string id.
  const scores = new Float64Array(store.strings.values.length).fill(NaN);
  const scoreOf = (id: number): number => {
    if (id < 0) return -Infinity;
    let s = scores[id]!;
    if (Number.isNaN(s)) {
      const r = fuzzysort.single(q, prepare(store.str(id)!));
      scores[id] = s = r ? r.score : -Infinity;
    }
    return s;
  };
  const errors = new Map<number, number>();
  // Error texts join in from two characters on (one letter matches nearly every text).
  if (store.errorText.size && q.length > 1) {
    // fuzzysort.go over one prepared array is ~3x faster than a single() per text.
    for (const r of fuzzysort.go(q, errorTargets(store), { key: 'p' })) errors.set(r.obj.row, r.score);
  }
  const label = store.label.data;
  const name = store.name.data;
  let bestScore = -Infinity;
  for (let i = 0; i < list.length; i++) {
    const row = list.at(i);
    let score = Math.max(scoreOf(label[row]!), scoreOf(name[row]!));
    if (errors.size) score = Math.max(score, errors.get(row) ?? -Infinity);
    // A call is one unit, as in filters: text in its response counts too.
    if (score === -Infinity && lines && (lines[row] || lines[store.pair.data[row]!] === 1)) score = TEXT_SCORE;
    if (score === -Infinity) continue;
    result.positions.push(i);
    if (score > bestScore) {
      bestScore = score;
      result.best = i;
    }
  }
  return result;
}
