/** Search matches as a list shows them. Positions are ascending: a frame never pays for all matches. */

import { fmtInt } from '../../kit/units.js';
import { inertHead, truncate } from './text.js';

/** The first of `p` at or after `from` (a binary search). */
export function firstAtOrAfter(p: readonly number[], from: number): number {
  let lo = 0;
  let hi = p.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Which rows of the visible window (`count` rows from `from`) are matches; undefined for none. */
export function matchedIn(
  positions: readonly number[] | undefined,
  from: number,
  count: number,
): boolean[] | undefined {
  if (!positions || positions.length === 0) return undefined;
  const p = positions;
  const lo = firstAtOrAfter(p, from);
  const out = new Array<boolean>(count).fill(false);
  for (let i = lo; i < p.length && p[i]! < from + count; i++) out[p[i]! - from] = true;
  return out;
}

/**
 * `/query 3/120`: the selection's place among the matches (– when it is on none). The
 * query is cut to 20 cells, so the counts after it stay in the footer.
 */
export function searchCounter(found: { query: string; positions: readonly number[] }, selected: number): string {
  const p = found.positions;
  const query = truncate(inertHead(found.query, 20), 20);
  if (!p.length) return `/${query} no match`;
  const i = firstAtOrAfter(p, selected);
  return `/${query} ${p[i] === selected ? fmtInt(i + 1) : '–'}/${fmtInt(p.length)}`;
}
