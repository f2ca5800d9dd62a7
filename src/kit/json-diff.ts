/**
 * Where two JSON values first differ, and both sides there, short enough for a line:
 * what `diff` says of a changed call.
 */
import { jqPath, type PathStep } from './json-path.js';
import { jsonPreview, sameJson } from './json-write.js';
import { inertJson } from './text.js';
import { isObject, type Json } from './values.js';

/**
 * How many levels a difference is followed down: a path deeper than this would be
 * longer than any line shows (and each level compares its subtree again).
 */
export const DIFF_DEPTH = 32;

export interface Difference {
  /** The path from the compared value's root (the caller's `base` first). */
  steps: PathStep[];
  /** Past DIFF_DEPTH levels: the path stops there, the values are the subtrees. */
  deeper: boolean;
  a: Json | undefined;
  b: Json | undefined;
}

/**
 * The first path (keys in sorted order, elements in order) where `a` and `b` differ,
 * or null when they are the same JSON. An element or key only one side has is the
 * difference, with `undefined` on the other side.
 */
export function firstDifference(a: Json | undefined, b: Json | undefined, base: PathStep[] = []): Difference | null {
  if (sameJson(a, b)) return null;
  const steps = [...base];
  for (let depth = 0; ; depth++) {
    const nested = (isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b));
    if (!nested) return { steps, deeper: false, a, b };
    if (depth >= DIFF_DEPTH) return { steps, deeper: true, a, b };
    let next: PathStep | null = null;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length) && next === null; i++) if (!sameJson(a[i], b[i])) next = i;
    } else if (isObject(a) && isObject(b)) {
      for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
        if (!sameJson(a[k], b[k])) {
          next = k;
          break;
        }
    }
    // sameJson said they differ, so some member does (null: a key whose value is undefined on both sides).
    if (next === null) return { steps, deeper: false, a, b };
    steps.push(next);
    a = (a as Record<string | number, Json>)[next];
    b = (b as Record<string | number, Json>)[next];
  }
}

/** The difference's path in jq syntax, `…` at its end when it goes deeper. */
export const pathText = (d: Difference): string => `${jqPath(d.steps)}${d.deeper ? '…' : ''}`;

/**
 * Characters of a shared start kept before the first one that differs: few, so the
 * difference still shows when a narrow column cuts the value to a dozen cells.
 */
const LEAD = 4;

/** A JSON string literal of `s` from `start`, at most `max` characters, `…` where it is cut. */
function stringWindow(s: string, start: number, max: number): string {
  const from = start > 0 ? '…' : '';
  let take = Math.min(s.length - start, max);
  for (;;) {
    // Never half a surrogate pair at the cut.
    const end = start + take;
    const cut = end < s.length ? '…' : '';
    const half = end < s.length && /[\uD800-\uDBFF]/.test(s[end - 1] ?? '');
    const body = JSON.stringify(s.slice(start, end - (half ? 1 : 0))).slice(1, -1);
    const text = `"${from}${body}${cut}"`;
    if (text.length <= max || take <= 1) return text;
    take = Math.max(1, take - Math.max(1, text.length - max));
  }
}

/**
 * Both values of a difference, each at most `max` characters: two strings that share a
 * start are shown from just before the first character that differs (`"…s 2009-01-03"`),
 * so the shortened values never read the same; anything else as its JSON, cut.
 * `(absent)` for a side that has no value there.
 */
export function shortValues(a: Json | undefined, b: Json | undefined, max: number): [string, string] {
  const room = Math.max(8, max);
  if (typeof a === 'string' && typeof b === 'string') {
    // Short enough: both whole (`"hf://docs"`, not `"…f://docs"`).
    const whole = [JSON.stringify(a), JSON.stringify(b)] as const;
    if (whole[0].length <= room && whole[1].length <= room) return [whole[0], whole[1]];
    let p = 0;
    const n = Math.min(a.length, b.length);
    while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
    let start = p > LEAD ? p - LEAD : 0;
    if (start > 0 && /[\uDC00-\uDFFF]/.test(a[start] ?? '')) start--;
    return [stringWindow(a, start, room), stringWindow(b, start, room)];
  }
  const one = (v: Json | undefined) => (v === undefined ? '(absent)' : jsonPreview(v, room));
  return [one(a), one(b)];
}

/**
 * Both values of a difference as they are shown (the printed table, the app): JSON
 * text, safe on a terminal, and `at`, where the two texts first differ (the length of
 * their shared start). `(absent)` for a side that has no value there.
 */
export interface ShownValues {
  a: string;
  b: string;
  at: number;
}

/**
 * Both values for showing, each whole when its JSON is at most `keep` characters
 * (Infinity: always). A longer one is kept to `keep` characters: two strings from the
 * same place, a quarter of `keep` before where they differ when that is past half of
 * it (`"…` first; both, unless both fit), anything else from its start; `…` where cut. The shower windows them
 * again to its room, around `at`. Made inert as JSON (`\u` escapes), so a window of the
 * text is as safe as the text.
 */
export function shownValues(a: Json | undefined, b: Json | undefined, keep: number): ShownValues {
  let ta: string;
  let tb: string;
  if (typeof a === 'string' && typeof b === 'string') {
    let p = 0;
    const n = Math.min(a.length, b.length);
    while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
    const fits = (s: string) => s.length <= keep && JSON.stringify(s).length <= keep;
    let start = p > keep / 2 && !(fits(a) && fits(b)) ? p - Math.floor(keep / 4) : 0;
    if (start > 0 && /[\uDC00-\uDFFF]/.test(a[start] ?? '')) start--;
    ta = stringWindow(a, start, keep);
    tb = stringWindow(b, start, keep);
  } else {
    const one = (v: Json | undefined) => (v === undefined ? '(absent)' : jsonPreview(v, keep));
    ta = one(a);
    tb = one(b);
  }
  ta = inertJson(ta);
  tb = inertJson(tb);
  let at = 0;
  const n = Math.min(ta.length, tb.length);
  while (at < n && ta.charCodeAt(at) === tb.charCodeAt(at)) at++;
  return { a: ta, b: tb, at };
}
