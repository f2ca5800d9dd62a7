/**
 * Folding idle time out of the timeline's axis: a stretch where nothing runs, long
 * enough to squeeze everything else into a few columns, is shown as one labelled mark
 * (`⋯ 4m12s idle ⋯`) instead. Pure: times in, folds and folded times out.
 */

/** An idle stretch of the run, ms since the epoch: nothing starts or runs from `from` to `to`. */
export interface Gap {
  from: number;
  to: number;
}

/** At most this many gaps are kept while walking a run: only the longest can be folded. */
export const KEPT_GAPS = 32;

/**
 * A gap is folded when it is longer than this share of what the axis would show
 * without it (the run's span less the gaps folded before it): a quarter, so a folded
 * run's busy parts take at least three quarters of the bar area.
 */
export const FOLD_SHARE = 1 / 4;

/**
 * Keeps the `KEPT_GAPS` longest gaps as they are found: `add` each, `cut` out a stretch
 * found busy later (a call answered), then `gaps()`.
 */
export function gapKeeper(): { add(gap: Gap): void; cut(from: number, to: number): void; gaps(): Gap[] } {
  const kept: Gap[] = [];
  const len = (g: Gap) => g.to - g.from;
  const add = (gap: Gap): void => {
    if (!(len(gap) > 0)) return;
    if (kept.length === KEPT_GAPS && len(gap) <= len(kept[kept.length - 1]!)) return;
    let at = kept.length;
    while (at > 0 && len(kept[at - 1]!) < len(gap)) at--;
    kept.splice(at, 0, gap);
    if (kept.length > KEPT_GAPS) kept.pop();
  };
  return {
    add,
    cut(from, to) {
      const hit = kept.filter((g) => g.from < to && g.to > from);
      if (hit.length === 0) return;
      for (const g of hit) kept.splice(kept.indexOf(g), 1);
      for (const g of hit) {
        add({ from: g.from, to: Math.min(g.to, from) });
        add({ from: Math.max(g.from, to), to: g.to });
      }
    },
    gaps: () => kept.slice(),
  };
}

/**
 * Which gaps to fold, in time order: longest first, each while it is longer than
 * `FOLD_SHARE` of the span left once the ones before it are folded.
 */
export function foldGaps(gaps: readonly Gap[], span: number): Gap[] {
  const longest = [...gaps].sort((a, b) => b.to - b.from - (a.to - a.from));
  const folded: Gap[] = [];
  let left = span;
  for (const g of longest) {
    const len = g.to - g.from;
    if (!(len > FOLD_SHARE * left)) break;
    folded.push(g);
    left -= len;
  }
  return folded.sort((a, b) => a.from - b.from);
}

/** `t` on the folded axis: less the folded time before it (a time inside a fold sits at its start). */
export function foldedTime(folds: readonly Gap[], t: number): number {
  let out = t;
  for (const f of folds) {
    if (t >= f.to) out -= f.to - f.from;
    else if (t > f.from) out -= t - f.from;
    else break;
  }
  return out;
}

/** The time a point of the folded axis stands for (a fold's place is its end: what comes after it). */
export function unfoldedTime(folds: readonly Gap[], folded: number): number {
  let t = folded;
  for (const f of folds) {
    if (t >= f.from) t += f.to - f.from;
    else break;
  }
  return t;
}
