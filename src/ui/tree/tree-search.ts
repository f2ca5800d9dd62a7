/*
 * `/` in the detail view: the nodes whose key or value holds the query, in the order
 * the tree shows them, folded ones included (going to one unfolds what hides it). The
 * query is looked for in each record's text as written (`indexOf` over the text, case
 * folded unless the query has a capital; then a binary search per match for its node;
 * no RegExp, which V8 refuses past ~40,000 characters), so a 20 MB result is one
 * pass, not a million decoded strings; it is looked for as JSON writes it (`"` as
 * `\"`, and non-ASCII also as `\u` escapes, as Python writes them). Inside a string
 * opened with J the search reads the string's own text.
 */

import { foldCase, hasCapital } from '../../kit/text.js';
import { findPattern } from '../format/find-lines.js';
import { lineText } from '../format/segments.js';
import { Flag, type Flags, type Forest, ROOT, refOf } from './forest.js';
import type { JsonTable } from './json-tree.js';

/** Matches listed at most (the footer says `/q 1/100000`; n and N go through them). */
const MOST = 100_000;

/** Finds the query in JSON text: the leftmost match at or after `from`, or null. */
type JsonFind = (text: string, from: number) => { at: number; length: number } | null;

/**
 * The query as it appears in JSON text (smart case): as JSON writes it, and with its
 * non-ASCII as `\u` escapes. A folded text is kept for the piece last searched (a
 * search goes through a piece from left to right).
 */
function jsonFind(query: string): JsonFind | null {
  const q = query.trim();
  if (!q) return null;
  const exact = hasCapital(q);
  const escaped = JSON.stringify(q).slice(1, -1);
  const ascii = escaped.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const needles = [...new Set([escaped, ascii])].map((n) => (exact ? n : foldCase(n)));
  let last: string | null = null;
  let hay = '';
  // Per needle, its next place in `hay` from `after` on (-1: none): a rare needle is
  // not looked for again from every match of a common one.
  const next = needles.map(() => ({ after: 0, at: -1 }));
  return (text, from) => {
    if (text !== last) {
      last = text;
      hay = exact ? text : foldCase(text);
      for (const n of next) n.after = Infinity;
    }
    let best: { at: number; length: number } | null = null;
    needles.forEach((needle, k) => {
      const n = next[k]!;
      if (from < n.after || (n.at >= 0 && n.at < from)) {
        n.after = from;
        n.at = hay.indexOf(needle, from);
      }
      if (n.at >= 0 && (best === null || n.at < best.at)) best = { at: n.at, length: needle.length };
    });
    return best;
  };
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
function* nodesMatching(t: JsonTable, find: JsonFind, room: number, longest: number): Generator<void, number[]> {
  const out: number[] = [];
  const text = t.text;
  let pos = 0;
  for (let a = 0; a < text.length && out.length < room; a += CHUNK) {
    // A match that starts in this chunk may end past it: the piece reaches on by the longest match.
    const piece = text.length <= CHUNK ? text : text.slice(a, Math.min(text.length, a + CHUNK + longest));
    for (let m = find(piece, Math.max(0, pos - a)); m && out.length < room; m = find(piece, pos - a)) {
      const at = a + m.at;
      if (at >= a + CHUNK) break;
      const i = nodeAt(t, at);
      if (out[out.length - 1] !== i) out.push(i);
      // The rest of this node's text holds no other node (a scalar): go on past it.
      pos = Math.max(at + Math.max(1, m.length), t.size[i] === 1 ? t.end[i]! : 0);
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
  const find = jsonFind(query);
  const plain = findPattern(query);
  if (!find || !plain) return [];
  const longest = query.length * 12 + 16;
  const out: number[] = [];
  const inLines = (lines: readonly (readonly { text: string }[])[]) =>
    lines.some((l) => plain.test(lineText(l as { text: string }[])));
  if (inLines(forest.rootLines)) out.push(ROOT);
  function* collect(t: number): Generator<void, void> {
    const table = forest.tables[t]!;
    const found = yield* nodesMatching(table, find!, MOST - out.length, longest);
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
