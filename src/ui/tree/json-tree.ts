/*
 * JSON text as a flat table of nodes, for the detail view's tree: one pass over the
 * text, no recursion (100,000 levels are one loop), no objects per value. Nodes are
 * numbered in pre-order, so a node's first child is the next node (when it has any),
 * its next sibling is `i + size[i]`, and a subtree is a range. Keys and strings stay
 * in the text and are decoded only when shown.
 *
 * Hand-rolled: the packages that report offsets (jsonc-parser's `visit`, clarinet,
 * @streamparser/json) recurse per level or emit an object or a decoded string for
 * every token; a 20 MB result becomes ~1 M nodes, laid out here in typed columns.
 */

import { BS, COLON, COMMA, LBRACE, LBRACKET, Q, RBRACE, RBRACKET } from '../../kit/json-walk.js';

export const NodeKind = { object: 0, array: 1, string: 2, number: 3, literal: 4, text: 5 } as const;
export type NodeKindCode = (typeof NodeKind)[keyof typeof NodeKind];

/** Just past the number at `i` (JSON's grammar: `-0.5e+3`), or -1 when it is none. */
function numberEnd(text: string, i: number): number {
  let c = text.charCodeAt(i);
  if (c === 0x2d) c = text.charCodeAt(++i);
  if (c === 0x30) c = text.charCodeAt(++i);
  else if (c >= 0x31 && c <= 0x39) while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++i);
  else return -1;
  if (c === 0x2e) {
    c = text.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) return -1;
    while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++i);
  }
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) return -1;
    while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++i);
  }
  return i;
}

/** At a `"`: just past its closing quote, or -1 when it never closes. */
export function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return -1;
    // The quote is escaped when an odd run of backslashes precedes it.
    let b = q - 1;
    while (text.charCodeAt(b) === BS) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Grows a typed column to hold at least `n` values. */
function grown<T extends Int32Array | Uint8Array>(a: T, n: number): T {
  if (n <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/**
 * The nodes of one JSON text. `start`/`end`: the value's text; `key`: where its key's
 * `"` is (-1 in an array or at the top); `count`: children; `last`/`prev`: last child and
 * previous sibling (-1 for none); `depth` from 0 at the top.
 */
export class JsonTable {
  n = 0;
  kind = new Uint8Array(16);
  start = new Int32Array(16);
  end = new Int32Array(16);
  key = new Int32Array(16);
  parent = new Int32Array(16);
  depth = new Int32Array(16);
  size = new Int32Array(16);
  count = new Int32Array(16);
  last = new Int32Array(16);
  prev = new Int32Array(16);

  private constructor(readonly text: string) {}

  /** The table of `text`, or null when it is not one JSON value. */
  static parse(text: string): JsonTable | null {
    const steps = JsonTable.steps(text);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * The same, a step at a time: it yields how far it has read (0 to 1) every 65,536
   * nodes, so a 20 MB text is read between keys, not in one long pause.
   */
  static *steps(text: string): Generator<number, JsonTable | null> {
    const t = new JsonTable(text);
    return (yield* t.scan()) ? t : null;
  }

  /** Text that is no JSON (a skipped line, a cut record): one node holding all of it. */
  static plain(text: string): JsonTable {
    const t = new JsonTable(text);
    t.n = 1;
    t.kind[0] = NodeKind.text;
    t.end[0] = text.length;
    t.key[0] = -1;
    t.parent[0] = -1;
    t.size[0] = 1;
    t.last[0] = -1;
    t.prev[0] = -1;
    return t;
  }

  /** One pass: false at the first thing that is not JSON. */
  private *scan(): Generator<number, boolean> {
    const text = this.text;
    const length = text.length;
    // A node per 32 bytes is typical of JSON-RPC results (a 20 MB result: 620,000); the columns double past it.
    let cap = Math.max(16, length >> 5);
    let kind = new Uint8Array(cap);
    let start = new Int32Array(cap);
    let end = new Int32Array(cap);
    let keyAt = new Int32Array(cap);
    let parent = new Int32Array(cap);
    let depthOf = new Int32Array(cap);
    let count = new Int32Array(cap);
    let last = new Int32Array(cap);
    let prev = new Int32Array(cap);
    let n = 0;
    let open = -1; // the innermost open container
    let key = -1;
    let i = 0;
    let c = 0;
    const save = () => {
      this.n = n;
      this.kind = kind;
      this.start = start;
      this.end = end;
      this.key = keyAt;
      this.parent = parent;
      this.depth = depthOf;
      this.count = count;
      this.last = last;
      this.prev = prev;
      this.size = new Int32Array(Math.max(1, n)).fill(1);
    };
    const add = (k: NodeKindCode): number => {
      if (n === cap) {
        cap *= 2;
        kind = grown(kind, cap);
        start = grown(start, cap);
        end = grown(end, cap);
        keyAt = grown(keyAt, cap);
        parent = grown(parent, cap);
        depthOf = grown(depthOf, cap);
        count = grown(count, cap);
        last = grown(last, cap);
        prev = grown(prev, cap);
      }
      const node = n++;
      kind[node] = k;
      start[node] = i;
      keyAt[node] = key;
      parent[node] = open;
      last[node] = -1;
      count[node] = 0;
      if (open >= 0) {
        depthOf[node] = depthOf[open]! + 1;
        prev[node] = last[open]!;
        last[open] = node;
        count[open]!++;
      } else {
        depthOf[node] = 0;
        prev[node] = -1;
      }
      return node;
    };
    /** At a key's `"`: past the key and its colon, or false. */
    const readKey = (): boolean => {
      if (c !== Q) return false;
      key = i;
      i = stringEnd(text, i);
      if (i < 0) return false;
      c = text.charCodeAt(i);
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
      if (c !== COLON) return false;
      c = text.charCodeAt(++i);
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
      return true;
    };
    c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
    for (;;) {
      if ((n & 0xffff) === 0xffff) yield i / length;
      // A value at i (c is its first code unit).
      if (c === LBRACE || c === LBRACKET) {
        const node = add(c === LBRACE ? NodeKind.object : NodeKind.array);
        const close = c + 2; // `}` and `]` follow `{` and `[` by two
        c = text.charCodeAt(++i);
        while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
        if (c === close) {
          end[node] = ++i;
        } else {
          open = node;
          if (close === RBRACE) {
            if (!readKey()) return false;
          } else key = -1;
          continue;
        }
      } else {
        const node = add(NodeKind.string);
        if (c === Q) {
          i = stringEnd(text, i);
          if (i < 0) return false;
        } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
          // true, false, null
          const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
          if (!text.startsWith(word, i)) return false;
          kind[node] = NodeKind.literal;
          i += word.length;
        } else {
          const j = numberEnd(text, i);
          if (j < 0) return false;
          kind[node] = NodeKind.number;
          i = j;
        }
        end[node] = i;
      }
      // After a value: close containers, or go on to the next member.
      for (;;) {
        c = text.charCodeAt(i);
        while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
        if (open < 0) {
          save();
          this.finish();
          return i === length;
        }
        const isObject = kind[open] === NodeKind.object;
        if (c === COMMA) {
          c = text.charCodeAt(++i);
          while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
          if (isObject) {
            if (!readKey()) return false;
          } else key = -1;
          break;
        }
        if (c !== (isObject ? RBRACE : RBRACKET)) return false;
        end[open] = ++i;
        open = parent[open]!;
      }
    }
  }

  /** Subtree sizes, from the end: a node's size is one plus its children's. */
  private finish(): void {
    for (let i = this.n - 1; i > 0; i--) this.size[this.parent[i]!]! += this.size[i]!;
  }

  /** The node's key decoded, or null (an array element, the top). */
  keyOf(i: number): string | null {
    const at = this.key[i]!;
    if (at < 0) return null;
    const end = stringEnd(this.text, at);
    return decode(this.text.slice(at, end));
  }

  /** The value's text as written (a number as written, a string with its quotes and escapes). */
  rawOf(i: number): string {
    return this.text.slice(this.start[i]!, this.end[i]!);
  }

  /** Code units of a string value's text as written, quotes included. */
  rawLength(i: number): number {
    return this.end[i]! - this.start[i]!;
  }

  /**
   * A string value decoded, at most about `max` characters of it (a 20 MB string is
   * shown from its head); `all` says whether that is the whole string.
   */
  stringOf(i: number, max = Infinity): { text: string; all: boolean } {
    if (this.kind[i] === NodeKind.text) {
      const whole = this.end[i]! - this.start[i]! <= max;
      return { text: this.text.slice(this.start[i]!, whole ? this.end[i]! : this.start[i]! + max), all: whole };
    }
    const s = this.start[i]!;
    const e = this.end[i]!;
    if (e - s - 2 <= max) return { text: decode(this.text.slice(s, e)), all: true };
    let cut = s + 1 + max;
    // Not inside an escape: back to before a run of backslashes or a \uXXXX.
    const back = this.text.lastIndexOf('\\', cut);
    if (back > cut - 6 && back > s) cut = back;
    while (cut > s + 1 && this.text.charCodeAt(cut - 1) === BS) cut--;
    return { text: decode(`${this.text.slice(s, cut)}"`), all: false };
  }
}

/** A JSON string literal decoded; what JSON.parse refuses (a raw control) is shown without its quotes. */
function decode(literal: string): string {
  if (literal.indexOf('\\') < 0) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal.slice(1, -1);
  }
}

/** A node's key in jq syntax: `.name`, or `."a-b"` when it is no identifier (`."a\u001bb"`: JSON escapes). */
export function jqKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `.${JSON.stringify(key)}`;
}

/**
 * The head of a JSON text (its first bytes, the rest still to be read) as JSON of its
 * own: cut just after the last value it holds whole, its open containers closed
 * (`{"a":1,"b":[2,"thr` → `{"a":1,"b":[2]}`), so a big record's first screen can be
 * drawn while the rest is read. The text whole when it is one whole value; null when
 * it holds no value whole. Values are the text's own; only brackets are added.
 */
export function closedPrefix(text: string): string | null {
  const length = text.length;
  // The closers of the open containers; below `safeDepth` they cannot change after the
  // last cut point (a pop below it is a `}` or `]`, which is a cut point itself).
  const closers: number[] = [];
  let safe = -1;
  let safeDepth = 0;
  let expectKey = false;
  let i = 0;
  const cutHere = () => {
    safe = i;
    safeDepth = closers.length;
  };
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === COLON) i++;
    else if (c === LBRACE || c === LBRACKET) {
      closers.push(c + 2); // `}` and `]` follow `{` and `[` by two
      expectKey = c === LBRACE;
      i++;
      cutHere();
    } else if (c === RBRACE || c === RBRACKET) {
      closers.pop();
      i++;
      if (closers.length === 0) return text.slice(0, i);
      cutHere();
    } else if (c === COMMA) {
      expectKey = closers.at(-1) === RBRACE;
      i++;
    } else if (c === Q) {
      const e = stringEnd(text, i);
      if (e < 0) break;
      i = e;
      // A key is no value: the cut stays before it.
      if (expectKey) expectKey = false;
      else cutHere();
    } else {
      // A number or a literal: whole once a delimiter follows it.
      let j = i;
      for (let d = text.charCodeAt(j); j < length; d = text.charCodeAt(++j))
        if (d === COMMA || d === RBRACE || d === RBRACKET || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09)
          break;
      if (j >= length) break;
      i = j;
      cutHere();
    }
  }
  if (safe < 0) return null;
  let closed = text.slice(0, safe);
  for (let d = safeDepth - 1; d >= 0; d--) closed += String.fromCharCode(closers[d]!);
  return closed;
}
