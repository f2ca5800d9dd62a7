import { COUNT_KEYS, COUNT_LIMIT, countOf, INVALID_COUNT, timeOf } from '../kit/counts.js';
import { hasEscapedKey, inexactAfter, memberShown, valueText } from '../kit/json-walk.js';
import { isObject, type JsonObject, num, str } from '../kit/values.js';
import { DIRS, filterWords } from './enums.js';
import { notJsonReason, notObjectReason } from './parse-line.js';

/** One finding of `validate`, with the line it is about. */
export interface Finding {
  line: number;
  severity: 'error' | 'warning';
  rule: string;
  message: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const HEX64 = /^[0-9a-f]{64}$/;
/** The dirs the format names: those a filter takes (enums.ts). */
const KNOWN_DIRS = new Set(filterWords(DIRS));
const KNOWN_BLOCKS = new Set(['thinking', 'text', 'tool_use', 'tool_result', 'history_elided']);
/** End reasons that say no process was wrapped, so an exitCode makes no sense. */
const NO_PROCESS = new Set(['imported', 'producer_shutdown']);
/** The most of a value a message quotes. */
const SHOWN = 80;

/**
 * Checks a trace against the v1 spec, line by line (streaming: the caller feeds
 * lines and calls `end()`). Errors break the spec; warnings are legal but worth
 * knowing (unknown types, dirs and blocks; an exitCode where no process ran).
 */
/** Findings listed per rule unless every one is asked for (`validate --all`). */
export const FINDINGS_PER_RULE = 20;

/** The findings of a rule that were counted but not kept. */
export interface Omitted {
  rule: string;
  count: number;
}

export class Validator {
  readonly findings: Finding[] = [];
  /** Every finding counted, kept or not. */
  errors = 0;
  warnings = 0;
  private seenRecord = false;
  private metaSeen = false;
  /** An end line that is not (yet known to be) the last record. */
  private endLine: number | null = null;
  /** The line of the last record seen, and whether an end line was seen at all. */
  private lastLine = 0;
  private endSeen = false;
  /** The line being checked, as written: values in messages are quoted from it. */
  private text = '';
  /** Per rule (in order of its first finding): findings seen. */
  private readonly perRule = new Map<string, number>();

  /**
   * @param keepPerRule findings kept per rule: the first ones in line order (each rule's
   * findings arrive in line order), the rest only counted, so a file of a million blank
   * lines costs twenty findings, not a million. Infinity keeps every one.
   */
  constructor(private readonly keepPerRule = FINDINGS_PER_RULE) {}

  protected add(line: number, severity: Finding['severity'], rule: string, message: string): void {
    if (severity === 'error') this.errors++;
    else this.warnings++;
    const seen = (this.perRule.get(rule) ?? 0) + 1;
    this.perRule.set(rule, seen);
    if (seen <= this.keepPerRule) this.findings.push({ line, severity, rule, message });
  }

  /** Rules with findings beyond those kept, and how many: `… and N more (rule)`. */
  omitted(): Omitted[] {
    const out: Omitted[] = [];
    for (const [rule, seen] of this.perRule)
      if (seen > this.keepPerRule) out.push({ rule, count: seen - this.keepPerRule });
    return out;
  }

  /** A file with no line but blank ones: no trace (`validate` would otherwise call it valid). */
  empty(): void {
    this.add(1, 'error', 'empty', 'no record: an empty file is not a trace');
  }

  /** A line the reader did not read (longer than its limit): an error, the record unknown. */
  unread(line: number, reason: string): void {
    this.add(line, 'error', 'line-too-long', reason);
  }

  push(text: string, line: number): void {
    const value = this.object(text, line);
    if (value !== null) this.record(value, line, text);
  }

  /** A line's JSON object, or null after saying why it is none (blank, not JSON, not an object). */
  protected object(text: string, line: number): JsonObject | null {
    this.text = text;
    if (text.trim() === '') {
      this.add(
        line,
        'warning',
        'blank-line',
        'blank line (consumers skip it; the format has one JSON object per line)',
      );
      return null;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.add(line, 'error', 'not-json', notJsonReason(error));
      return null;
    }
    if (!isObject(value)) {
      this.add(line, 'error', 'not-object', notObjectReason(value));
      return null;
    }
    return value;
  }

  private record(value: JsonObject, line: number, text: string): void {
    if (this.endLine !== null) {
      this.add(this.endLine, 'error', 'end-not-last', `the end line is followed by more records (line ${line})`);
      this.endLine = null;
    }
    const first = !this.seenRecord;
    this.seenRecord = true;
    this.lastLine = line;
    const type = value.type;
    if (type === 'meta') this.meta(value, line, first);
    else {
      if (first) this.add(line, 'error', 'meta-first', 'the first line is not the meta line');
      if (type === 'turn') {
        this.turn(value, line);
        this.turnNumbers(value, line, text);
      } else if (type === 'end') this.endRecord(value, line, text);
      else if (type === undefined) this.message(value, line);
      else
        this.add(
          line,
          'warning',
          'unknown-type',
          `unknown type ${this.shown('type')} (legal: consumers skip or show it generically)`,
        );
    }
  }

  /**
   * A top-level member of the line being checked, as a message shows it: as written
   * (a number's own text), at most SHOWN characters, or `absent`.
   */
  protected shown(key: string): string {
    return memberShown(this.text, key, SHOWN);
  }

  /** After the last line: file-level findings, and all findings in line order. */
  finish(): Finding[] {
    if (!this.metaSeen && this.seenRecord) this.add(1, 'error', 'meta-missing', 'no meta line');
    // Legal (a crash, a live session, a rotated file leave none) but worth knowing: the session's end is unknown.
    else if (this.metaSeen && !this.endSeen)
      this.add(
        this.lastLine,
        'warning',
        'end-missing',
        'no end line: the recording stopped before writing one (or is still being written)',
      );
    return this.findings.sort((a, b) => a.line - b.line);
  }

  private time(o: JsonObject, line: number, field = 't'): void {
    const t = o[field];
    if (t === undefined) return;
    if (typeof t !== 'string' || !ISO.test(t) || Number.isNaN(Date.parse(t)))
      this.add(line, 'error', 't-iso', `${field} is not an ISO-8601 time: ${this.shown(field)}`);
  }

  private meta(o: JsonObject, line: number, first: boolean): void {
    if (!first)
      this.add(
        line,
        'error',
        'meta-first',
        this.metaSeen
          ? 'a second meta line (two sessions appended to one file?)'
          : 'the meta line is not the first line',
      );
    this.metaSeen = true;
    for (const field of ['v', 'startedAt', 'label', 'command'] as const)
      if (o[field] === undefined) this.add(line, 'error', 'meta-fields', `meta has no ${field}`);
    if (o.v !== undefined && o.v !== 1) this.add(line, 'error', 'meta-fields', `meta.v is ${this.shown('v')}, not 1`);
    if (o.command !== undefined && !Array.isArray(o.command))
      this.add(line, 'error', 'meta-fields', 'meta.command is not an array');
    this.time(o, line, 'startedAt');
  }

  private message(o: JsonObject, line: number): void {
    for (const field of ['t', 'dir', 'raw'] as const)
      if (o[field] === undefined) this.add(line, 'error', 'message-fields', `a message line without ${field}`);
    this.time(o, line);
    const dir = str(o.dir);
    if (dir !== null && !KNOWN_DIRS.has(dir))
      this.add(
        line,
        'warning',
        'unknown-dir',
        `unknown dir ${JSON.stringify(dir)} (legal: consumers ignore it gracefully)`,
      );
  }

  private turn(o: JsonObject, line: number): void {
    if (o.t === undefined) this.add(line, 'error', 'turn-fields', 'a turn without t');
    if (o.role === undefined) this.add(line, 'error', 'turn-fields', 'a turn without role');
    if (!Array.isArray(o.blocks))
      this.add(
        line,
        'error',
        'turn-fields',
        o.blocks === undefined ? 'a turn without blocks' : 'turn.blocks is not an array',
      );
    this.time(o, line);
    if (o.echoed === true && o.role !== 'assistant')
      this.add(line, 'error', 'echoed-role', `echoed on a ${this.shown('role')} turn: only assistant turns are echoed`);
    const usage = isObject(o.usage) ? o.usage : null;
    const thinking = num(usage?.thinking_tokens);
    const output = num(usage?.output_tokens);
    if (thinking !== null && output !== null && thinking > output)
      this.add(
        line,
        'error',
        'thinking-over-output',
        `thinking_tokens ${thinking} > output_tokens ${output} (thinking is a subset of output)`,
      );
    const blocks = Array.isArray(o.blocks) ? o.blocks : [];
    blocks.forEach((b, i) => {
      const type = isObject(b) ? str(b.type) : null;
      if (type === 'history_elided') this.elided(b as JsonObject, line, i);
      else if (type === null || !KNOWN_BLOCKS.has(type))
        this.add(
          line,
          'warning',
          'unknown-block',
          `block ${i} has ${type === null ? 'no type' : `unknown type ${JSON.stringify(type)}`} (legal: renderers show a placeholder)`,
        );
    });
  }

  private elided(b: JsonObject, line: number, index: number): void {
    const problems: string[] = [];
    if (!(typeof b.count === 'number' && Number.isInteger(b.count) && b.count > 0))
      problems.push('count is not a positive integer');
    if (!(typeof b.sha256 === 'string' && HEX64.test(b.sha256)))
      problems.push('sha256 is not 64 lowercase hex characters');
    if (!(typeof b.request_sha256 === 'string' && HEX64.test(b.request_sha256)))
      problems.push('request_sha256 is not 64 lowercase hex characters');
    if (problems.length)
      this.add(line, 'error', 'history-elided', `malformed history_elided block ${index}: ${problems.join('; ')}`);
  }

  /** Token counts and times the viewer leaves out of its totals (counts.ts), each named with its text as written. */
  private turnNumbers(o: JsonObject, line: number, text: string): void {
    const usage = isObject(o.usage) ? o.usage : {};
    for (const field of COUNT_KEYS) {
      const v = usage[field];
      if (typeof v !== 'number') continue;
      // The walk to the text only when it may tell (found with indexOf: a turn line may be long).
      const written =
        countOf(v) !== v || inexactAfter(text, `"${field}"`) || hasEscapedKey(text)
          ? (valueText(text, ['usage', field]) ?? String(v))
          : String(v);
      const count = countOf(v, written);
      if (count === INVALID_COUNT)
        this.add(
          line,
          'warning',
          'token-count',
          `usage.${field} is ${written}: not a count (a whole number, 0 or more); left out of the totals`,
        );
      else if (count > COUNT_LIMIT)
        this.add(
          line,
          'warning',
          'token-count',
          `usage.${field} is ${written}: above 2^53, not exact in a double; left out of the totals`,
        );
    }
    const timing = isObject(o.timing) ? o.timing : {};
    for (const field of ['ttft_ms', 'duration_ms'] as const) {
      const v = timing[field];
      if (typeof v === 'number' && timeOf(v, valueText(text, ['timing', field]) ?? undefined) === INVALID_COUNT)
        this.add(
          line,
          'warning',
          'turn-time',
          `timing.${field} is ${valueText(text, ['timing', field]) ?? String(v)}: no time (negative, not finite or above 2^53 ms); left out`,
        );
    }
  }

  private endRecord(o: JsonObject, line: number, text: string): void {
    this.endLine = line;
    this.endSeen = true;
    if (typeof o.exitCode === 'number' && !Number.isSafeInteger(o.exitCode))
      this.add(
        line,
        'warning',
        'exitcode-integer',
        `exitCode is ${valueText(text, ['exitCode']) ?? String(o.exitCode)}: not an integer (an exit code is one)`,
      );
    this.time(o, line);
    if (num(o.durationMs) === null) this.add(line, 'error', 'end-fields', 'the end line has no durationMs');
    const reason = str(o.reason);
    if (o.exitCode !== undefined && reason !== null && NO_PROCESS.has(reason))
      this.add(
        line,
        'warning',
        'end-exitcode',
        `exitCode on an end line whose reason "${reason}" says no process was wrapped`,
      );
  }
}
