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
 * line of output (`ok.jsonl␊ok.jsonl: 0 error(s)` stays one line).
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
 * `text` as a pattern that matches it literally, valid with the `u` flag too (the
 * escape-string-regexp already in the tree, v2 via ink, writes `-` as `\-`, which a
 * Unicode pattern rejects).
 */
export const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Smart case: a query with a capital letter matches exactly, one without matches any case. */
export const hasCapital = (query: string): boolean => query !== query.toLowerCase();
