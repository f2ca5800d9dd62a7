/**
 * A refused filter in the bar, with what is wrong in it marked and in view: the typed
 * text is scrolled to the part the error names, which is put between « and » (text
 * marks, so NO_COLOR and --ascii show them) and drawn inverted. The command line puts a
 * caret under it instead (trace/filter.ts); the bar is one line.
 */
import { inert } from '../../kit/text.js';
import { endOf } from './notice.js';
import { fitLine, type ScreenLine, seg } from './segments.js';
import { reach, truncate, widthUpTo } from './text.js';

export const MARK_OPEN = '«';
export const MARK_CLOSE = '»';

/** A lone low surrogate a cut by code units left at the start of `text`, dropped. */
const fromWhole = (text: string): string => (/^[\uDC00-\uDFFF]/.test(text) ? text.slice(1) : text);

/**
 * `text` in at most `cells` cells, the part `at` names marked (code units, `to` excluded).
 * Whole when it fits; else the marked part stays whole when it can, with as much of the
 * text before it as fits (what the term is, `latency:>`), then what follows it; a marked
 * part too long to show (an unclosed quote, a 5,000-character paste) keeps its start.
 * Only what can show is read: the text may be 60,000 pasted characters.
 */
export function markedText(text: string, at: { from: number; to: number }, cells: number): ScreenLine {
  const from = Math.max(0, Math.min(at.from, text.length));
  const to = Math.max(from, Math.min(at.to, text.length));
  const n = reach(cells) + 1;
  const before = inert(fromWhole(text.slice(Math.max(0, from - n), from)));
  const bad = inert(text.slice(from, Math.min(to, from + n)));
  const after = inert(text.slice(to, to + n));
  const w = (t: string) => widthUpTo(t, cells);
  const marks = MARK_OPEN.length + MARK_CLOSE.length;
  const line = (left: string, middle: string, right: string) =>
    fitLine(
      [seg(left), seg(MARK_OPEN, 'error'), seg(middle, 'found'), seg(MARK_CLOSE, 'error'), seg(right)].filter(
        (s) => s.text !== '' || s.style === 'error',
      ),
      cells,
    );
  if (w(before) + w(bad) + marks + w(after) <= cells) return line(before, bad, after);
  const room = cells - marks;
  // A little of what leads to it is kept whatever its length: which term it is in.
  const lead = Math.min(w(before), Math.floor(room / 4));
  const more = after === '' ? 0 : 1;
  if (w(bad) + lead + more > room) {
    // Too long to show whole (an unclosed quote, a long paste): its start, cut.
    const left = w(before) <= lead ? before : endOf(before, lead);
    return line(left, truncate(bad, room - w(left)), '');
  }
  // Whole, with as much of what leads to it as fits, then what follows (at least its `…`).
  const rest = room - w(bad);
  const left = w(before) <= rest - more ? before : endOf(before, rest - more);
  return line(left, bad, truncate(after, rest - w(left)));
}
