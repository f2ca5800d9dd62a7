import { type TextFinder, textFinder } from '../../trace/text.js';
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
 * The first line (its first `gutter` cells left out) that holds a match, or the match's
 * start when the wrap cut it over two lines: joined at a space (a word per line) or
 * inside a long word, the way the text was before it was wrapped. -1 for none.
 */
export function firstLineHolding(lines: readonly ScreenLine[], pattern: TextFinder, gutter = 0): number {
  let next = lines.length > 0 ? lineText(lines[0]!.slice(gutter)) : '';
  for (let i = 0; i < lines.length; i++) {
    const text = next;
    if (pattern.test(text)) return i;
    if (i + 1 >= lines.length) break;
    next = lineText(lines[i + 1]!.slice(gutter));
    const head = text.trimEnd();
    const rest = next.trimStart();
    for (const joined of [`${head} ${rest}`, head + rest])
      if (pattern.all(joined).some(([start, end]) => start < head.length && end > head.length)) return i;
  }
  return -1;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Widens each match to whole graphemes. A query may end inside one (a joined emoji
 * typed in part): split across two styled segments, Ink measures each piece alone,
 * finds the line wider than it is, and cuts it mid-character (the frame came out
 * wider than the terminal, with a lone surrogate in it).
 */
function toGraphemes(text: string, ranges: [number, number][]): [number, number][] {
  if (/^[\x20-\x7e]*$/.test(text)) return ranges;
  const starts = [...graphemes.segment(text)].map((g) => g.index);
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
