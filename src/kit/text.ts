/**
 * Trace content is untrusted: a tool result can carry ESC sequences (CSI, OSC 52
 * clipboard writes), C1 controls or bidi overrides. Everything shown in a terminal
 * goes through `inert`, which turns them into visible, harmless glyphs.
 */
// C0 controls, DEL, C1 controls, the bidi embedding/override/isolate marks, and the
// line and paragraph separators (a terminal or pager may break a line at them).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set, for a test without the global flag's lastIndex: most text has none of it. */
const HAS_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function picture(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code === 0x1b) return '␛';
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '␡';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line of safe text: controls become pictures, newlines and tabs become spaces. */
export function inert(text: string): string {
  if (!HAS_UNSAFE.test(text)) return text;
  return text.replace(/[\t\n\r]/g, ' ').replace(UNSAFE, picture);
}

/**
 * One line of safe text for a name, path, URL or argument quoted in a message: every
 * control as its picture, line breaks too (`␊`, `␍`), so a file name cannot forge a
 * line of output (`ok.jsonl␊ok.jsonl: 0 errors` stays one line).
 */
export function oneLine(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, picture) : text;
}

/**
 * Safe text of several lines, for a command's output (a table, a report): each line
 * inert, the line breaks kept (a `\r`, which would let a later line overwrite an
 * earlier one, is a space).
 */
export function inertText(text: string): string {
  return text.split('\n').map(inert).join('\n');
}

/**
 * What JSON.stringify leaves raw and a terminal acts on or reorders: DEL, C1 controls
 * (U+009B is CSI, U+009D OSC to a terminal that reads 8-bit controls), bidi marks, and
 * the line and paragraph separators. Outside strings JSON text is ASCII, so these only
 * ever stand inside a string, where a `\u` escape is the same value.
 */
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text that is safe on a terminal and parses to the same value: the characters above as `\u` escapes. */
export function inertJson(json: string): string {
  return json.replace(JSON_RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Safe text that keeps its line breaks (for wrapped or pretty-printed views). */
export function inertLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.replace(/\t/g, '  ').replace(UNSAFE, picture));
}

/** Longest message the store keeps (error texts): long tool output stays readable in the detail view. */
export const KEPT_TEXT = 4096;

/**
 * A bounded, independent copy of a string for long-lived storage. A slice of a
 * parsed payload would keep the whole payload alive in V8; this never does.
 */
export function keepText(text: string, max = KEPT_TEXT): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return cut.length < 13 ? cut : Buffer.from(cut, 'utf8').toString('utf8');
}

/**
 * `text` in lower case, code unit for code unit, so a match found in it is at the same
 * place in `text` (the one letter whose lower case is longer, `İ`, is left as it is):
 * what smart-case search and globs compare, without a RegExp. A final `ς` and the long
 * `ſ` fold to `σ` and `s`, as a case-insensitive RegExp has it.
 */
export function foldCase(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    lower = '';
    for (const ch of text) {
      const l = ch.toLowerCase();
      lower += l.length === ch.length ? l : ch;
    }
  }
  return /[ςſ]/.test(lower) ? lower.replace(/ς/g, 'σ').replace(/ſ/g, 's') : lower;
}

/**
 * Finds a query in texts (smart case) by `indexOf` on case-folded text. No RegExp: V8
 * refuses a pattern past ~40,000 characters (a pasted search crashed the app), and a
 * query of any length costs what a plain search costs.
 */
export interface TextFinder {
  /** The query, trimmed. */
  query: string;
  /** Whether `text` holds the query. */
  test(text: string): boolean;
  /** Where the query is in `text`: [start, end) ranges, left to right, not overlapping. */
  all(text: string): [number, number][];
}

/** A finder for `query` (trimmed), or null for an empty one. */
export function textFinder(query: string): TextFinder | null {
  const q = query.trim();
  if (!q) return null;
  const exact = hasCapital(q);
  const needle = exact ? q : foldCase(q);
  const fold = (text: string) => (exact ? text : foldCase(text));
  return {
    query: q,
    test: (text) => fold(text).includes(needle),
    all(text) {
      const hay = fold(text);
      const out: [number, number][] = [];
      for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length))
        out.push([at, at + needle.length]);
      return out;
    },
  };
}

/** Smart case: a query with a capital letter matches exactly, one without matches any case. */
export const hasCapital = (query: string): boolean => query !== query.toLowerCase();
