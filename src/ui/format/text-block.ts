/*
 * Long text as a person reads it: escapes decoded (newlines are newlines), made inert,
 * word-wrapped; folded after FOLD_LINES with `… N more lines`. The Turns pane's text,
 * thinking and tool results and the detail view's long strings share it.
 */
import { inertLines } from '../../kit/text.js';
import { counted } from '../../kit/units.js';
import { type Command, keyOf } from '../keymap.js';
import { piece, wrap } from './text.js';

/** Lines of a text shown before it folds (Space opens the rest). */
export const FOLD_LINES = 20;
/** Lines of an opened text shown at most; past them the view says how to get the rest (y, w). */
export const OPEN_LINES = 2000;
/** Text up to this length is wrapped whole to count its lines; a longer one is counted in characters. */
const COUNT_LIMIT = 256 * 1024;

export interface TextBlock {
  lines: string[];
  /** Wrapped lines not shown; null when the text is too long to count (see `chars`). */
  more: number | null;
  /** Characters of the whole text. */
  chars: number;
  /** True when lines are left out. */
  cut: boolean;
  /** Per line, what it continues: see `wrapGaps`. */
  gaps: (string | undefined)[];
}

/**
 * The first `max` wrapped lines of `text` at `cells`, and what is left. `total`: the
 * length of the whole text when `text` is only its head (a 20 MB string).
 */
export function textBlock(text: string, cells: number, max: number, total = text.length): TextBlock {
  if (text.length < 4096) return blockOf(text, cells, max, total);
  // A long text is laid out again on every frame it is on: its lines are kept.
  const key = `${cells}:${max}:${total}`;
  const kept = blocks.get(text);
  if (kept?.key === key) return kept.block;
  const block = blockOf(text, cells, max, total);
  if (blocks.size >= 64) blocks.delete(blocks.keys().next().value!);
  blocks.set(text, { key, block });
  return block;
}

const blocks = new Map<string, { key: string; block: TextBlock }>();

function blockOf(text: string, cells: number, max: number, total: number): TextBlock {
  const whole = total === text.length;
  if (whole && text.length <= COUNT_LIMIT) {
    const all: string[] = [];
    const gaps: (string | undefined)[] = [];
    for (const l of inertLines(text)) {
      const rows = wrap(l, cells);
      if (all.length < max) for (const g of wrapGaps(l, rows)) gaps.push(g);
      for (const w of rows) all.push(w);
    }
    const cut = all.length > max;
    return {
      lines: all.slice(0, max),
      more: Math.max(0, all.length - max),
      chars: total,
      cut,
      gaps: gaps.slice(0, max),
    };
  }
  const lines: string[] = [];
  const gaps: (string | undefined)[] = [];
  // Only what can show is made inert and wrapped.
  const head = text.length > (max + 1) * cells * 8 ? text.slice(0, (max + 1) * cells * 8) : text;
  for (const l of inertLines(head)) {
    const rows = wrap(l, cells, max + 1 - lines.length);
    for (const g of wrapGaps(l, rows)) gaps.push(g);
    for (const w of rows) lines.push(w);
    if (lines.length > max) break;
  }
  return { lines: lines.slice(0, max), more: null, chars: total, cut: true, gaps: gaps.slice(0, max) };
}

const blanks = /\s*/y;

/**
 * For each row `wrap` cut `line` into: the whitespace the wrap dropped before it when it
 * goes on with the row above ('' when the cut is inside a word), or undefined for the
 * line's first row. Search joins the rows back (`format/find-lines.ts`) to find a query
 * the wrap cut over any number of rows. The rows are the line's text in order less the
 * whitespace at each cut, so each is found where the last one ended, past blanks: a
 * look at each row, never a search of the line. A row that is not there (a grapheme
 * too wide for a row, shown as …) goes on from nothing, and nor do the rows after it.
 */
function wrapGaps(line: string, rows: readonly string[]): (string | undefined)[] {
  const gaps: (string | undefined)[] = [];
  let at = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let start = -1;
    if (at >= 0 && line.startsWith(row, at)) start = at;
    else if (at >= 0) {
      blanks.lastIndex = at;
      blanks.test(line);
      if (line.startsWith(row, blanks.lastIndex)) start = blanks.lastIndex;
    }
    if (start < 0) {
      gaps.push(undefined);
      at = -1;
      continue;
    }
    gaps.push(r === 0 ? undefined : line.slice(at, start));
    at = start + row.length;
  }
  return gaps;
}

/** `text` hard-wrapped at `cells` (a JSON literal, which has no spaces to break at), at most `max` lines. */
export function hardLines(text: string, cells: number, max: number): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let rest = text;
  while (rest !== '' && lines.length < max) {
    const p = piece(rest, Math.max(1, cells));
    lines.push(p.text);
    rest = rest.slice(p.taken);
  }
  return { lines: lines.length ? lines : [''], cut: rest !== '' };
}

/** How a folded text says which key opens it: ` (Space opens)`. */
export const opensText = (opener: Command): string => ` (${keyOf(opener)} opens)`;

/** What a folded or cut text says on its last line; `opener`: the command that shows it whole, if one does. */
export function moreText(block: Pick<TextBlock, 'more' | 'chars'>, opener: Command | null): string {
  const what =
    block.more === null
      ? `${block.chars.toLocaleString('en-US')} characters in all`
      : counted(block.more, 'more line', 'more lines');
  return `… ${what}${opener ? opensText(opener) : ''}`;
}
