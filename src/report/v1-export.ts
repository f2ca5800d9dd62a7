import { isDateMs, isoTime } from '../kit/dates.js';
import { isObject, type JsonObject } from '../kit/values.js';
import { countedUsage } from '../store/counted-usage.js';
import { sessionOf } from '../store/stats.js';
import type { TraceStore } from '../store/trace-store.js';
import { Dir, Kind } from '../trace/enums.js';
import { FORMAT_NAMES } from '../trace/formats/format.js';
import {
  labelOf,
  madeEnd,
  madeMeta,
  memberText,
  messageText,
  type SessionFrame,
  v1Message,
} from '../trace/formats/records.js';
import { classify } from '../trace/parse-line.js';
import { exportLines } from './jsonl-export.js';

/** The first row of `kind` in `file`, searching from the start (or from the end). */
function rowOf(store: TraceStore, file: number, kind: number, fromEnd = false): number {
  const n = store.count;
  for (let i = 0; i < n; i++) {
    const row = fromEnd ? n - 1 - i : i;
    if (store.fileOf(row) === file && store.kindOf(row) === kind) return row;
  }
  return -1;
}

/** A time a date holds, else null (an mcp-rec `ts` of 9e15 seconds, an unreadable startedAt). */
const dated = (ms: number | null): number | null => (ms !== null && isDateMs(ms) ? ms : null);

/** The session a made meta or end line describes: the stats' start and end, else the records' times. */
export function frameOf(store: TraceStore, file: number): SessionFrame {
  const f = store.files[file]!;
  const s = sessionOf(f);
  const start = dated(s.startedAt === null ? f.firstT : Date.parse(s.startedAt));
  const end = dated(s.endedAt === null ? f.maxT : Date.parse(s.endedAt));
  return { startMs: start, endMs: end, label: s.label ?? labelOf(f.name) };
}

/**
 * True when a row of a converted recording (mcp-rec, a cassette) reaches a v1 export
 * without a `t`: its time is none, or one no ISO-8601 date holds. Its line keeps what
 * it was given; `validate` names it.
 */
export function untimed(store: TraceStore, row: number): boolean {
  const kind = store.kindOf(row);
  if (kind === Kind.meta || kind === Kind.end || kind === Kind.skip) return false;
  if (store.files[store.fileOf(row)]!.format.name === FORMAT_NAMES.v1) return false;
  const t = store.tOf(row);
  return t === null || !isDateMs(t);
}

/**
 * `--export` and `w`: a trace `validate` accepts. The source's meta line first (or one
 * made from the session), then the chosen records byte for byte (mcp-rec's lines
 * become v1 message lines, their messages as written), then the source's end line (or
 * a made one). The frame is the first chosen row's file's.
 */
export function* v1Export(store: TraceStore, rows: ArrayLike<number>): Iterable<string> {
  const file = rows.length ? store.fileOf(rows[0]!) : 0;
  const f = store.files[file];
  if (!f) return;
  const frame = frameOf(store, file);
  const meta = rowOf(store, file, Kind.meta);
  const end = rowOf(store, file, Kind.end, true);
  yield meta >= 0 ? (store.rawLine(meta) ?? madeMeta(frame)) : madeMeta(frame);
  // Not meta or end lines (a second session's would break the frame), nor skipped lines (no records).
  const body = Int32Array.from(rows).filter((row) => {
    const kind = store.kindOf(row);
    return kind !== Kind.meta && kind !== Kind.end && kind !== Kind.skip;
  });
  if (f.format.name === FORMAT_NAMES.mcpRec) yield* mcpRecAsV1(store, body);
  else if (f.format.name === FORMAT_NAMES.claudeCode || f.format.name === FORMAT_NAMES.codex)
    yield* agentAsV1(store, body);
  else yield* exportLines(store, body);
  yield end >= 0 ? (store.rawLine(end) ?? madeEnd(frame)) : madeEnd(frame);
}

/**
 * An agent's turn lines as the v1 turns they read as, each with the usage it was counted
 * with (a response's copies add only what grew, its parts none), so the export counts
 * what the transcript counts; its other lines as they are (unknown types, legal in v1).
 */
function* agentAsV1(store: TraceStore, rows: Int32Array): Iterable<string> {
  for (const row of rows) {
    const line = store.rawLine(row) ?? '';
    const parsed = store.kindOf(row) === Kind.turn ? parsedObject(line) : null;
    if (parsed?.kind !== 'turn') {
      yield line;
      continue;
    }
    const t = store.tOf(row);
    const iso = t === null ? null : isoTime(t);
    const turn: JsonObject = { ...(iso === null ? {} : { t: iso }), ...parsed.obj };
    if (turn.role === 'assistant') {
      const model = store.nameOf(row);
      if (model !== null) turn.model = model;
      const usage = countedUsage(store, row);
      const thinking = isObject(parsed.obj.usage) ? parsed.obj.usage.thinking_tokens : undefined;
      if (usage === null) delete turn.usage;
      else
        turn.usage = {
          input_tokens: usage.input,
          output_tokens: usage.output,
          ...(usage.cacheRead === null ? {} : { cache_read_input_tokens: usage.cacheRead }),
          ...(usage.cacheWrite === null ? {} : { cache_creation_input_tokens: usage.cacheWrite }),
          ...(thinking === undefined || usage.continues ? {} : { thinking_tokens: thinking }),
        };
    }
    yield JSON.stringify(turn);
  }
}

/** A line as the record it reads as (a v1 turn from any agent's format), or null. */
export function parsedObject(line: string) {
  try {
    const v: unknown = JSON.parse(line);
    return isObject(v) ? classify(v) : null;
  } catch {
    return null;
  }
}

/** mcp-rec lines as v1 message lines (other lines of such a file are kept as they are). */
function* mcpRecAsV1(store: TraceStore, rows: Int32Array): Iterable<string> {
  let last = -1;
  for (const row of rows) {
    const offset = store.offsetOf(row);
    if (offset === last) continue;
    last = offset;
    const line = store.rawLine(row) ?? '';
    const dir = store.dirOf(row);
    const message = store.kindOf(row) === Kind.message ? messageText(line, null) : null;
    yield message === null
      ? line
      : v1Message(store.tOf(row), dir === Dir.in ? 'in' : 'out', message, memberText(line, 'ts'));
  }
}
