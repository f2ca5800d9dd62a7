/*
 * The detail view's tree as a state and the pure functions its keys call: a node
 * cursor, the first line on screen (a node and a line in it: an opened string can be
 * taller than the screen), and the flags (folded, opened, raw, J). Every function
 * visits only the nodes between the cursor and the screen's edges, except the depth
 * folds (`z`, `Z`, `1`–`9`), one pass over the flags.
 */

import type { ScreenLine } from '../format/segments.js';
import { nodeLines } from '../format/tree-lines.js';
import { keyOf } from '../keymap.js';
import { Flag, type Flags, type Forest, hasFlag, indexOf, ROOT, refOf, tableOf, withFlag } from './forest.js';
import { NodeKind } from './json-tree.js';

export interface TreeState {
  cursor: number;
  /** The node whose line is first on screen, and which of its lines. */
  top: number;
  topLine: number;
  flags: Flags;
  /** Strings opened with J, in the order opened (search looks inside them). */
  json: readonly number[];
}

export const initialTree = (): TreeState => ({ cursor: ROOT, top: ROOT, topLine: 0, flags: new Map(), json: [] });

/** What the tree's functions need besides the state: the tree, and the size of its window. */
export interface TreeFrame {
  forest: Forest;
  width: number;
  height: number;
}

const cache = new WeakMap<Forest, Map<string, ScreenLine[]>>();
const CACHE_SIZE = 4096;

/** A node's lines, kept while its flags and the width stay the same. */
export function linesOf(f: TreeFrame, flags: Flags, ref: number): ScreenLine[] {
  let map = cache.get(f.forest);
  if (!map) cache.set(f.forest, (map = new Map()));
  const bits = ref === ROOT ? 0 : (flags.get(tableOf(ref))?.[indexOf(ref)] ?? 0);
  const key = `${ref}:${f.width}:${bits}`;
  let lines = map.get(key);
  if (!lines) {
    lines = nodeLines(f.forest, flags, ref, f.width);
    if (map.size >= CACHE_SIZE) map.delete(map.keys().next().value!);
    map.set(key, lines);
  }
  return lines;
}

/** A screen line of the tree: its node, and whether it is the node's first. */
export interface TreeLine {
  line: ScreenLine;
  ref: number;
  first: boolean;
}

/** The lines on screen, from the top. */
export function treeWindow(f: TreeFrame, t: TreeState): TreeLine[] {
  const out: TreeLine[] = [];
  let skip = t.topLine;
  for (let r = t.top; r >= 0 && out.length < f.height; r = f.forest.nextVisible(r, t.flags)) {
    const lines = linesOf(f, t.flags, r);
    for (let k = skip; k < lines.length && out.length < f.height; k++)
      out.push({ line: lines[k]!, ref: r, first: k === 0 });
    skip = 0;
  }
  return out;
}

/** The top that puts the cursor's first line `row` lines down the screen (fewer at the start). */
function topAbove(f: TreeFrame, flags: Flags, cursor: number, row: number): { top: number; topLine: number } {
  let top = cursor;
  let left = row;
  while (left > 0) {
    const p = f.forest.prevVisible(top, flags);
    if (p < 0) break;
    const n = linesOf(f, flags, p).length;
    top = p;
    if (n >= left) return { top, topLine: n - left };
    left -= n;
  }
  return { top, topLine: 0 };
}

/** Lines from the cursor's first to the end of the tree, counted up to `most`. */
function linesFrom(f: TreeFrame, flags: Flags, ref: number, most: number): number {
  let n = 0;
  for (let r = ref; r >= 0 && n < most; r = f.forest.nextVisible(r, flags)) n += linesOf(f, flags, r).length;
  return n;
}

/** Where the cursor's first line is on screen, or -1 when it is not. */
function rowOf(f: TreeFrame, t: TreeState, ref: number): number {
  let row = -t.topLine;
  for (let r = t.top; r >= 0 && row < f.height; r = f.forest.nextVisible(r, t.flags)) {
    if (r === ref) return row >= 0 ? row : -1;
    row += linesOf(f, t.flags, r).length;
  }
  return -1;
}

/** Lines kept above the cursor when it is brought into view from afar. */
const CONTEXT = 2;

/**
 * The state with the cursor on screen: unchanged when it is; else scrolled just enough
 * (`down`: the cursor's node ends at the bottom, or starts at the top when taller than
 * the screen; `up`: it starts at the top), or from afar with CONTEXT lines above it.
 */
export function reveal(f: TreeFrame, t: TreeState, how: 'down' | 'up' | 'far'): TreeState {
  const n = linesOf(f, t.flags, t.cursor).length;
  const at = rowOf(f, t, t.cursor);
  // Moving down onto a node that goes on below the screen: as much of it as fits is shown.
  if (at >= 0 && !(how === 'down' && at > 0 && at + n > f.height)) return fill(f, t);
  let row = CONTEXT;
  if (how === 'up') row = 0;
  if (how === 'down') row = Math.max(0, f.height - n);
  return fill(f, { ...t, ...topAbove(f, t.flags, t.cursor, Math.min(row, f.height - 1)) });
}

/** No blank lines at the bottom while there are lines above the top: the window moves up. */
function fill(f: TreeFrame, t: TreeState): TreeState {
  const shown = linesFrom(f, t.flags, t.top, f.height + t.topLine) - t.topLine;
  if (shown >= f.height || (t.top === ROOT && t.topLine === 0)) return t;
  const gap = f.height - shown;
  if (t.topLine >= gap) return { ...t, topLine: t.topLine - gap };
  return { ...t, ...topAbove(f, t.flags, t.top, gap - t.topLine) };
}

/** j / k: the next or previous node. */
export function move(f: TreeFrame, t: TreeState, delta: 1 | -1): TreeState {
  const next = delta > 0 ? f.forest.nextVisible(t.cursor, t.flags) : f.forest.prevVisible(t.cursor, t.flags);
  if (next < 0) return t;
  return reveal(f, { ...t, cursor: next }, delta > 0 ? 'down' : 'up');
}

/** The window moved by `lines` (pages); the cursor stays when any of its lines is still shown, else goes to the first node that starts on screen. */
export function scroll(f: TreeFrame, t: TreeState, lines: number): TreeState {
  let top = t.top;
  let topLine = t.topLine;
  if (lines > 0) {
    let left = lines;
    while (left > 0) {
      const n = linesOf(f, t.flags, top).length;
      if (topLine + left < n) {
        topLine += left;
        break;
      }
      const next = f.forest.nextVisible(top, t.flags);
      if (next < 0) {
        topLine = n - 1;
        break;
      }
      left -= n - topLine;
      top = next;
      topLine = 0;
    }
  } else {
    ({ top, topLine } =
      topLine >= -lines ? { top, topLine: topLine + lines } : topAbove(f, t.flags, top, -lines - topLine));
  }
  const moved = fill(f, { ...t, top, topLine });
  const shown = treeWindow(f, moved);
  if (shown.some((l) => l.ref === t.cursor)) return moved;
  const starts = shown.filter((l) => l.first);
  const cursor = (lines > 0 ? starts[0] : starts[starts.length - 1]) ?? shown[0];
  return cursor ? { ...moved, cursor: cursor.ref } : moved;
}

export const toStart = (_: TreeFrame, t: TreeState): TreeState => ({ ...t, cursor: ROOT, top: ROOT, topLine: 0 });

export function toEnd(f: TreeFrame, t: TreeState): TreeState {
  const last = f.forest.lastVisible(t.flags);
  const n = linesOf(f, t.flags, last).length;
  const at = topAbove(f, t.flags, last, Math.max(0, f.height - n));
  return fill(f, { ...t, cursor: last, ...(n > f.height ? { top: last, topLine: n - f.height } : at) });
}

/** Whether a string node is cut (so Space or → shows the rest). */
function isCut(f: TreeFrame, t: TreeState, ref: number): boolean {
  const lines = linesOf(f, t.flags, ref);
  const last = lines[lines.length - 1]!;
  const s = last[last.length - 1];
  // The line that says what is left: dim, from `…` on (the text's own lines are not dim).
  return lines.length > 1 && s?.style === 'dim' && s.text.startsWith('… ');
}

const isString = (f: TreeFrame, ref: number): boolean => {
  const k = f.forest.kindOf(ref);
  return ref !== ROOT && (k === NodeKind.string || k === NodeKind.text);
};

/** Why Space, → or h cannot fold or unfold the node under the cursor, or null. */
export function whyNotToggle(f: TreeFrame, t: TreeState): string | null {
  const r = t.cursor;
  if (r === ROOT) return `the top stays open (${keyOf('tree.foldAll')} folds the parts)`;
  if (f.forest.isContainer(r, t.flags))
    return f.forest.childCount(r, t.flags) === 0 ? 'an empty value has nothing to fold' : null;
  if (isString(f, r)) return hasFlag(t.flags, r, Flag.opened) || isCut(f, t, r) ? null : 'the whole string is shown';
  return 'a number or literal has nothing to fold';
}

/** Space: a container folded or unfolded; a long string opened whole or folded back. */
export function toggle(f: TreeFrame, t: TreeState): TreeState {
  const r = t.cursor;
  const flag = f.forest.isContainer(r, t.flags) ? Flag.folded : Flag.opened;
  return reveal(f, { ...t, flags: withFlag(f.forest, t.flags, [r], flag, !hasFlag(t.flags, r, flag)) }, 'up');
}

/** h / ←: the node folded (a string back to its first lines); already folded, the cursor goes to the parent. */
export function foldOrParent(f: TreeFrame, t: TreeState): TreeState {
  const r = t.cursor;
  if (f.forest.expanded(r, t.flags) && r !== ROOT && f.forest.childCount(r, t.flags) > 0)
    return reveal(f, { ...t, flags: withFlag(f.forest, t.flags, [r], Flag.folded, true) }, 'up');
  if (isString(f, r) && hasFlag(t.flags, r, Flag.opened))
    return reveal(f, { ...t, flags: withFlag(f.forest, t.flags, [r], Flag.opened, false) }, 'up');
  const p = f.forest.parentOf(r);
  return p < 0 ? t : reveal(f, { ...t, cursor: p }, 'up');
}

/** →: the node unfolded (a long string opened). */
export function unfold(f: TreeFrame, t: TreeState): TreeState {
  const r = t.cursor;
  const flag = f.forest.isContainer(r, t.flags) ? Flag.folded : Flag.opened;
  return reveal(f, { ...t, flags: withFlag(f.forest, t.flags, [r], flag, flag === Flag.opened) }, 'up');
}

/** Why → has nothing to do, or null. */
export function whyNotUnfold(f: TreeFrame, t: TreeState): string | null {
  const r = t.cursor;
  if (f.forest.isContainer(r, t.flags))
    return r === ROOT || !hasFlag(t.flags, r, Flag.folded) ? 'already unfolded' : null;
  if (isString(f, r)) return isCut(f, t, r) && !hasFlag(t.flags, r, Flag.opened) ? null : 'the whole string is shown';
  return 'a number or literal has nothing to unfold';
}

/**
 * Every container at `depth` or deeper folded, those above it unfolded (`null`: all
 * unfolded); depth counts from the parts (1). The cursor goes to its nearest shown
 * ancestor when it is folded away.
 */
export function foldToDepth(f: TreeFrame, t: TreeState, depth: number | null): TreeState {
  const forest = f.forest;
  const flags = new Map<number, Uint8Array>();
  for (let ti = 1; ti < forest.tables.length; ti++) {
    const table = forest.tables[ti]!;
    const base = forest.depthOf(refOf(ti, 0)) - table.depth[0]!;
    const bytes = new Uint8Array(table.n);
    const old = t.flags.get(ti);
    if (old) bytes.set(old);
    for (let i = 0; i < table.n; i++) {
      const container = table.kind[i]! <= NodeKind.array || (bytes[i]! & Flag.json) !== 0;
      if (!container) continue;
      const fold = depth !== null && base + table.depth[i]! >= depth;
      bytes[i] = fold ? bytes[i]! | Flag.folded : bytes[i]! & ~Flag.folded;
    }
    flags.set(ti, bytes);
  }
  let cursor = t.cursor;
  for (let r = forest.parentOf(cursor); r >= 0; r = forest.parentOf(r)) if (!forest.expanded(r, flags)) cursor = r;
  return reveal(f, { ...t, cursor, flags }, 'far');
}

/** r: a string shown as its JSON literal, or back as text. */
export function toggleRaw(f: TreeFrame, t: TreeState): TreeState {
  const r = t.cursor;
  return reveal(f, { ...t, flags: withFlag(f.forest, t.flags, [r], Flag.raw, !hasFlag(t.flags, r, Flag.raw)) }, 'up');
}

export function whyNotRaw(f: TreeFrame, t: TreeState): string | null {
  const r = t.cursor;
  if (isString(f, r) && f.forest.kindOf(r) === NodeKind.string && !hasFlag(t.flags, r, Flag.json)) return null;
  return 'only a string has a raw JSON form (move to one)';
}

/** J: a string holding JSON opened as its tree in place, or closed again. */
export function toggleJson(f: TreeFrame, t: TreeState): TreeState {
  const r = t.cursor;
  const open = !hasFlag(t.flags, r, Flag.json);
  const flags = withFlag(f.forest, t.flags, [r], Flag.json, open);
  const json = open ? [...t.json, r] : t.json.filter((x) => x !== r && !isInside(f.forest, x, r));
  return reveal(f, { ...t, flags, json }, 'up');
}

export function whyNotJson(f: TreeFrame, t: TreeState): string | null {
  const r = t.cursor;
  if (hasFlag(t.flags, r, Flag.json)) return null;
  if (r === ROOT || f.forest.kindOf(r) !== NodeKind.string) return 'only a string can hold JSON (move to one)';
  return f.forest.jsonInside(r) === null ? 'this string holds no JSON object or array' : null;
}

/** Whether `ref` is below `ancestor`. */
function isInside(forest: Forest, ref: number, ancestor: number): boolean {
  for (let r = forest.parentOf(ref); r >= 0; r = forest.parentOf(r)) if (r === ancestor) return true;
  return false;
}

/** The cursor on `ref`, every folded node above it unfolded (a search match), shown with context. */
export function goTo(f: TreeFrame, t: TreeState, ref: number): TreeState {
  const folded: number[] = [];
  for (let r = f.forest.parentOf(ref); r > ROOT; r = f.forest.parentOf(r))
    if (hasFlag(t.flags, r, Flag.folded)) folded.push(r);
  const flags = folded.length ? withFlag(f.forest, t.flags, folded, Flag.folded, false) : t.flags;
  return reveal(f, { ...t, cursor: ref, flags }, 'far');
}
