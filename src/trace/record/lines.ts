import { isoTime } from '../../kit/dates.js';
import type { MessageDir } from '../enums.js';
import { TOOL } from '../tool.js';
import { redactJsonText, redactString } from './redact.js';

/** The producer, as format extensions §1 names one: on the meta line and on every line of our own (events). */
export const RECORD_SOURCE = `${TOOL.name}@${TOOL.version}`;

/**
 * What the recorder notes that is no JSON-RPC message, as `dir: "event"` lines (a
 * producer-defined payload, which readers show and never pair):
 * - `record.not_json`: a line on the wire that is not JSON (`raw: {from, text}`), forwarded as it was;
 * - `record.too_long`: a message too long to keep (`raw: {from, bytes}`), forwarded whole;
 * - `record.unterminated`: bytes left without a newline when a stream ended (`raw: {from, text}`);
 * - `record.spawn_failed`: the server could not be started (`raw: {command, error}`);
 * - `record.upstream_error`: the HTTP server could not be reached (`raw: {method, error}`);
 * - `record.not_recorded`: an HTTP body forwarded but not read (`raw: {from, reason}`).
 */
export type RecordEventKind =
  | 'record.not_json'
  | 'record.too_long'
  | 'record.unterminated'
  | 'record.spawn_failed'
  | 'record.upstream_error'
  | 'record.not_recorded';

/** Who sent a message: the client (`dir: "in"`) or the server (`dir: "out"`). */
export const SENDER: Record<MessageDir, 'client' | 'server'> = { in: 'client', out: 'server' };

/** How a recording ended: a wrapped process's exit, or a reason when none was wrapped. */
export type Ending =
  | { exitCode: number; signal?: string; reason?: string }
  | { reason: 'producer_shutdown' | 'transport_error' };

/** Whether `text` is one JSON value (what a message line's `raw` can hold as it was sent). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The last time made into text: the lines of one burst share their millisecond. */
let lastMs = Number.NaN;
let lastIso = '';
const iso = (ms: number) => {
  if (ms !== lastMs) {
    lastMs = ms;
    // The clock's own time: always one a date holds.
    lastIso = isoTime(ms)!;
  }
  return lastIso;
};

/**
 * JSON text on one line: a line break in valid JSON can only be whitespace between
 * tokens (inside a string it is escaped), so it becomes a space and the value is the
 * same. A pretty-printed HTTP body would otherwise cut the trace's line in two.
 */
function oneLineJson(json: string): string {
  return json.includes('\n') || json.includes('\r') ? json.replace(/[\r\n]/g, ' ') : json;
}

/**
 * The lines of one recording (mcp-replay v1), each as JSON text without its newline.
 * A message's JSON is put in `raw` as it was sent, byte for byte but for what the
 * patterns hide: every id, number and key order as the peer wrote them.
 */
export class RecordLines {
  /**
   * @param startedAt when the recording began (ms since the epoch): the meta line's time, and what durations count from
   * @param patterns the user's `--redact` patterns (global regular expressions)
   */
  constructor(
    readonly startedAt: number,
    readonly patterns: readonly RegExp[],
  ) {}

  /** The meta line: `command` already redacted; `url` (the proxied server's, redacted) only for a recording over HTTP. */
  meta(label: string, command: readonly string[], url?: string): string {
    return JSON.stringify({
      v: 1,
      type: 'meta',
      startedAt: iso(this.startedAt),
      label,
      command,
      ...(url === undefined ? {} : { url }),
      source: RECORD_SOURCE,
      producer: { name: TOOL.name, version: TOOL.version },
    });
  }

  /** One line as it passed from its sender at `at`: a message line when it is JSON, else a `record.not_json` event. */
  message(dir: MessageDir, text: string, at: number): string {
    if (!isJsonText(text)) return this.event('record.not_json', { from: SENDER[dir], text }, at);
    return `{"t":"${iso(at)}","dir":"${dir}","raw":${oneLineJson(redactJsonText(text, this.patterns))}}`;
  }

  /**
   * The head of a message line (`{"t":…,"raw":`) when the message can be written after
   * it byte for byte, then `}`: it is JSON on one line and no pattern applies. Null when
   * it cannot, and `message` makes the line. A big message so costs no second encoding.
   */
  verbatimHead(dir: MessageDir, text: string, at: number): string | null {
    if (this.patterns.length > 0 || text.includes('\n') || text.includes('\r') || !isJsonText(text)) return null;
    return `{"t":"${iso(at)}","dir":"${dir}","raw":`;
  }

  /** A line of ours (an event, see RecordEventKind); its strings pass the patterns too. */
  event(kind: RecordEventKind, raw: Record<string, string | number | readonly string[]>, at: number): string {
    const hidden = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        typeof v === 'string'
          ? redactString(v, this.patterns)
          : Array.isArray(v)
            ? v.map((s: string) => redactString(s, this.patterns))
            : v,
      ]),
    );
    return JSON.stringify({ t: iso(at), dir: 'event', kind, source: RECORD_SOURCE, raw: hidden });
  }

  /** The end line: how it ended and the milliseconds since the start. */
  end(ending: Ending, at: number): string {
    return JSON.stringify({ t: iso(at), type: 'end', ...ending, durationMs: Math.max(0, at - this.startedAt) });
  }
}
