/**
 * Notices that fit the footer: a path in them is shortened in its middle, never at its
 * end. A notice may quote what was typed (60,000 characters pasted into a bar): every
 * width here is `widthUpTo` the cells the line has, so only what can show is measured.
 */
import type { Notice } from '../state/ui-state.js';
import type { Style } from './segments.js';
import { truncate, widthUpTo } from './text.js';

/**
 * How a notice is drawn: an error after `✗ ` in the error style (colour is never the
 * only signal), info in plain text with no alarm glyph.
 */
export function noticeLook(notice: Notice): { mark: string; style: Style } {
  return notice.kind === 'error' ? { mark: '✗ ', style: 'error' } : { mark: '', style: 'plain' };
}

/**
 * Code units of a notice that are read at all: a path is at most 4,096 bytes (PATH_MAX),
 * and the words around it are cut before it is; past this a quoted text is cut.
 */
export const NOTICE_MAX = 8192;

/**
 * A path in a sentence: a word that starts with `/`, `~/`, `./` or `../`, to the next
 * space. A slash inside a word (`tools/call`, `3/4`) is not one.
 */
const PATH = /(?<![^\s'"(])(?:~|\.{1,2})?\/[^\s]+/g;

/**
 * `path` in at most `cells` cells: its first part (`~`, or the root) and as many of
 * its last parts as fit, with `…` for the parts between (`~/…/traces/x.jsonl`); when
 * even the file name does not fit, its end (the part that tells files apart).
 */
export function shortenPath(path: string, cells: number): string {
  const widthOf = (text: string) => widthUpTo(text, cells);
  if (widthOf(path) <= cells) return path;
  const parts = path.split('/');
  const first = parts[0]!;
  const last = parts.length - 1;
  let tail = parts[last]!;
  for (let i = last - 1; i >= 1; i--) {
    const longer = `${parts[i]}/${tail}`;
    if (widthOf(`${first}/…/${longer}`) > cells) break;
    tail = longer;
  }
  const short = `${first}/…/${tail}`;
  if (widthOf(short) <= cells) return short;
  return endOf(path, cells);
}

/** The last `cells` cells of `text`, after `…`. */
export function endOf(text: string, cells: number): string {
  if (cells <= 0) return '';
  const chars = [...text];
  let out = '';
  for (let i = chars.length - 1; i >= 0; i--) {
    if (widthUpTo(`…${chars[i]}${out}`, cells) > cells) break;
    out = chars[i] + out;
  }
  return `…${out}`;
}

/**
 * A notice in at most `width` cells. When it names a path, the path is what is kept:
 * it is shortened in its middle, and the words before it give way before its end does.
 */
export function fitNotice(text: string, width: number): string {
  const widthOf = (t: string) => widthUpTo(t, width);
  if (text.length > NOTICE_MAX) text = `${text.slice(0, NOTICE_MAX)}…`;
  if (widthOf(text) <= width) return text;
  const paths = [...text.matchAll(PATH)];
  const match = paths.at(-1);
  if (!match) return truncate(text, width);
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  const path = match[0];
  // The path gives its middle first; past its shortest form, the words after it give way
  // (the path taking back their room), then those before it (what happened: `wrote`).
  const parts = path.split('/');
  const shortest = parts.length > 2 ? widthOf(`${parts[0]}/…/${parts.at(-1)}`) : widthOf(path);
  const fitsWith = (words: string) => width - widthOf(before) - widthOf(words) >= Math.min(shortest, width);
  const afterKept = fitsWith(after) ? after : '';
  const pathRoom = Math.max(width - widthOf(before) - widthOf(afterKept), Math.min(shortest, width));
  const short = shortenPath(path, pathRoom);
  const rest = width - widthOf(short);
  const beforeRoom = Math.max(0, rest - widthOf(afterKept));
  // Words cut before a path end in `… `, so the path still stands apart.
  const cut =
    widthOf(before) <= beforeRoom ? before : beforeRoom > 1 ? `${truncate(before.trimEnd(), beforeRoom - 1)} ` : '';
  return cut + short + afterKept;
}
