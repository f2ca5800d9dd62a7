/**
 * The filter language: space-separated terms, all must hold.
 *
 *   method:tools/call  tool:read_*  dir:in|out|event  status:ok|error|pending|cancelled
 *   model:claude*  role:assistant  kind:llm.*  latency:>500ms  since:90s  until:2026-05-12T23:05Z
 *   file:LABEL  -term (negation)  "quoted words"  bare words match the raw line (smart case)
 *
 * Pure: parsing only. The store evaluates a parsed filter (store/query.ts).
 */

import { type Glob, parseGlob } from '../kit/glob.js';
import { hasCapital } from '../kit/text.js';
import { DIRS, filterWords, STATUSES } from './enums.js';

export const GLOB_FIELDS = ['method', 'tool', 'model', 'role', 'kind', 'file'] as const;
export type GlobField = (typeof GLOB_FIELDS)[number];
/** The words `status:` and `dir:` take: the tables' filter words (enums.ts). */
export const STATUS_WORDS = filterWords(STATUSES);
export const DIR_WORDS = filterWords(DIRS);
const FIELDS = [...GLOB_FIELDS, 'dir', 'status', 'latency', 'since', 'until'] as const;

/**
 * The filter language as help shows it (`?` in the app, `--help`): each term with an
 * example. One list, so the app and the command line never describe it differently.
 */
export const FILTER_GRAMMAR: readonly { term: string; means: string }[] = [
  { term: 'method:tools/call', means: 'a JSON-RPC method (globs: * and ?; a|b for either)' },
  { term: 'tool:read_*', means: "a tool: a tools/call, or a turn's tool_use or tool_result" },
  { term: 'model:claude*', means: 'the model of a turn' },
  { term: 'role:assistant', means: 'the role of a turn' },
  { term: 'kind:llm.*', means: 'the kind of an event' },
  { term: 'file:LABEL', means: 'the file a record came from (its label), with several open' },
  { term: `status:${STATUS_WORDS.join('|')}`, means: 'how a call ended' },
  { term: `dir:${DIR_WORDS.join('|')}`, means: 'the direction of a record' },
  { term: 'latency:>500ms', means: "a call's latency: <, <=, >, >=, = with ms, s, m or h" },
  { term: 'since:6m10s  until:2026-05-12T23:05Z', means: 'time: an offset from the start or an ISO time' },
  { term: 'timeout  "permission denied"', means: 'words in the raw line (a capital makes it exact)' },
  { term: '-status:ok', means: 'a - in front: records the term does not match' },
];

/** Fields a term can name, for completion: the glob fields, then the others. */
export const FILTER_FIELDS: readonly string[] = FIELDS;

export type Term = { negate: boolean; source: string } & (
  | { field: GlobField; patterns: Glob[] }
  | { field: 'dir'; values: string[] }
  | { field: 'status'; values: string[] }
  | { field: 'latency'; op: '<' | '<=' | '>' | '>=' | '='; ms: number }
  | { field: 'since' | 'until'; at: { offsetMs: number } | { epochMs: number } }
  | { field: 'text'; needle: string; caseSensitive: boolean }
);

export interface Filter {
  text: string;
  terms: Term[];
}

export class FilterError extends Error {
  constructor(
    message: string,
    /** 0-based position in the expression where the problem starts. */
    readonly position: number,
    /**
     * The part of the expression that is wrong (0-based, `to` excluded), which the app's
     * filter bar marks: the rest of the term from `position`, or the whole term when
     * nothing is there (`tool:` needs a value). At least one character unless the
     * expression is empty there.
     */
    readonly span: { from: number; to: number } = { from: position, to: position + 1 },
  ) {
    super(message);
  }
}

/**
 * The longest filter read, in characters: past it an expression is refused (a paste
 * gone wrong, not a filter), which keeps a glob's `?` scan and the messages short.
 */
export const MAX_FILTER = 2000;

/** A value quoted in a message: at most QUOTED characters of it. */
const QUOTED = 40;
const quote = (text: string) => `"${text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text}"`;

/** Milliseconds per unit of a duration or an offset. */
export const UNIT: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `500ms`, `1.5s`, `2m`, `1h`, or a bare number of ms. */
function duration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  return m ? Number(m[1]) * UNIT[m[2] ?? 'ms']! : null;
}

/** The units of an offset, largest first: each at most once, in this order. */
const OFFSET_UNITS = ['h', 'm', 's', 'ms'] as const;

/**
 * An offset as the panes print it (`+6m10s`, `+0.554s`, `-19h58m`) or shorter (`90s`,
 * `5m`): a sign, then amounts with units, largest first. Null for anything else.
 */
function offsetOf(text: string): number | null {
  const m = /^([+-]?)((?:\d+(?:\.\d+)?(?:ms|h|m|s))+)$/.exec(text);
  if (!m) return null;
  let ms = 0;
  let last = -1;
  for (const [, whole, fraction, unit] of m[2]!.matchAll(/(\d+)(?:\.(\d+))?(ms|h|m|s)/g)) {
    const rank = OFFSET_UNITS.indexOf(unit as (typeof OFFSET_UNITS)[number]);
    if (rank <= last) return null;
    last = rank;
    // The fraction's digits times the unit, over their power of ten: 0.554s is 554 ms
    // exactly (0.554 * 1000 is 554.0000000000001, past a row at 554 ms).
    // Past 15 digits the fraction is no whole number a double holds: read as a decimal.
    const u = UNIT[unit!]!;
    const part = !fraction
      ? 0
      : fraction.length <= 15
        ? (Number(fraction) * u) / 10 ** fraction.length
        : Number(`0.${fraction}`) * u;
    ms += Number(whole) * u + part;
  }
  // 400 nines of hours is no moment of any trace.
  if (!Number.isFinite(ms)) return null;
  return m[1] === '-' ? -ms : ms;
}

/**
 * A moment of a trace: an offset from its start (`90s`, `+6m10s`, `01:30`, `1:02:03`) or
 * an ISO time. since:/until: and the line bar (`:`) read it alike.
 */
export function parseWhen(text: string): { offsetMs: number } | { epochMs: number } | null {
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text);
  if (clock)
    return {
      offsetMs:
        ((Number(clock[1] ?? 0) * 60 + Number(clock[2])) * 60 + Number(clock[3])) * 1000 +
        Number((clock[4] ?? '0').padEnd(3, '0')),
    };
  const offset = offsetOf(text);
  if (offset !== null) return { offsetMs: offset };
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return { epochMs: ms };
  }
  return null;
}

interface Token {
  text: string;
  start: number;
  /** Where the token ends in the expression (its closing quote included). */
  end: number;
}

/** Splits on spaces outside double quotes; quotes group words and are removed. */
function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    while (i < expr.length && /\s/.test(expr[i]!)) i++;
    if (i >= expr.length) break;
    const start = i;
    let text = '';
    while (i < expr.length && !/\s/.test(expr[i]!)) {
      if (expr[i] === '"') {
        const close = expr.indexOf('"', i + 1);
        if (close < 0) throw new FilterError('unclosed quote', i, { from: i, to: expr.length });
        text += expr.slice(i + 1, close);
        i = close + 1;
      } else text += expr[i++];
    }
    tokens.push({ text, start, end: i });
  }
  return tokens;
}

function term(token: Token): Term {
  let { text } = token;
  let at = token.start;
  const negate = text.startsWith('-') && text.length > 1;
  if (negate) {
    text = text.slice(1);
    at += 1;
  }
  const source = token.text;
  // What the bar marks: the term from where it goes wrong, or the whole term when nothing is there.
  const fail = (message: string, position: number) =>
    new FilterError(message, position, {
      from: position < token.end ? position : token.start,
      to: token.end,
    });
  const colon = /^([a-z]+):/.exec(text);
  if (!colon) return { field: 'text', negate, source, needle: text, caseSensitive: hasCapital(text) };
  const field = colon[1]!;
  const value = text.slice(colon[0].length);
  const valueAt = at + colon[0].length;
  if (!(FIELDS as readonly string[]).includes(field))
    // The field, then the fields there are: a narrow bar cuts the end, not the list's start.
    throw fail(`unknown field ${quote(field)}: ${FIELDS.join(', ')} (quote text that contains a colon)`, at);
  if (value === '') throw fail(`${field}: needs a value`, valueAt);
  switch (field) {
    case 'dir': {
      const values = value.split('|');
      const bad = values.find((v) => !DIR_WORDS.includes(v));
      if (bad !== undefined) throw fail(`dir: ${quote(bad)} is not one of ${DIR_WORDS.join(', ')}`, valueAt);
      return { field, negate, source, values };
    }
    case 'status': {
      const values = value.split('|');
      const bad = values.find((v) => !STATUS_WORDS.includes(v));
      if (bad !== undefined) throw fail(`status: ${quote(bad)} is not one of ${STATUS_WORDS.join(', ')}`, valueAt);
      return { field, negate, source, values };
    }
    case 'latency': {
      const m = /^(<=|>=|<|>|=)?(.*)$/.exec(value)!;
      const ms = duration(m[2]!);
      if (ms === null)
        throw fail(
          `latency: ${quote(m[2]!)} is not a duration (e.g. >500ms, <2s, >=1.5s; no unit means ms)`,
          valueAt + (m[1]?.length ?? 0),
        );
      return { field, negate, source, op: (m[1] ?? '=') as '=', ms };
    }
    case 'since':
    case 'until': {
      const w = parseWhen(value);
      if (w === null)
        throw fail(`${field}: ${quote(value)} is neither an offset (90s, 6m10s, 01:30) nor an ISO time`, valueAt);
      return { field, negate, source, at: w };
    }
    default:
      return { field: field as GlobField, negate, source, patterns: value.split('|').map(parseGlob) };
  }
}

/** Parses an expression; throws FilterError with the position of the problem. An empty expression is no filter. */
export function parseFilter(expr: string): Filter | null {
  if (expr.length > MAX_FILTER)
    throw new FilterError(
      `a filter is at most ${MAX_FILTER.toLocaleString('en-US')} characters (this one has ${expr.length.toLocaleString('en-US')})`,
      MAX_FILTER,
      { from: MAX_FILTER, to: expr.length },
    );
  const tokens = tokenize(expr);
  if (tokens.length === 0) return null;
  return { text: expr.trim(), terms: tokens.map(term) };
}

/** `expr` with a caret under the problem, for the command line and the filter bar. */
export function explainFilterError(expr: string, error: FilterError): string {
  return filterErrorLines(expr, error).join('\n');
}

/** An expression up to this long is shown whole under its message. */
const SHOWN_WHOLE = 240;
/** Of a longer one, the characters shown on each side of the problem. */
const AROUND = 60;

/**
 * The same as lines (the expression is one of them, whatever line breaks it holds): of
 * a long expression, the part around the problem, cut with `…`.
 */
export function filterErrorLines(expr: string, error: FilterError): string[] {
  const whole = expr.length <= SHOWN_WHOLE;
  const from = whole ? 0 : Math.max(0, error.position - AROUND);
  const to = whole ? expr.length : Math.min(expr.length, error.position + AROUND);
  const lead = from > 0 ? '…' : '';
  const shown = `${lead}${expr.slice(from, to)}${to < expr.length ? '…' : ''}`;
  return [error.message, `  ${shown}`, `  ${' '.repeat(error.position - from + lead.length)}^`];
}
