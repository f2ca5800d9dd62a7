import fuzzysort from 'fuzzysort';
import { hasCapital } from '../kit/text.js';
import { textMatches } from './query.js';
import type { TraceStore } from './trace-store.js';

// Search lives apart from filters so that `summary --filter` never loads fuzzysort.

/** Search: rows of a list whose method, tool, model, role, event kind or error text fuzzy-match `query`. */
export interface SearchResult {
  query: string;
  /** Positions (indices into the list) of matching rows, in list order. */
  positions: number[];
  /** Position of the best-scoring match, or -1. */
  best: number;
}

const prepared = new Map<string, Fuzzysort.Prepared>();
const targetCache = new WeakMap<
  TraceStore,
  { epoch: number; size: number; targets: { row: number; p: Fuzzysort.Prepared }[] }
>();

/**
 * The distinct error texts scored fuzzily, the first ones in row order: a prepared text
 * holds its characters' codes (~1 KB each), and a generated 1 GiB trace has 24,000
 * distinct texts, which took the app's peak from 0.25x to 0.28x of the file. The rest
 * are found by the text part of search (`linesContaining`), ranked below fuzzy matches.
 */
export const MAX_FUZZY_ERRORS = 8192;

/** What an error text is scored by: its first 100 characters. */
const errorKey = (text: string): string => (text.length > 100 ? text.slice(0, 100) : text);

/** The rows whose error text is scored fuzzily, each with what it is scored by (the first MAX_FUZZY_ERRORS distinct). */
function* fuzzyErrors(store: TraceStore): Generator<[row: number, key: string]> {
  const distinct = new Set<string>();
  for (const [row, text] of store.cols.errorText) {
    const key = errorKey(text);
    if (!distinct.has(key)) {
      if (distinct.size === MAX_FUZZY_ERRORS) continue;
      distinct.add(key);
    }
    yield [row, key];
  }
}

/** Whether the error texts search scores are prepared for the store as it is (`prepareSearchSoon` done). */
export function searchPrepared(store: TraceStore): boolean {
  const cached = targetCache.get(store);
  return cached !== undefined && cached.epoch === store.epoch && cached.size === store.cols.errorText.size;
}

/** Prepared error texts, rebuilt only when errors were added (or the rows were read again). */
function errorTargets(store: TraceStore): { row: number; p: Fuzzysort.Prepared }[] {
  if (searchPrepared(store)) return targetCache.get(store)!.targets;
  const targets: { row: number; p: Fuzzysort.Prepared }[] = [];
  for (const [row, key] of fuzzyErrors(store)) targets.push({ row, p: prepare(key) });
  targetCache.set(store, { epoch: store.epoch, size: store.cols.errorText.size, targets });
  return targets;
}
function prepare(text: string): Fuzzysort.Prepared {
  let p = prepared.get(text);
  if (!p) prepared.set(text, (p = fuzzysort.prepare(text)));
  return p;
}

/**
 * The longest query scored fuzzily; a longer one (a paste) is looked for as text only.
 * Fuzzy scoring costs about query × target per string, took 160 ms a key for 60,000
 * characters, and finds nothing so long that a text search would not.
 */
const FUZZY_MAX = 256;

/** A text-only match: found, but below any fuzzy match of a method, tool or model. */
const TEXT_SCORE = -1e9;

const lineCache = new WeakMap<TraceStore, { version: number; query: string; rows: Uint8Array }>();

/** Rows scanned per step of `linesContainingSoon`: a few milliseconds of reading. */
const STEP_ROWS = 8192;

/**
 * Rows whose raw line contains `query` (smart case): the text part of search, so a
 * word said in a turn or returned by a tool is found too. A scan of the source by
 * blocks, kept for the same query and store version.
 */
export function linesContaining(store: TraceStore, query: string): Uint8Array {
  const q = query.trim();
  const c = lineCache.get(store);
  if (c && c.version === store.version && c.query === q) return c.rows;
  const rows = textMatches(store, q, hasCapital(q));
  lineCache.set(store, { version: store.version, query: q, rows });
  return rows;
}

/**
 * `linesContaining`, a step of rows per turn of the event loop, so keys are read
 * between steps (scanning 200 MiB at once held every key for ~190 ms). Resolves to
 * null once `cancelled()` says the result is no longer wanted.
 */
export async function linesContainingSoon(
  store: TraceStore,
  query: string,
  cancelled: () => boolean,
): Promise<Uint8Array | null> {
  const q = query.trim();
  const c = lineCache.get(store);
  if (c && c.version === store.version && c.query === q) return c.rows;
  const { epoch } = store;
  const count = store.count;
  const rows = new Uint8Array(count);
  for (let from = 0; from < count; from += STEP_ROWS) {
    // Rows read again (a followed file rewritten): these row numbers name other records.
    if (cancelled() || store.epoch !== epoch) return null;
    textMatches(store, q, hasCapital(q), from, rows, Math.min(count, from + STEP_ROWS));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (cancelled() || store.epoch !== epoch) return null;
  // Rows added meanwhile are scanned at once (few): the result covers the store as it is.
  const whole = count === store.count ? rows : textMatches(store, q, hasCapital(q), count, grown(rows, store.count));
  lineCache.set(store, { version: store.version, query: q, rows: whole });
  return whole;
}

const grown = (rows: Uint8Array, size: number): Uint8Array<ArrayBuffer> => {
  const next = new Uint8Array(size);
  next.set(rows);
  return next;
};

/** Error texts prepared per step of `prepareSearchSoon`. */
const STEP_TEXTS = 256;

/**
 * Prepares the error texts search scores, ahead of a first query and a step per turn
 * of the event loop: the first two-letter query on 9,000 of them took 200-400 ms.
 */
export async function prepareSearchSoon(store: TraceStore, cancelled: () => boolean): Promise<void> {
  let n = 0;
  for (const [, key] of fuzzyErrors(store)) {
    if (cancelled()) return;
    prepare(key);
    if (++n % STEP_TEXTS === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (!cancelled()) errorTargets(store);
}

/**
 * Scores each distinct string once per query (a trace has few distinct methods,
 * tools and models), then maps rows to their strings' scores; error texts are
 * prepared lazily, only for rows that have one. `lines` (from `linesContaining`)
 * adds rows whose text contains the query, ranked below every fuzzy match.
 */
export function search(
  store: TraceStore,
  list: { length: number; at(i: number): number },
  query: string,
  lines?: Uint8Array,
): SearchResult {
  const q = query.trim();
  const result: SearchResult = { query, positions: [], best: -1 };
  if (!q) return result;
  // One score per distinct string (methods, tools, models, roles, kinds), by string id.
  const scores = new Float64Array(store.cols.strings.values.length).fill(NaN);
  const fuzzy = q.length <= FUZZY_MAX;
  const scoreOf = (id: number): number => {
    if (id < 0 || !fuzzy) return -Infinity;
    let s = scores[id]!;
    if (Number.isNaN(s)) {
      const r = fuzzysort.single(q, prepare(store.cols.str(id)!));
      scores[id] = s = r ? r.score : -Infinity;
    }
    return s;
  };
  const errors = new Map<number, number>();
  // Error texts join in from two characters on (one letter matches nearly every text).
  if (store.cols.errorText.size && q.length > 1 && fuzzy) {
    // fuzzysort.go over one prepared array is ~3x faster than a single() per text.
    for (const r of fuzzysort.go(q, errorTargets(store), { key: 'p' })) errors.set(r.obj.row, r.score);
  }
  const label = store.cols.label.data;
  const name = store.cols.name.data;
  let bestScore = -Infinity;
  for (let i = 0; i < list.length; i++) {
    const row = list.at(i);
    let score = Math.max(scoreOf(label[row]!), scoreOf(name[row]!));
    if (errors.size) score = Math.max(score, errors.get(row) ?? -Infinity);
    // A call is one unit, as in filters: text in its response counts too.
    if (score === -Infinity && lines && (lines[row] || lines[store.cols.pairOf(row)] === 1)) score = TEXT_SCORE;
    if (score === -Infinity) continue;
    result.positions.push(i);
    if (score > bestScore) {
      bestScore = score;
      result.best = i;
    }
  }
  return result;
}
