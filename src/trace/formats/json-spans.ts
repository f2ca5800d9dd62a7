/** Where one JSON value sits in a document: its first line, and its UTF-16 range. */
export interface Span {
  line: number;
  start: number;
  end: number;
}

enum C {
  tab = 9,
  nl = 10,
  cr = 13,
  space = 32,
  quote = 34,
  comma = 44,
  colon = 58,
  lbracket = 91,
  backslash = 92,
  rbracket = 93,
  lbrace = 123,
  rbrace = 125,
}

interface Open {
  path: string;
  array: boolean;
  /** Arrays: the next element's index. */
  next: number;
  /** Objects: the key of the value that comes next. */
  key: string | null;
  span: Span | null;
}

/** The end of the string whose opening quote is at `i` (the index after its closing quote). */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === C.quote) return j + 1;
    if (c === C.backslash) j += 2;
    else if (Number.isNaN(c)) return j;
    else j++;
  }
}

/**
 * The spans of every value down to `maxDepth` (the document is depth 0), keyed by
 * path: `interactions/3/request`. JSON.parse gives no positions, and messages name
 * the line a field is on; the span's text keeps a number exactly as written (an id
 * past 2^53, `1.0`). For text JSON.parse has accepted: one pass, no recursion.
 */
export function valueSpans(text: string, maxDepth: number): Map<string, Span> {
  const spans = new Map<string, Span>();
  const stack: Open[] = [];
  let line = 1;
  let expectKey = false;
  const begin = (at: number): Open['span'] => {
    const top = stack[stack.length - 1];
    if (stack.length > maxDepth) return null;
    const path = top === undefined ? '' : `${top.path === '' ? '' : `${top.path}/`}${top.array ? top.next++ : top.key}`;
    const span = { line, start: at, end: at };
    spans.set(path, span);
    return span;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === C.nl) {
      line++;
      i++;
    } else if (c === C.space || c === C.tab || c === C.cr || c === C.colon) i++;
    else if (c === C.comma) {
      expectKey = stack[stack.length - 1]?.array === false;
      i++;
    } else if (c === C.rbrace || c === C.rbracket) {
      const done = stack.pop();
      if (done?.span) done.span.end = i + 1;
      expectKey = false;
      i++;
    } else if (expectKey && c === C.quote) {
      const end = stringEnd(text, i);
      // Keys below the depth kept are never part of a path.
      const top = stack[stack.length - 1]!;
      top.key = stack.length <= maxDepth ? (JSON.parse(text.slice(i, end)) as string) : null;
      expectKey = false;
      i = end;
    } else if (c === C.lbrace || c === C.lbracket) {
      const top = stack[stack.length - 1];
      const path = top === undefined ? '' : `${top.path === '' ? '' : `${top.path}/`}${top.array ? top.next : top.key}`;
      const span = begin(i);
      stack.push({ path, array: c === C.lbracket, next: 0, key: null, span });
      expectKey = c === C.lbrace;
      i++;
    } else {
      const span = begin(i);
      let end = i + 1;
      if (c === C.quote) end = stringEnd(text, i);
      else
        for (let k = text.charCodeAt(end); !isDelimiter(k); k = text.charCodeAt(++end)) {
          // A scalar (number, true, false, null) runs to the next delimiter.
        }
      if (span) span.end = end;
      i = end;
    }
  }
  return spans;
}

function isDelimiter(c: number): boolean {
  return (
    Number.isNaN(c) ||
    c === C.comma ||
    c === C.rbrace ||
    c === C.rbracket ||
    c === C.space ||
    c === C.nl ||
    c === C.cr ||
    c === C.tab
  );
}

/** JSON text on one line: the whitespace between tokens dropped, strings and numbers as written. */
export function minify(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === C.quote) i = stringEnd(text, i);
    else if (c === C.space || c === C.nl || c === C.cr || c === C.tab) {
      out += text.slice(from, i);
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      from = i;
    } else i++;
  }
  return out + text.slice(from);
}

const isSpace = (c: number) => c === C.space || c === C.nl || c === C.cr || c === C.tab;
