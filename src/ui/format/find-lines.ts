import { type TextFinder, textFinder } from '../../kit/text.js';
import { lineText, type ScreenLine, type Segment } from './segments.js';

/*
 * Search inside the detail view and the help, as in a pager: the query is found in
 * the text as shown, matched lines are listed for n/N, and each match is marked.
 */

/** What a query finds, smart case (any case while it has no capital), or null for an empty one. */
export const findPattern = (query: string): TextFinder | null => textFinder(query);

/** Indices of the lines whose text holds a match, ascending. */
export function linesMatching(lines: readonly ScreenLine[], pattern: TextFinder): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) if (pattern.test(lineText(lines[i]!))) out.push(i);
  return out;
}

/**
 * The first line (its first `gutter` cells left out) where a match starts, or -1 for none.
 * Rows the wrap cut from one line of the text (the row after a cut has a segment with
 * `wrapGap`) are read joined back as that line was, so a match the wrap cut over any
 * number of rows is found on the row it starts on (never in the blanks a cut dropped:
 * a query is trimmed).
 *
 * Rows are never joined across a line break of the text. The search that found the turn
 * reads its record's JSON line, where a break is the two characters `\n`: a query typed
 * on one line matches across none, so the text shown has no match there, and joining
 * there would find one that is not in it (a table's row end and the next row's start).
 *
 * Each line is read once: the cost is the turn as laid out, never more.
 */
export function firstLineHolding(lines: readonly ScreenLine[], pattern: TextFinder, gutter = 0): number {
  let first = 0;
  while (first < lines.length) {
    // One line of the text: its rows joined back, and where each row's part of it begins
    // (the blanks dropped before it included).
    let joined = lineText(lines[first]!.slice(gutter));
    const starts = [0];
    let next = first + 1;
    for (; next < lines.length; next++) {
      const line = lines[next]!;
      const cut = line.findIndex((s) => s.wrapGap !== undefined);
      if (cut < gutter) break;
      starts.push(joined.length);
      joined += line[cut]!.wrapGap + lineText(line.slice(cut));
    }
    const match = pattern.all(joined)[0];
    if (match) return first + starts.findLastIndex((at) => at <= match[0]);
    first = next;
  }
  return -1;
}

/** Made when first needed: the first Intl object loads ICU's data, which the first frame does without. */
let segmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' }));

/**
 * Widens each match to whole graphemes. A query may end inside one (a joined emoji
 * typed in part): split across two styled segments, Ink measures each piece alone,
 * finds the line wider than it is, and cuts it mid-character (the frame came out
 * wider than the terminal, with a lone surrogate in it).
 */
function toGraphemes(text: string, ranges: [number, number][]): [number, number][] {
  if (/^[\x20-\x7e]*$/.test(text)) return ranges;
  const starts = [...graphemes().segment(text)].map((g) => g.index);
  starts.push(text.length);
  return ranges.map(([a, b]) => [starts.findLast((i) => i <= a) ?? 0, starts.find((i) => i >= b) ?? text.length]);
}

/** `line` with the text of each match in the `found` style (segments are split where matches start and end, never inside a grapheme). */
export function markMatches(line: ScreenLine, pattern: TextFinder): ScreenLine {
  const text = lineText(line);
  let ranges = pattern.all(text);
  if (ranges.length === 0) return line;
  ranges = toGraphemes(text, ranges);
  const out: Segment[] = [];
  let r = 0;
  let at = 0;
  for (const s of line) {
    const end = at + s.text.length;
    let pos = at;
    while (pos < end) {
      while (r < ranges.length && ranges[r]![1] <= pos) r++;
      const range = ranges[r];
      if (!range || range[0] >= end) {
        out.push({ ...s, text: s.text.slice(pos - at) });
        break;
      }
      if (range[0] > pos) {
        out.push({ ...s, text: s.text.slice(pos - at, range[0] - at) });
        pos = range[0];
      }
      const stop = Math.min(range[1], end);
      out.push({ text: s.text.slice(pos - at, stop - at), style: 'found' });
      pos = stop;
    }
    at = end;
  }
  return out;
}
