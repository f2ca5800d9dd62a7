/**
 * Two sequences aligned by a longest common subsequence: which items of `a` match which
 * of `b`, in order, and which each side has alone. Myers' O((n+m)·D) diff (the npm
 * `diff` package: time grows with the number of differences D, memory with D², never
 * n·m), bounded: past `maxEdits` differences it gives up rather than run for minutes.
 */
import { diffArrays } from 'diff';

/** One row of an alignment: an index into `a` and one into `b`; -1 for the side that lacks it. */
export type Step = readonly [a: number, b: number];

/**
 * Edits (an item removed or added) past which the search stops: about half a second
 * for two sequences of 100,000 (measured: test/slow/diff-align.slow.test.ts).
 */
export const MAX_EDITS = 2000;

/** How many items `a` and `b` share at their start, and then at their end. */
function shared<T>(a: readonly T[], b: readonly T[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

/**
 * The middle steps by a bounded Myers search, indices offset by `head`; null past the
 * bound. Within a stretch where both sides differ, `a`'s items come first.
 */
function searched<T>(a: readonly T[], b: readonly T[], head: number, maxEdits: number): Step[] | null {
  // At least |n - m| items differ: no search needed to know it is too many.
  if (Math.abs(a.length - b.length) > maxEdits) return null;
  const steps: Step[] = [];
  let i = head;
  let j = head;
  if (a.length === 0 || b.length === 0) {
    for (let k = 0; k < a.length; k++) steps.push([i++, -1]);
    for (let k = 0; k < b.length; k++) steps.push([-1, j++]);
    return steps;
  }
  const changes = diffArrays<T>(a as T[], b as T[], { maxEditLength: maxEdits });
  if (changes === undefined) return null;
  for (const c of changes)
    for (let k = 0; k < c.count; k++) steps.push(c.removed ? [i++, -1] : c.added ? [-1, j++] : [i++, j++]);
  return steps;
}

/**
 * The steps that align `a` with `b` (items compared with ===), in order: matches as
 * `[i, j]`, an item of `a` alone as `[i, -1]`, of `b` alone as `[-1, j]`. Null when more
 * than `maxEdits` items differ. A shared start and end are matched before the search.
 */
export function lcsSteps<T>(a: readonly T[], b: readonly T[], maxEdits = MAX_EDITS): Step[] | null {
  const { head, tail } = shared(a, b);
  const middle = searched(a.slice(head, a.length - tail), b.slice(head, b.length - tail), head, maxEdits);
  return middle && withEnds(middle, head, tail, a.length, b.length);
}

/**
 * `lcsSteps`, or past its bound the fallback: the shared start and end still matched,
 * the stretch between them item by item (`bounded` says so).
 */
export function alignSteps<T>(
  a: readonly T[],
  b: readonly T[],
  maxEdits = MAX_EDITS,
): { steps: Step[]; bounded: boolean } {
  const { head, tail } = shared(a, b);
  const n = a.length - tail - head;
  const m = b.length - tail - head;
  const middle = searched(a.slice(head, head + n), b.slice(head, head + m), head, maxEdits);
  if (middle) return { steps: withEnds(middle, head, tail, a.length, b.length), bounded: false };
  const byPlace = ordinalSteps(n, m).map(([i, j]): Step => [i < 0 ? -1 : i + head, j < 0 ? -1 : j + head]);
  return { steps: withEnds(byPlace, head, tail, a.length, b.length), bounded: true };
}

function withEnds(middle: Step[], head: number, tail: number, n: number, m: number): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < head; k++) steps.push([k, k]);
  for (const s of middle) steps.push(s);
  for (let k = tail; k > 0; k--) steps.push([n - k, m - k]);
  return steps;
}

/** Item i of `a` with item i of `b` (the longer one's rest alone): `diff --by ordinal`, and the fallback. */
export function ordinalSteps(n: number, m: number): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < Math.max(n, m); k++) steps.push([k < n ? k : -1, k < m ? k : -1]);
  return steps;
}
