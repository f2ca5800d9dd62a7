import { isoTime } from '../../kit/dates.js';
import { MCP_REC_DIRS } from '../enums.js';
import { valueSpans } from './json-spans.js';

/** What a made meta or end line says of the session it frames. */
export interface SessionFrame {
  /** ms, or null when no record has a time (a date can hold). */
  startMs: number | null;
  endMs: number | null;
  label: string;
}

/** A frame's time as ISO text: a time no date holds is taken as none (`now`, which always is one). */
const iso = (ms: number | null, now: number): string => (ms === null ? null : isoTime(ms)) ?? isoTime(now)!;

/** A label as mcp-tape derives one: lowercase, `[^a-z0-9-]` → `-`, 32 characters, `mcp` at worst. */
export function labelOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(jsonl|json|ndjson|txt)$/i, '');
  return (
    stem
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .slice(0, 32) || 'mcp'
  );
}

/**
 * A meta line for a recording that has none (mcp-rec, a rotated file): what v1 asks
 * of one, from the session. Its start is the first record's time (the time of the
 * export when no record has one: v1 asks for a start).
 */
export function madeMeta(frame: SessionFrame, now = Date.now()): string {
  return JSON.stringify({
    v: 1,
    type: 'meta',
    startedAt: iso(frame.startMs, now),
    label: frame.label,
    command: [],
    kind: 'mcp',
    source: 'mcp-replay-tui',
  });
}

/** An end line for a recording that has none: at its last time, no process wrapped. */
export function madeEnd(frame: SessionFrame, now = Date.now()): string {
  const start = frame.startMs !== null && isoTime(frame.startMs) !== null ? frame.startMs : now;
  const end = frame.endMs !== null && isoTime(frame.endMs) !== null ? frame.endMs : start;
  return JSON.stringify({ t: iso(end, now), type: 'end', durationMs: Math.max(0, end - start), reason: 'exported' });
}

/**
 * The JSON-RPC message of a message line, as written (an id past 2^53 or `1.0` kept):
 * `raw` (or mcp-rec's `msg`), element `index` of a batch. Null when it has none.
 */
export function messageText(line: string, index: number | null): string | null {
  const spans = valueSpans(line, 2);
  const key = spans.has('raw') ? 'raw' : 'msg';
  const span = spans.get(index === null ? key : `${key}/${index}`);
  return span === undefined ? null : line.slice(span.start, span.end);
}

/**
 * A v1 message line: `{t, dir, raw}`, the message as written. A time no ISO-8601 date
 * holds (an mcp-rec `ts` of 9e15 seconds) cannot be a `t`: the line keeps `asWritten`
 * instead (`"ts":9e15`, the member it came in), so nothing is lost or made up.
 */
export function v1Message(t: number | null, dir: 'in' | 'out', message: string, asWritten = ''): string {
  const iso = t === null ? null : isoTime(t);
  const time = iso !== null ? `"t":${JSON.stringify(iso)},` : asWritten === '' ? '' : `${asWritten},`;
  return `{${time}"dir":"${dir}","raw":${message}}`;
}

/** A line's top-level member `key` as written (`"ts":9e15`), or '' when it has none. */
export function memberText(line: string, key: string): string {
  const span = valueSpans(line, 1).get(key);
  return span === undefined ? '' : `${JSON.stringify(key)}:${line.slice(span.start, span.end)}`;
}

/** An mcp-rec line as mcp-rec writes it (Python's json.dumps spacing): `ts` in seconds (0 for none). */
export function mcpRecLine(t: number | null, dir: 'in' | 'out', message: string): string {
  return `{"ts": ${t === null || !Number.isFinite(t) ? 0 : t / 1000}, "dir": "${MCP_REC_DIRS[dir]}", "msg": ${message}}`;
}
