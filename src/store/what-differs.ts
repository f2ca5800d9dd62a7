/**
 * What differs, in the room a cell has: the first differing path and both values
 * (`DiffCall.shown`), whole when they fit, else the room shared between them and each
 * value shown around where the two differ. The printed table, the app's list and the
 * side-by-side view's header all say it this way.
 */
import { inertHead, reach, truncate, width, widthUpTo } from '../kit/cells.js';
import { inert } from '../kit/text.js';
import type { DiffCall } from './diff.js';

/**
 * `text` made inert and cut from its start to at most `cells`, `…` first when cut (a
 * path keeps its last steps). Only its last `reach(cells)` code units are read: no more
 * can show.
 */
export function truncateStart(text: string, cells: number): string {
  const n = reach(cells) + 1;
  const clipped = text.length > n;
  if (!clipped && widthUpTo(inert(text), cells) <= cells) return inert(text);
  if (cells <= 1) return cells === 1 ? '…' : '';
  const tail = inert(clipped ? text.slice(-n) : text);
  // The shortest cut start whose rest fits (widths only grow with more text).
  let lo = clipped ? 0 : 1;
  let hi = tail.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (widthUpTo(tail.slice(mid), cells - 1) <= cells - 1) hi = mid;
    else lo = mid + 1;
  }
  // Never start at the second half of a surrogate pair.
  const at = /[\uDC00-\uDFFF]/.test(tail[lo] ?? '') ? lo + 1 : lo;
  return `…${tail.slice(at)}`;
}

/**
 * `room` cells shared among parts that need `needs` cells: none gets more than it
 * needs, and one that needs more gets at least its `weights` share of the room. What
 * a short part leaves goes to the others in the same proportions (max-min fairness),
 * the cells left by rounding down to the first parts.
 */
export function shareRoom(needs: readonly number[], weights: readonly number[], room: number): number[] {
  const out = needs.map(() => 0);
  let open = needs.flatMap((need, i) => (need > 0 ? [i] : []));
  let left = Math.max(0, room);
  const weightOf = (parts: number[]) => parts.reduce((sum, i) => sum + weights[i]!, 0);
  // Parts that need no more than their share get what they need; the others share what is left.
  for (;;) {
    const total = weightOf(open);
    const settled = open.filter((i) => needs[i]! * total <= left * weights[i]!);
    if (settled.length === 0) break;
    for (const i of settled) {
      out[i] = needs[i]!;
      left -= needs[i]!;
    }
    open = open.filter((i) => !settled.includes(i));
    if (open.length === 0) return out;
  }
  const total = weightOf(open);
  let given = 0;
  for (const i of open) given += out[i] = Math.floor((left * weights[i]!) / total);
  // Each open part needs more than its exact share, so one cell more never gives it too much.
  for (let k = 0; given < left; k++, given++) out[open[k]!]!++;
  return out;
}

/**
 * `text` (a value's JSON, `shown`) in at most `cells`, so that where it differs from the
 * other side (`at`, a code unit) shows: whole when it fits; cut at its end while the
 * difference and a third of the room after it still show; else from before the
 * difference, `…` first (after a string's opening quote: `"…`), with `lead` cells
 * before it (a third of the room unless said) and more when what follows it is short.
 */
export function aroundDifference(text: string, at: number, cells: number, lead = Math.floor(cells / 3)): string {
  const head = inertHead(text, cells);
  if (widthUpTo(head, cells) <= cells) return head;
  // Never from the second half of a surrogate pair.
  const from = /[\uDC00-\uDFFF]/.test(text[at] ?? '') ? at - 1 : at;
  const before = widthUpTo(inertHead(text.slice(0, from), cells), cells);
  if (cells < 5 || before <= cells - 1 - Math.ceil(cells / 3)) return truncate(head, cells);
  const quote = text.startsWith('"') && from > 1 ? '"' : '';
  const room = cells - quote.length;
  // What follows the difference takes what the lead (and the `…`) leaves.
  const after = Math.min(widthUpTo(inertHead(text.slice(from), room), room), room - lead - 1);
  const shown = `${quote}${truncateStart(text.slice(quote.length, from), room - after)}`;
  const rest = cells - width(shown);
  return `${shown}${truncate(inertHead(text.slice(from), rest), rest)}`;
}

/** Cells of `: ` after the path and ` → ` between the values. */
const SEPARATORS = 5;
/** The path is given at least this many cells (all of a shorter one). */
const PATH_FLOOR = 8;
/** A value shown gets at least this many cells (all of a shorter one): `"h…`. */
const VALUE_FLOOR = 3;

/**
 * What differs in at most `cells`, `path: a → b`: whole when it fits (always, when
 * `cells` is Infinity: a pipe's); else the room is shared, the path taking a fifth
 * (at least 8 cells, or all of a shorter path) and each value two fifths, and what a
 * short part leaves going to the others. The path keeps its last steps, each value the
 * stretch around where the two differ; with no room for a few cells of each value, the
 * path alone. Empty when the two are the same.
 */
export function whatDiffers(c: DiffCall, cells: number): { path: string; a: string; b: string } {
  const v = c.shown;
  if (c.path === null || v === null || cells <= 0) return { path: '', a: '', b: '' };
  if (cells === Infinity) return { path: `${inert(c.path)}: `, a: inert(v.a), b: ` → ${inert(v.b)}` };
  const needs = [c.path, v.a, v.b].map((text) => widthUpTo(inertHead(text, cells), cells));
  const [pathNeed, aNeed, bNeed] = needs as [number, number, number];
  if (pathNeed + aNeed + bNeed + SEPARATORS <= cells)
    return { path: `${inertHead(c.path, cells)}: `, a: inertHead(v.a, cells), b: ` → ${inertHead(v.b, cells)}` };
  if (cells < SEPARATORS + 3) return { path: truncate(`${inertHead(c.path, cells)}: `, cells), a: '', b: '' };
  const room = cells - SEPARATORS;
  let [aRoom, bRoom, pathRoom] = shareRoom([aNeed, bNeed, pathNeed], [2, 2, 1], room) as [number, number, number];
  // A short path (`.error`) is never cut, a long one never below PATH_FLOOR: the values share the rest.
  if (pathRoom < Math.min(pathNeed, PATH_FLOOR)) {
    pathRoom = Math.min(pathNeed, PATH_FLOOR);
    [aRoom, bRoom] = shareRoom([aNeed, bNeed], [1, 1], room - pathRoom) as [number, number];
  }
  // Too narrow for both values (a 60-column list): the path alone, where it differs,
  // rather than `path:  → ` with nothing on either side, which reads as two empty values.
  if (aRoom < Math.min(aNeed, VALUE_FLOOR) || bRoom < Math.min(bNeed, VALUE_FLOOR))
    return { path: truncateStart(c.path, cells), a: '', b: '' };
  return {
    path: `${truncateStart(c.path, pathRoom)}: `,
    // The same lead on both sides, so the two windows start at the same character.
    a: aroundDifference(v.a, v.at, aRoom, Math.floor(Math.min(aRoom, bRoom) / 3)),
    b: ` → ${aroundDifference(v.b, v.at, bRoom, Math.floor(Math.min(aRoom, bRoom) / 3))}`,
  };
}
