/*
 * The detail view's tree: a root naming what is shown (a call, a turn, an event), its
 * parts (`request`, `response`, `turn`…), each the node table of one record's text
 * (ui/tree/json-tree.ts), and the tables of strings holding JSON that `J` opened in
 * place. A node is a number, `table * 2^32 + index`; the root is 0. Which nodes are
 * folded lives in the state (flags per table), so moving through the tree never copies
 * it: only the nodes on screen are visited.
 */

import type { ScreenLine, Segment } from '../format/segments.js';
import { JsonTable, jqKey, NodeKind } from './json-tree.js';

export const ROOT = 0;
const SPAN = 2 ** 32;
export const tableOf = (ref: number): number => Math.floor(ref / SPAN);
export const indexOf = (ref: number): number => ref % SPAN;
export const refOf = (table: number, index: number): number => table * SPAN + index;

/** Node flags, one byte per node per table. */
export const Flag = {
  /** A container shows its one-line preview. */
  folded: 1,
  /** A long string is shown whole, not its first lines. */
  opened: 2,
  /** A string is shown as its JSON literal (`r`). */
  raw: 4,
  /** A string holding JSON is shown as its tree (`J`). */
  json: 8,
} as const;

export type Flags = ReadonlyMap<number, Uint8Array>;

/** One record the view shows: its name at the top level, its head line, its text as a table. */
export interface Part {
  name: string;
  head: Segment[];
  table: JsonTable;
}

export class Forest {
  /** Index 0 is the root's place; 1..parts are the parts; then tables `J` opened. */
  readonly tables: (JsonTable | null)[] = [null];
  /** For each table of a string, the node that holds it. */
  private readonly hosts: number[] = [ROOT];
  private readonly inside = new Map<number, number | null>();

  constructor(
    /** The root's lines: what is shown (a call's method, status and latency; links; an error). */
    readonly rootLines: ScreenLine[],
    readonly parts: readonly Part[],
  ) {
    for (const p of parts) {
      this.tables.push(p.table);
      this.hosts.push(ROOT);
    }
  }

  table(ref: number): JsonTable {
    return this.tables[tableOf(ref)]!;
  }

  isPart(ref: number): boolean {
    const t = tableOf(ref);
    return t >= 1 && t <= this.parts.length && indexOf(ref) === 0;
  }

  /** The table of a string node that holds a JSON object or array (parsed once), or null. */
  jsonInside(ref: number): number | null {
    let t = this.inside.get(ref);
    if (t !== undefined) return t;
    t = null;
    if (ref !== ROOT && this.kindOf(ref) === NodeKind.string && looksLikeJson(this, ref)) {
      const table = JsonTable.parse(this.table(ref).stringOf(indexOf(ref)).text);
      if (table && table.kind[0]! <= NodeKind.array) {
        t = this.tables.length;
        this.tables.push(table);
        this.hosts.push(ref);
      }
    }
    this.inside.set(ref, t);
    return t;
  }

  kindOf(ref: number): number {
    return ref === ROOT ? NodeKind.object : this.table(ref).kind[indexOf(ref)]!;
  }

  /** The table whose nodes are this node's children (another one for a string opened with J), and the parent index in it. */
  private inner(ref: number, flags: Flags): { t: number; i: number } | null {
    if (ref === ROOT) return null;
    const k = this.kindOf(ref);
    if (k === NodeKind.object || k === NodeKind.array) return { t: tableOf(ref), i: indexOf(ref) };
    if (k === NodeKind.string && hasFlag(flags, ref, Flag.json)) {
      const t = this.jsonInside(ref);
      if (t !== null) return { t, i: 0 };
    }
    return null;
  }

  /** True for an object, an array, or a string opened as its JSON. */
  isContainer(ref: number, flags: Flags): boolean {
    return ref === ROOT || this.inner(ref, flags) !== null;
  }

  childCount(ref: number, flags: Flags): number {
    if (ref === ROOT) return this.parts.length;
    const c = this.inner(ref, flags);
    return c ? this.tables[c.t]!.count[c.i]! : 0;
  }

  firstChild(ref: number, flags: Flags): number {
    if (ref === ROOT) return this.parts.length ? refOf(1, 0) : -1;
    const c = this.inner(ref, flags);
    return c && this.tables[c.t]!.count[c.i]! > 0 ? refOf(c.t, c.i + 1) : -1;
  }

  lastChild(ref: number, flags: Flags): number {
    if (ref === ROOT) return this.parts.length ? refOf(this.parts.length, 0) : -1;
    const c = this.inner(ref, flags);
    const last = c ? this.tables[c.t]!.last[c.i]! : -1;
    return c && last >= 0 ? refOf(c.t, last) : -1;
  }

  parentOf(ref: number): number {
    if (ref === ROOT) return -1;
    const t = tableOf(ref);
    const p = this.tables[t]!.parent[indexOf(ref)]!;
    if (p > 0 || (p === 0 && t <= this.parts.length)) return refOf(t, p);
    return p === 0 ? this.hosts[t]! : ROOT;
  }

  nextSibling(ref: number): number {
    if (ref === ROOT) return -1;
    const t = tableOf(ref);
    const i = indexOf(ref);
    const table = this.tables[t]!;
    const p = table.parent[i]!;
    if (p < 0) return t <= this.parts.length && t < this.parts.length ? refOf(t + 1, 0) : -1;
    const j = i + table.size[i]!;
    return j < p + table.size[p]! ? refOf(t, j) : -1;
  }

  prevSibling(ref: number): number {
    if (ref === ROOT) return -1;
    const t = tableOf(ref);
    const i = indexOf(ref);
    if (i === 0) return t > 1 && t <= this.parts.length ? refOf(t - 1, 0) : -1;
    const p = this.tables[t]!.prev[i]!;
    return p >= 0 ? refOf(t, p) : -1;
  }

  /** Levels below the root: a part is 1, its members 2. */
  depthOf(ref: number): number {
    if (ref === ROOT) return 0;
    const t = tableOf(ref);
    const d = this.tables[t]!.depth[indexOf(ref)]!;
    return t <= this.parts.length ? 1 + d : this.depthOf(this.hosts[t]!) + d;
  }

  /** Whether the node's children are shown. */
  expanded(ref: number, flags: Flags): boolean {
    return ref === ROOT || (this.isContainer(ref, flags) && !hasFlag(flags, ref, Flag.folded));
  }

  /** The next node on screen (children first, then siblings, then the parents' next), or -1. */
  nextVisible(ref: number, flags: Flags): number {
    if (this.expanded(ref, flags)) {
      const c = this.firstChild(ref, flags);
      if (c >= 0) return c;
    }
    for (let r = ref; r !== -1; r = this.parentOf(r)) {
      const s = this.nextSibling(r);
      if (s >= 0) return s;
    }
    return -1;
  }

  /** The node on screen before this one, or -1 at the root. */
  prevVisible(ref: number, flags: Flags): number {
    if (ref === ROOT) return -1;
    const s = this.prevSibling(ref);
    if (s < 0) return this.parentOf(ref);
    let r = s;
    while (this.expanded(r, flags)) {
      const c = this.lastChild(r, flags);
      if (c < 0) break;
      r = c;
    }
    return r;
  }

  /** The last node on screen. */
  lastVisible(flags: Flags): number {
    let r = ROOT;
    for (;;) {
      if (!this.expanded(r, flags)) return r;
      const c = this.lastChild(r, flags);
      if (c < 0) return r;
      r = c;
    }
  }

  /** The node's place in its parent: a key, an index, a part's name, or (J) what the string holds. */
  step(ref: number): string {
    if (ref === ROOT) return '';
    const t = tableOf(ref);
    const i = indexOf(ref);
    if (this.isPart(ref)) return `.${this.parts[t - 1]!.name}`;
    const table = this.tables[t]!;
    const key = table.keyOf(i);
    const p = table.parent[i]!;
    // A member of a string opened with J reads `| fromjson | .key`.
    const prefix = p === 0 && t > this.parts.length ? ' | fromjson | ' : '';
    if (key !== null) return prefix + jqKey(key);
    return `${prefix}${prefix ? '.' : ''}[${indexIn(table, i)}]`;
  }

  /** The node's path in jq syntax from the root (`.response.raw.result.content[0].text`); `.` for the root. */
  path(ref: number): string {
    const steps: string[] = [];
    for (let r = ref; r > ROOT; r = this.parentOf(r)) steps.push(this.step(r));
    return steps.length ? steps.reverse().join('') : '.';
  }

  /** The end of the path that fits in `cells` code units (deep paths are long: only their end is built). */
  pathTail(ref: number, cells: number): { text: string; whole: boolean } {
    const steps: string[] = [];
    let used = 0;
    for (let r = ref; r > ROOT; r = this.parentOf(r)) {
      const s = this.step(r);
      used += s.length;
      if (used > cells) return { text: steps.reverse().join(''), whole: false };
      steps.push(s);
    }
    return { text: steps.length ? steps.reverse().join('') : '.', whole: true };
  }
}

/** Index of an array element among its siblings (walks back over them: only for nodes shown). */
function indexIn(table: JsonTable, i: number): number {
  let n = 0;
  for (let p = table.prev[i]!; p >= 0; p = table.prev[p]!) n++;
  return n;
}

export function hasFlag(flags: Flags, ref: number, flag: number): boolean {
  const f = flags.get(tableOf(ref));
  return f !== undefined && (f[indexOf(ref)]! & flag) !== 0;
}

/** The flags with `flag` set or cleared on the nodes given (one table's bytes copied). */
export function withFlag(forest: Forest, flags: Flags, refs: readonly number[], flag: number, on: boolean): Flags {
  const out = new Map(flags);
  for (const ref of refs) {
    if (ref === ROOT) continue;
    const t = tableOf(ref);
    let f = out.get(t);
    if (f === flags.get(t) || f === undefined) {
      const copy = new Uint8Array(forest.tables[t]!.n);
      if (f) copy.set(f);
      out.set(t, (f = copy));
    }
    const i = indexOf(ref);
    f[i] = on ? f[i]! | flag : f[i]! & ~flag;
  }
  return out;
}

/** A string that may hold a JSON object or array (J parses it to be sure): `{…}` or `[…]` around its text. */
export function looksLikeJson(forest: Forest, ref: number): boolean {
  const table = forest.table(ref);
  const i = indexOf(ref);
  const text = table.text;
  let a = table.start[i]! + 1;
  let b = table.end[i]! - 2;
  const space = (at: number) => {
    const c = text.charCodeAt(at);
    if (c === 0x20) return 1;
    // `\n`, `\r`, `\t` as escapes in the string's text.
    if (c === 0x5c && 'nrt'.includes(text[at + 1] ?? '')) return 2;
    return 0;
  };
  for (let s = space(a); s > 0 && a < b; s = space(a)) a += s;
  while (b > a && (text.charCodeAt(b) === 0x20 || (text[b - 1] === '\\' && 'nrt'.includes(text[b]!))))
    b -= text.charCodeAt(b) === 0x20 ? 1 : 2;
  const first = text.charCodeAt(a);
  const last = text.charCodeAt(b);
  return (first === 0x7b && last === 0x7d) || (first === 0x5b && last === 0x5d);
}
