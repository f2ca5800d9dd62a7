/*
 * `/` in the detail view: the nodes whose key or value holds the query, in the order
 * the tree shows them, folded ones included (going to one unfolds what hides it). The
 * query is looked for in each record's text as written (one regular expression over
 * the text, then a binary search per match for its node), so a 20 MB result is one
 * pass, not a million decoded strings; it is looked for as JSON writes it (`"` as
 * `\"`, and non-ASCII also as `\u` escapes, as Python writes them). Inside a string
 * opened with J the search reads the string's own text.
 */
import type { JsonTable } from '../../trace/json-tree.js';
import { hasCapital, literal } from '../../trace/text.js';
import { findPattern } from '../format/find-lines.js';
import { lineText } from '../format/segments.js';
import { Flag, type Flags, type Forest, ROOT, refOf } from './forest.js';

/** Matches listed at most (the footer says `/q 1/100000`; n and N go through them). */
const MOST = 100_000;

/** The query as it appears in JSON text, as a pattern (smart case). */
function jsonPattern(query: string): RegExp | null {
  const q = query.trim();
  if (!q) return null;
  const escaped = JSON.stringify(q).slice(1, -1);
  const ascii = escaped.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const source = ascii === escaped ? literal(escaped) : `${literal(escaped)}|${literal(ascii)}`;
  return new RegExp(source, hasCapital(q) ? 'g' : 'gi');
}

/** Where node i of a table begins: its key, else its value. */
const beginOf = (t: JsonTable, i: number): number => (t.key[i]! >= 0 ? t.key[i]! : t.start[i]!);

/** The node whose key or value holds text offset `at` (the last to begin at or before it). */
function nodeAt(t: JsonTable, at: number): number {
  let lo = 0;
  let hi = t.n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (beginOf(t, mid) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Text searched per step: a 20 MB result is searched between keys. */
const CHUNK = 1 << 20;

/** Nodes of a table that hold a match, ascending; yields after each CHUNK of text. */
function* nodesMatching(t: JsonTable, pattern: RegExp, room: number, longest: number): Generator<void, number[]> {
  const out: number[] = [];
  const text = t.text;
  let pos = 0;
  for (let a = 0; a < text.length && out.length < room; a += CHUNK) {
    // A match that starts in this chunk may end past it: the piece reaches on by the longest match.
    const piece = text.length <= CHUNK ? text : text.slice(a, Math.min(text.length, a + CHUNK + longest));
    pattern.lastIndex = Math.max(0, pos - a);
    for (let m = pattern.exec(piece); m && out.length < room; m = pattern.exec(piece)) {
      const at = a + m.index;
      if (at >= a + CHUNK) break;
      const i = nodeAt(t, at);
      if (out[out.length - 1] !== i) out.push(i);
      // The rest of this node's text holds no other node (a scalar): go on past it.
      pos = Math.max(at + Math.max(1, m[0].length), t.size[i] === 1 ? t.end[i]! : 0);
      pattern.lastIndex = pos - a;
    }
    yield;
  }
  return out;
}

/** Every node that holds `query`, in the order shown; empty for no query. */
export function treeMatches(forest: Forest, flags: Flags, query: string): number[] {
  const steps = treeMatchSteps(forest, flags, query);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The same, a step at a time: it yields after each megabyte of text searched. */
export function* treeMatchSteps(forest: Forest, flags: Flags, query: string): Generator<void, number[]> {
  const pattern = jsonPattern(query);
  const plain = findPattern(query);
  if (!pattern || !plain) return [];
  const longest = query.length * 12 + 16;
  const out: number[] = [];
  const inLines = (lines: readonly (readonly { text: string }[])[]) =>
    lines.some((l) => {
      plain.lastIndex = 0;
      return plain.test(lineText(l as { text: string }[]));
    });
  if (inLines(forest.rootLines)) out.push(ROOT);
  function* collect(t: number): Generator<void, void> {
    const table = forest.tables[t]!;
    const found = yield* nodesMatching(table, pattern!, MOST - out.length, longest);
    // Strings opened with J: their own matches follow them.
    const bytes = flags.get(t);
    const hosts: number[] = [];
    if (bytes) for (let i = 0; i < bytes.length; i++) if (bytes[i]! & Flag.json) hosts.push(i);
    let h = 0;
    for (let k = 0; k <= found.length && out.length < MOST; k++) {
      const i = k < found.length ? found[k]! : Infinity;
      while (h < hosts.length && hosts[h]! < i) {
        const inner = forest.jsonInside(refOf(t, hosts[h]!));
        if (inner !== null) yield* collect(inner);
        h++;
      }
      if (i === Infinity) break;
      // The top of a J table stands for its host, which is listed already.
      if (t > forest.parts.length && i === 0) continue;
      if (out[out.length - 1] !== refOf(t, i)) out.push(refOf(t, i));
      if (h < hosts.length && hosts[h] === i) {
        const inner = forest.jsonInside(refOf(t, i));
        if (inner !== null) yield* collect(inner);
        h++;
      }
    }
  }
  for (let p = 1; p <= forest.parts.length && out.length < MOST; p++) {
    const part = forest.parts[p - 1]!;
    if (inLines([[{ text: part.name }, ...part.head]])) out.push(refOf(p, 0));
    yield* collect(p);
  }
  return out;
}
