import { inertHead, truncate, width } from './text.js';

/** Named styles; the theme decides what each looks like (colour is never the only signal). */
export type Style =
  | 'plain'
  | 'dim'
  | 'bold'
  | 'selected'
  | 'header'
  | 'tab'
  | 'tabActive'
  | 'ok'
  | 'error'
  | 'warn'
  | 'pending'
  | 'accent'
  | 'model'
  | 'role'
  | 'match'
  | 'found'
  | 'jsonKey'
  | 'jsonString'
  | 'jsonNumber'
  | 'jsonLiteral'
  | 'jsonPunct';

export interface Segment {
  text: string;
  style?: Style;
  /**
   * On the text of a row the wrap cut from the row above (one line of the text, made two
   * or more rows): the whitespace dropped at the cut, '' inside a word. Search reads the
   * rows joined back through it; a row without it starts a line of its own.
   */
  wrapGap?: string;
}

/** One screen line: segments that together are at most the pane's width. */
export type ScreenLine = Segment[];

export const seg = (text: string, style?: Style): Segment => (style ? { text, style } : { text });

/**
 * Appends `lines` to `out` one by one: push(...lines) overflows the call stack past
 * ~100,000 lines (that many tools or methods, or a 256 KB string wrapped at 3 cells).
 */
export function pushLines(out: ScreenLine[], lines: readonly ScreenLine[]): void {
  for (const l of lines) out.push(l);
}

/** The plain text of a line (tests and width checks). */
export const lineText = (line: ScreenLine): string => line.map((s) => s.text).join('');

/**
 * Cuts segments so the line never exceeds `cells` (the last kept one ends with … when cut).
 * Each is measured as it will be shown, made inert: a control counts no cells, but
 * its picture does (`\u009b` is six), and paint would make it so after the cut. Only
 * the head a cut can show is made inert and measured (`inertHead`): a segment may be
 * a 100,000-character name.
 */
export function fitLine(parts: readonly Segment[], cells: number): Segment[] {
  const out: Segment[] = [];
  let left = cells;
  for (const p of parts) {
    if (left <= 0) break;
    const text = truncate(inertHead(p.text, left), left);
    left -= width(text);
    out.push({ ...p, text });
  }
  return out;
}
