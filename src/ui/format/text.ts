import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Widths of the non-ASCII strings seen lately: glyph cells like `✓ ok` or `→` recur on every frame. */
const widths = new Map<string, number>();

/** Display width in terminal cells (CJK and emoji take two); ASCII, the common case, is its length. */
export function width(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let w = widths.get(text);
  if (w === undefined) {
    // Short strings only (glyphs, names): a long text is seldom measured twice.
    w = stringWidth(text);
    if (text.length <= 64) {
      if (widths.size >= 4096) widths.clear();
      widths.set(text, w);
    }
  }
  return w;
}

/** Cuts text to at most `cells` display cells, ending with … when cut. Never splits a grapheme. */
export function truncate(text: string, cells: number): string {
  if (cells <= 0) return '';
  // A huge string (a 300 KB tool output) is measured only as far as can be shown.
  const reach = cells * 4 + 16;
  if (text.length > reach) {
    const head = truncate(text.slice(0, reach), cells);
    return head.endsWith('…') ? head : truncate(`${head}……`, cells);
  }
  if (width(text) <= cells) return text;
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, cells - 1)}…`;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = width(segment);
    if (used + w > cells - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Exactly `cells` wide: truncated, then padded (left- or right-aligned). */
export function fit(text: string, cells: number, align: 'left' | 'right' = 'left'): string {
  const t = truncate(text, cells);
  const pad = ' '.repeat(Math.max(0, cells - width(t)));
  return align === 'right' ? pad + t : t + pad;
}

/** Word-wraps one line of text to `cells`, hard-breaking words longer than a line; stops after `maxLines`. */
export function wrap(text: string, cells: number, maxLines = Infinity): string[] {
  if (cells <= 0) return [];
  // Only what the first maxLines can hold is wrapped.
  if (Number.isFinite(maxLines) && text.length > (maxLines + 1) * cells * 4) text = text.slice(0, (maxLines + 1) * cells * 4);
  const out: string[] = [];
  let line = '';
  let used = 0;
  const flush = () => {
    out.push(line.trimEnd());
    line = '';
    used = 0;
  };
  const full = () => out.length >= maxLines;
  for (const word of text.split(/(\s+)/)) {
    if (full()) break;
    if (word === '') continue;
    const w = width(word);
    if (/^\s+$/.test(word)) {
      if (used > 0 && used + w <= cells) {
        line += word;
        used += w;
      } else if (used > 0) flush();
      continue;
    }
    if (used + w <= cells) {
      line += word;
      used += w;
      continue;
    }
    if (used > 0) flush();
    if (w <= cells) {
      line = word;
      used = w;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      const sw = width(segment);
      if (used + sw > cells) flush();
      if (full()) break;
      line += segment;
      used += sw;
    }
  }
  if (!full() && (line !== '' || out.length === 0)) out.push(line.trimEnd());
  return out;
}
