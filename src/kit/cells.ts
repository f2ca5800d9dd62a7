import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import { STANDALONE } from './standalone.js';
import { inert } from './text.js';

export { STANDALONE };

/*
 * Display widths and cuts, run per line per frame. Widths are string-width's (Ink's
 * own measure), taken one grapheme at a time: string-width sums its graphemes the same
 * way, so a cut's width is exactly what string-width says of it.
 *
 * Why a loop of our own and not cli-truncate (Ink's family, in node_modules): it
 * measures the whole text before cutting (a 300 KB tool output costs ~250 ms a call),
 * and it cuts by slice-ansi columns, which keeps a wide character that straddles the
 * cut (`中中中中` at 4 cells gives `中中…`, 5 cells). Here every cut is one pass over at
 * most `reach(cells)` code units, with no recursion: a run of 2,000 zero-width spaces or
 * of combining marks costs what its first few dozen characters cost.
 */

/**
 * Made when first needed: the first Intl object loads ICU's data (~20–90 ms on a 2-core
 * machine), which a screen of ASCII and standalone glyphs never needs.
 */
let segmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' }));

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Widths of the non-ASCII strings seen lately: glyph cells like `✓ ok` or `→` recur on every frame. */
const widths = new Map<string, number>();

/** Display width in terminal cells (CJK and emoji take two); ASCII, the common case, is its length. */
export function width(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let w = widths.get(text);
  if (w === undefined) {
    // Short strings only (glyphs, names): a long text is seldom measured twice.
    w = STANDALONE.test(text) ? standaloneWidth(text) : stringWidth(text);
    if (text.length <= 64) {
      if (widths.size >= 4096) widths.clear();
      widths.set(text, w);
    }
  }
  return w;
}

/** What string-width counts as drawn (its own test): all but ignorables, controls, formats, marks, lone surrogates. */
const VISIBLE =
  /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u;

/**
 * The width of STANDALONE text, a code unit at a time, as string-width gives it (a test
 * compares every such code point). Not string-width itself: its first non-ASCII text
 * compiles a regular expression of every emoji sequence (~50–100 ms of the first frame),
 * and no standalone character needs it (those that are emoji are wide by East Asian Width).
 */
export function standaloneWidth(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit < 0x7f) w += 1;
    else if (VISIBLE.test(text[i]!)) w += eastAsianWidth(unit);
  }
  return w;
}

/**
 * How many code units a cut to `cells` looks at. Eight per cell covers the longest
 * common graphemes (an emoji ZWJ family is 11 units in 2 cells); text beyond it is
 * never measured, so it counts as "more" (the cut ends with …).
 */
export const reach = (cells: number): number => cells * 8 + 32;

/**
 * The head of `text` that any cut, fit or `widthUpTo` within `cells` looks at: on it
 * they give what they give on the whole text (one unit past `reach` keeps a cut
 * knowing there is more). Trace text is clipped before anything else reads it whole
 * (made inert, measured, matched): a 100,000-character tool name then costs what its
 * first few hundred characters cost.
 */
export function clip(text: string, cells: number): string {
  // Past 64 units too: a cut takes a text that short for whole (its width cached).
  const n = Math.max(reach(cells), 64) + 1;
  return text.length > n ? text.slice(0, n) : text;
}

/**
 * `clip`, made inert: what a line of `cells` can show of untrusted text, safe to cut
 * and measure. (inert maps each code unit alone, to one or more, so a cut of this is
 * the cut of the whole text made inert.)
 */
export const inertHead = (text: string, cells: number): string => inert(clip(text, cells));

/** Where a cut falls: code units kept within `cells`, and within `cells - 1` (room for …). */
interface Cut {
  /** Code units of the longest head of whole graphemes at most `cells` wide. */
  end: number;
  /** Its width. */
  cells: number;
  /** The same within `cells - 1` cells, and its width (read only when `all` is false). */
  shortEnd: number;
  shortCells: number;
  /** True when the head is the whole text. */
  all: boolean;
}

function cutAt(text: string, cells: number): Cut {
  // ASCII fast path: when the first cells+1 characters are printable ASCII, every one
  // is its own grapheme one cell wide (no combining mark can follow in that stretch).
  const probe = text.length > cells + 1 ? text.slice(0, cells + 1) : text;
  if (PRINTABLE_ASCII.test(probe)) {
    const end = Math.min(text.length, cells);
    const shortEnd = Math.min(text.length, cells - 1);
    return { end, cells: end, shortEnd, shortCells: shortEnd, all: text.length <= cells };
  }
  // A short text seen before: its width is cached.
  if (text.length <= 64) {
    const w = width(text);
    if (w <= cells) return { end: text.length, cells: w, shortEnd: -1, shortCells: -1, all: true };
  }
  const limit = reach(cells);
  const partial = text.length > limit;
  const window = partial ? text.slice(0, limit) : text;
  let end = 0;
  let used = 0;
  let shortEnd = 0;
  let shortCells = 0;
  let all = !partial;
  if (STANDALONE.test(window)) {
    // One grapheme per code unit; the window's last one is whole too.
    for (let i = 0; i < window.length; i++) {
      const w = width(window[i]!);
      if (used + w > cells) break;
      used += w;
      end = i + 1;
      if (used <= cells - 1) {
        shortEnd = end;
        shortCells = used;
      }
    }
    if (end < text.length) all = false;
    return { end, cells: used, shortEnd, shortCells, all };
  }
  for (const { segment, index } of graphemes().segment(window)) {
    const stop = index + segment.length;
    // The last grapheme of a cut-off window may go on past it: it is never kept.
    if (partial && stop === window.length) break;
    const w = width(segment);
    if (used + w > cells) {
      all = false;
      break;
    }
    used += w;
    end = stop;
    if (used <= cells - 1) {
      shortEnd = stop;
      shortCells = used;
    }
  }
  if (end < window.length) all = false;
  return { end, cells: used, shortEnd, shortCells, all };
}

/** The longest head of whole graphemes at most `cells` wide, its width, and whether it is all of `text`. */
export function head(text: string, cells: number): { text: string; cells: number; all: boolean } {
  if (cells <= 0 || text === '') return { text: '', cells: 0, all: text === '' };
  const c = cutAt(text, cells);
  return { text: c.all ? text : text.slice(0, c.end), cells: c.cells, all: c.all };
}

/** `truncate` with the result's width. */
function cut(text: string, cells: number): { text: string; cells: number } {
  if (cells <= 0 || text === '') return { text: '', cells: 0 };
  const c = cutAt(text, cells);
  if (c.all) return { text, cells: c.cells };
  return { text: `${text.slice(0, c.shortEnd)}…`, cells: c.shortCells + 1 };
}

/** Cuts text to at most `cells` display cells, ending with … when cut. Never splits a grapheme. */
export function truncate(text: string, cells: number): string {
  return cut(text, cells).text;
}

/**
 * `text`, or only its first and last `keep` code units around `…` when it is longer: all
 * a cut in the middle can show of it, so a name megabytes long is never made inert or
 * measured whole.
 */
export const endsOf = (text: string, keep: number): string =>
  text.length > 2 * keep + 1 ? `${text.slice(0, keep)}…${text.slice(-keep)}` : text;

/**
 * At most `cells` wide, cut in its middle when too wide: `headShare` of the room for its
 * head, the rest for its end (`knowled…2026-08-20T16-45-18-024Z`), where run names that
 * share a server tell themselves apart. Never splits a grapheme.
 */
export function cutMiddle(text: string, cells: number, headShare = 1 / 3): string {
  if (widthUpTo(text, cells) <= cells) return text;
  if (cells < 5) return truncate(text, cells);
  const start = head(text, Math.max(1, Math.floor((cells - 1) * headShare)));
  // The end, grapheme by grapheme from the last (only as many as can show are measured).
  const rest = text.slice(start.text.length);
  // Only the end is segmented; a window that starts mid-grapheme leaves its first out.
  const window = rest.length > reach(cells) ? rest.slice(-reach(cells)) : rest;
  const parts = [...graphemes().segment(window)].map((g) => g.segment);
  if (window !== rest) parts.shift();
  let tail = '';
  let used = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = width(parts[i]!);
    if (start.cells + 1 + used + w > cells) break;
    tail = parts[i] + tail;
    used += w;
  }
  return `${start.text}…${tail}`;
}

/** Exactly `cells` wide: truncated, then padded (left- or right-aligned). */
export function fit(text: string, cells: number, align: 'left' | 'right' = 'left'): string {
  const t = cut(text, cells);
  const pad = ' '.repeat(Math.max(0, cells - t.cells));
  return align === 'right' ? pad + t.text : t.text + pad;
}

/** Display width, but no more than `max` + 1 (only the part that could show is measured). */
export function widthUpTo(text: string, max: number): number {
  if (max < 0) return 0;
  const c = cutAt(text, max);
  return c.all ? c.cells : max + 1;
}

/**
 * Word-wraps one line of text to `cells`, keeping its indentation, hard-breaking words longer than a line; stops
 * after `maxLines`. A grapheme wider than a whole line (a CJK character in one cell)
 * is shown as …, so no line is ever wider than `cells`.
 */
export function wrap(text: string, cells: number, maxLines = Infinity): string[] {
  if (cells <= 0 || maxLines <= 0) return [];
  // Only what the first maxLines can hold is wrapped (and one line more, so the last
  // shown line is cut where the whole text would cut it).
  if (Number.isFinite(maxLines) && text.length > reach((maxLines + 1) * cells))
    text = text.slice(0, reach((maxLines + 1) * cells));
  const out: string[] = [];
  let line = '';
  let used = 0;
  const flush = () => {
    out.push(line.trimEnd());
    line = '';
    used = 0;
  };
  const full = () => out.length >= maxLines;
  // Words and the spaces between them, read lazily: a wrap stops at maxLines.
  const words = /\s+|\S+/gy;
  for (let m = words.exec(text); m !== null && !full(); m = words.exec(text)) {
    const word = m[0];
    if (/^\s/.test(word)) {
      // Whitespace is kept between words on a line, dropped at a break; the text's own
      // indentation is kept (indented YAML, JSON and code read as written).
      const w = widthUpTo(word, cells);
      if (m.index === 0 && w < cells) {
        line = word;
        used = w;
      } else if (used > 0 && used + w <= cells) {
        line += word;
        used += w;
      } else if (used > 0) flush();
      continue;
    }
    const w = widthUpTo(word, cells);
    if (used + w <= cells) {
      line += word;
      used += w;
      continue;
    }
    if (used > 0) flush();
    if (full()) break;
    // A word longer than a line: whole graphemes, a line at a time.
    let rest = word;
    while (rest !== '' && !full()) {
      const p = piece(rest, cells);
      line = p.text;
      used = p.cells;
      rest = rest.slice(p.taken);
      if (rest !== '') flush();
    }
  }
  if (!full() && (line !== '' || out.length === 0)) out.push(line.trimEnd());
  return out;
}

/**
 * The next piece of a hard-broken text on a line of `cells` (at least 1): the longest
 * head of whole graphemes that fits, or, when the first grapheme alone is wider (a CJK
 * character in one cell, or a cluster longer than a cut looks), … in its place. Always
 * takes at least one grapheme, so a loop over pieces ends.
 */
export function piece(text: string, cells: number): { text: string; cells: number; taken: number } {
  const h = head(text, cells);
  if (h.text !== '' || text === '') return { text: h.text, cells: h.cells, taken: h.text.length };
  return { text: '…', cells: 1, taken: firstGrapheme(text).length };
}

/**
 * Where each row of `text` hard-wrapped at `cells` starts (code units): every character
 * kept, spaces too, rows of whole graphemes measured as a cut measures them, so that
 * `piece` of each row's text gives it back (two texts that share a start break alike up
 * to where they differ). A grapheme wider than a row, or longer than a cut looks at,
 * takes a row of its own (`piece` shows it as …). One row for an empty text. One pass:
 * a line of 256 KiB is not read again per row.
 */
export function rowStarts(text: string, cells: number): number[] {
  const step = Math.max(1, cells);
  const starts = [0];
  if (PRINTABLE_ASCII.test(text)) {
    for (let at = step; at < text.length; at += step) starts.push(at);
    return starts;
  }
  let used = 0;
  /** Grapheme `at` of width `w` goes on the current row, or starts the next. */
  const next = (at: number, w: number) => {
    if (w > step) {
      if (used > 0) starts.push(at);
      // Alone on its row: the next grapheme starts another.
      used = step;
    } else if (used + w > step) {
      starts.push(at);
      used = w;
    } else used += w;
  };
  if (STANDALONE.test(text)) {
    for (let i = 0; i < text.length; i++) next(i, unitWidth(text.charCodeAt(i)));
    return starts;
  }
  // The segmenter a chunk at a time: over a whole line of 256 KiB it takes minutes.
  for (let pos = 0; pos < text.length; ) {
    const chunk = text.slice(pos, pos + SEGMENT_CHUNK);
    const last = pos + chunk.length >= text.length;
    let end = pos;
    for (const { segment, index } of graphemes().segment(chunk)) {
      // The chunk's last grapheme may go on past it: it is read again with the next chunk.
      if (!last && index + segment.length === chunk.length) break;
      next(pos + index, segment.length > reach(step) ? step + 1 : width(segment));
      end = pos + index + segment.length;
    }
    if (end === pos) {
      // One grapheme longer than a chunk (a run of combining marks): its row shows `…`.
      next(pos, step + 1);
      end = pos + longGrapheme(text, pos);
    }
    pos = end;
  }
  return starts;
}

/** Code units the segmenter reads at once when wrapping. */
const SEGMENT_CHUNK = 1024;

/** The length of the grapheme at `pos` of `text`, read in windows that double: it may be megabytes. */
function longGrapheme(text: string, pos: number): number {
  for (let w = SEGMENT_CHUNK * 2; ; w *= 2) {
    const first = firstGrapheme(text.slice(pos, pos + w)).length;
    if (first < w || pos + w >= text.length) return first;
  }
}

/** Widths of single code units a STANDALONE text is made of, plus one (0: not known yet). */
const unitWidths = new Uint8Array(0x10000);
const unitWidth = (code: number): number => {
  let w = unitWidths[code]!;
  if (w === 0) unitWidths[code] = w = width(String.fromCharCode(code)) + 1;
  return w - 1;
};

/** The first grapheme of `text`, however long (the segmenter stops at its end). */
function firstGrapheme(text: string): string {
  for (const { segment } of graphemes().segment(text)) return segment;
  return '';
}
