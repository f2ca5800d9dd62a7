import type { Glob } from '../kit/glob.js';
import { foldCase } from '../kit/text.js';
import { DIRS, Kind, Shape, STATUSES, Status } from '../trace/enums.js';
import type { Filter, Term } from '../trace/filter.js';
import { callTurnOf, listsToolUses, toolUseLatency, toolUseStatus } from './agent-calls.js';
import { Flag } from './codes.js';
import { FoldedFinder } from './folded-find.js';
import { httpFailureOf } from './http-failures.js';
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
/** One buffer for every block of every scan (scans are synchronous: none overlaps another). */
let blockScratch: Buffer | null = null;
/** A block with its ASCII letters in lower case (for a needle whose letters are all ASCII). */
let foldScratch: Buffer | null = null;

/** A buffer to fold `size` bytes into: the shared one, or (a row longer than a block) one of its own. */
const foldBuffer = (size: number): Buffer =>
  size <= BLOCK ? (foldScratch ??= Buffer.allocUnsafe(BLOCK)) : Buffer.allocUnsafe(size);

/**
 * A needle longer than this is looked for row by row, and only in rows as long as it:
 * `indexOf` over a whole block lets a long needle's windows run on across rows, and on
 * repetitive text (a pasted run of one letter) that took seconds.
 */
const LONG_NEEDLE = 256;

/** Whether every letter of `text` with a case is ASCII (so ASCII folding is all smart case needs). */
const asciiCase = (text: string): boolean =>
  [...text].every((ch) => ch.charCodeAt(0) < 0x80 || ch.toLowerCase() === ch.toUpperCase());

/** `bytes` with A-Z as a-z (every other byte as it is) in `into`, which is returned. */
function asciiLower(bytes: Buffer, into: Buffer): Buffer {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    into[i] = b >= 0x41 && b <= 0x5a ? b | 0x20 : b;
  }
  return into.subarray(0, bytes.length);
}

/**
 * Rows whose raw line contains `needle` (smart case). Reads the source back in
 * large blocks and searches their bytes, so positions are byte offsets. A lower-case
 * needle matches any case: when its letters are ASCII, by `FoldedFinder` (A-Z as a-z;
 * only ASCII: UTF-8 bytes folded as Latin-1 would match the wrong characters); else
 * (`é` for `É`) each row is decoded and case-folded.
 * No RegExp: a needle of any length (V8 refuses a pattern past ~40,000 characters).
 * Rows `from` to `to` (exclusive) are scanned, so a caller can scan in steps.
 */
export function textMatches(
  store: TraceStore,
  needle: string,
  caseSensitive: boolean,
  from = 0,
  into = new Uint8Array(store.count),
  to = store.count,
): Uint8Array {
  // Case only matters for letters: without any, search the bytes as they are (no decoding).
  const fold = !caseSensitive && needle.toLowerCase() !== needle.toUpperCase();
  const unicode = fold && !asciiCase(needle);
  const folded = fold ? foldCase(needle) : needle;
  const bytes = Buffer.from(unicode ? needle : folded, 'utf8');
  const low = store.cols.offsetLow.data;
  const high = store.cols.offsetHigh.data;
  const offset = (row: number): number => low[row]! + high[row]! * 2 ** 32;
  const length = store.cols.length;
  const file = store.cols.file.data;
  // One buffer for every block: no fresh 4 MiB allocation (and page faults) per read.
  const scratch = (blockScratch ??= Buffer.allocUnsafe(BLOCK));
  let finder: FoldedFinder | undefined;
  const stop = Math.min(to, store.count);
  let r = from;
  while (r < stop) {
    const f = file[r]!;
    const start = offset(r);
    let end = r;
    while (
      end + 1 < stop &&
      file[end + 1] === f &&
      offset(end + 1) >= start &&
      offset(end + 1) + length.at(end + 1) - start <= BLOCK
    )
      end++;
    const last = offset(end) + length.at(end);
    const read = store.readBytes(f, start, last - start, scratch);
    if (read && unicode) {
      for (let i = r; i <= end; i++) {
        const rowStart = offset(i) - start;
        if (foldCase(read.toString('utf8', rowStart, rowStart + length.at(i))).includes(folded)) into[i] = 1;
      }
    } else if (read) {
      const size = bytes.length;
      if (size > LONG_NEEDLE) {
        const buf = fold ? asciiLower(read, foldBuffer(read.length)) : read;
        for (let i = r; i <= end; i++) {
          const rowStart = offset(i) - start;
          if (length.at(i) >= size && buf.subarray(rowStart, rowStart + length.at(i)).indexOf(bytes) >= 0) into[i] = 1;
        }
        r = end + 1;
        continue;
      }
      // Smart case looks for the needle's rarest byte in both cases, not in a folded copy.
      if (fold) (finder ??= new FoldedFinder(bytes, read, foldBuffer)).reset(read);
      const find = (from: number) => (finder ? finder.first(from) : read.indexOf(bytes, from));
      let pos = -1;
      for (let i = r; i <= end; i++) {
        const rowStart = offset(i) - start;
        if (pos < rowStart) pos = find(rowStart);
        if (pos < 0) break;
        if (pos + size <= rowStart + length.at(i)) into[i] = 1;
      }
    }
    r = end + 1;
  }
  return into;
}

/**
 * A call's state as the filter names it: `error` covers JSON-RPC errors, isError results and
 * a call left unanswered whose recorder noted an HTTP error (its row in Calls says `✗ HTTP 429`).
 */
function filterStatus(store: TraceStore, row: number): string | null {
  const status = STATUSES[store.cols.status.data[row]!]?.filter ?? null;
  return status === 'pending' && httpFailureOf(store, row) !== null ? 'error' : status;
}

/** Whether a tool a row is about (a tools/call, or a turn's tool_use/tool_result pairs) is one `matches` names. */
function anyTool(store: TraceStore, row: number, matches: (value: string | null) => boolean): boolean {
  if (store.cols.kind.data[row] === Kind.turn) {
    const cols = store.cols;
    const rows = cols.linkRow.data;
    for (let i = cols.linkStart(row); i < cols.linkRow.length && rows[i] === row; i++) {
      const v = cols.linkPair.data[i]!;
      if (matches(store.pairs.nameOf(v < 0 ? ~v : v))) return true;
    }
    return false;
  }
  return store.cols.kind.data[row] === Kind.message && matches(store.cols.str(store.cols.name.data[row]!));
}

/** Distinct values remembered per term: strings are interned, so a trace has few. */
const MEMO_LIMIT = 65_536;

/**
 * Whether a value matches any of a term's globs, each distinct value tested once (a
 * filter over 350,000 rows tested the same few tool names with every pattern per row).
 */
function globMatcher(patterns: Glob[]): (value: string | null) => boolean {
  const memo = new Map<string, boolean>();
  return (value) => {
    if (value === null) return false;
    let hit = memo.get(value);
    if (hit === undefined) {
      hit = patterns.some((p) => p.test(value));
      if (memo.size < MEMO_LIMIT) memo.set(value, hit);
    }
    return hit;
  };
}

/**
 * Whether a unit (a call: request and response; else one row) carries the term's
 * field and satisfies it. A record without the field does not match (so `-term` keeps it).
 */
function test(
  store: TraceStore,
  term: Term,
  row: number,
  other: number,
  found: Uint8Array | undefined,
  start: number | null,
  fileLabels: string[],
  matches: (value: string | null) => boolean,
  toolUses: boolean,
): boolean {
  const kind = store.cols.kind.data[row];
  // An agent's transcript: a tool_use turn is a call, with its status and latency (store/agent-calls.ts).
  const useCall = isToolUseCall(store, row, toolUses);
  switch (term.field) {
    case 'text': {
      const m = found!;
      return m[row] === 1 || (other >= 0 && m[other] === 1);
    }
    case 'method': {
      if (kind !== Kind.message) return false;
      const shape = store.cols.shape.data[row];
      return (
        (shape === Shape.request || shape === Shape.notification || other >= 0) &&
        matches(store.cols.str(store.cols.label.data[row]!))
      );
    }
    case 'tool':
      return anyTool(store, row, matches);
    case 'model':
      return kind === Kind.turn && matches(store.cols.str(store.cols.name.data[row]!));
    case 'role':
      return kind === Kind.turn && matches(store.cols.str(store.cols.label.data[row]!));
    case 'kind':
      return kind === Kind.event && matches(store.cols.str(store.cols.label.data[row]!));
    case 'file':
      return matches(fileLabels[store.cols.file.data[row]!]!);
    case 'dir': {
      const word = DIRS[store.cols.dir.data[row]!]!.filter;
      return word !== null && term.values.includes(word);
    }
    case 'status': {
      const s = useCall
        ? (STATUSES[toolUseStatus(store, callTurnOf(store, row))]?.filter ?? null)
        : kind === Kind.message
          ? filterStatus(store, row)
          : null;
      return s !== null && term.values.includes(s);
    }
    case 'latency': {
      const l =
        other >= 0 ? store.cols.latency(row, other) : useCall ? toolUseLatency(store, callTurnOf(store, row)) : null;
      if (l === null) return false;
      return term.op === '<'
        ? l < term.ms
        : term.op === '<='
          ? l <= term.ms
          : term.op === '>'
            ? l > term.ms
            : term.op === '>='
              ? l >= term.ms
              : l === term.ms;
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
 * Whether a row is a problem to look at (the `]` and `[` keys): a failed call (what
 * `status:error` keeps: a protocol error, an `isError` result or an HTTP error), a turn whose tool_results failed, an
 * `llm.error` event or an unanswered error response, or a skipped line.
 */
export function hasProblem(store: TraceStore, row: number): boolean {
  return (
    filterStatus(store, row) === 'error' ||
    (store.cols.flags.data[row]! & Flag.rowErrors) !== 0 ||
    store.cols.kind.data[row] === Kind.skip ||
    (isToolUseCall(store, row, listsToolUses(store)) && toolUseStatus(store, row) === Status.isError)
  );
}

/** Whether a row is a turn that stands for tool calls: in an agent's transcript (`listed`), a turn with tool links. */
function isToolUseCall(store: TraceStore, row: number, listed: boolean): boolean {
  return listed && store.cols.kind.data[row] === Kind.turn && (store.cols.flags.data[row]! & Flag.toolLinks) !== 0;
}

/**
 * Applies a filter to every row. A call is one unit: its request and response are
 * kept or dropped together, judged on the request's fields (status and latency are
 * the call's) and on the text of both lines.
 */
export function applyFilter(
  store: TraceStore,
  filter: Filter,
  start: number | null,
  fileLabels: string[],
  previous?: FilterResult,
): FilterResult {
  const text = new Map<Term, Uint8Array>();
  for (const term of filter.terms) {
    if (term.field !== 'text') continue;
    // Text never changes once read: reuse the previous scan and read only new rows
    // (not across epochs: a followed file read again numbers its rows anew).
    const old = previous?.filter.text === filter.text ? previousText(store, previous, term) : null;
    const into = new Uint8Array(store.count);
    if (old) into.set(old.subarray(0, Math.min(old.length, store.count)));
    text.set(term, textMatches(store, term.needle, term.caseSensitive, old ? old.length : 0, into));
  }
  const keep = new Uint8Array(store.count);
  const terms = filter.terms;
  // Each text term's matches, by term index: no map lookup per row.
  const found = terms.map((term) => text.get(term));
  const never = () => false;
  const matchers = terms.map((term) => ('patterns' in term ? globMatcher(term.patterns) : never));
  const kinds = store.cols.kind.data;
  const toolUses = listsToolUses(store);
  let count = 0;
  for (let row = 0; row < store.count; row++) {
    const other = kinds[row] === Kind.message ? store.cols.pairOf(row) : -1;
    if (other >= 0 && other < row) {
      keep[row] = keep[other]!;
    } else {
      let ok = 1;
      for (let k = 0; k < terms.length; k++) {
        const term = terms[k]!;
        if (test(store, term, row, other, found[k], start, fileLabels, matchers[k]!, toolUses) === term.negate) {
          ok = 0;
          break;
        }
      }
      keep[row] = ok;
    }
    count += keep[row]!;
  }
  const rows = new Int32Array(count);
  for (let row = 0, i = 0; row < store.count; row++) if (keep[row]) rows[i++] = row;
  const result: FilterResult = { filter, keep, rows, count };
  textCache.set(result, { epoch: store.epoch, text });
  return result;
}

const textCache = new WeakMap<FilterResult, { epoch: number; text: Map<Term, Uint8Array> }>();

function previousText(store: TraceStore, previous: FilterResult, term: Term): Uint8Array | null {
  const cached = textCache.get(previous);
  if (!cached || cached.epoch !== store.epoch || term.field !== 'text') return null;
  for (const [t, m] of cached.text)
    if (
      t.field === 'text' &&
      t.needle === term.needle &&
      t.caseSensitive === term.caseSensitive &&
      t.negate === term.negate
    )
      return m;
  return null;
}
