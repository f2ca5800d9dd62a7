/*
 * The detail view's tree as screen lines, one node at a time: only nodes on screen are
 * ever laid out. A node's first line holds its key and value (or, folded, a preview:
 * `{…} 12 keys`); a long string goes under its key, unescaped and wrapped, folded after
 * FOLD_LINES; closing brackets are not drawn (the indent shows where a value ends).
 */

import { inert } from '../../kit/text.js';
import { keyOf } from '../keymap.js';
import { Flag, type Flags, type Forest, hasFlag, indexOf, looksLikeJson, ROOT, tableOf } from '../tree/forest.js';
import { NodeKind } from '../tree/json-tree.js';
import { fitLine, type ScreenLine, type Segment, seg } from './segments.js';
import { inertHead, width as widthOf, widthUpTo } from './text.js';
import { FOLD_LINES, hardLines, moreText, OPEN_LINES, opensText, textBlock } from './text-block.js';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Strings up to this length are parsed to confirm they hold JSON before they say so
 * (once each, kept for J): a screen of them is a few hundred KiB at most per frame.
 */
const CONFIRM_JSON = 16 * 1024;

/** A folded container's one-line preview: `{…} 12 keys`, `[…] 340 items`. */
export function preview(kind: number, count: number): string {
  return kind === NodeKind.object ? `{…} ${plural(count, 'key', 'keys')}` : `[…] ${plural(count, 'item', 'items')}`;
}

/**
 * Indentation for `depth`, two cells a level, at most half the width: deeper levels
 * say their depth (`⋯1234 `), so 100,000 levels stay readable and within the line.
 */
export function indentOf(depth: number, width: number): string {
  const cells = 2 * Math.max(0, depth - 1);
  const most = Math.max(0, Math.floor(width / 2));
  if (cells <= most) return ' '.repeat(cells);
  const label = `⋯${depth} `;
  return label.length >= most ? label.slice(0, most) : ' '.repeat(most - label.length) + label;
}

/** Decoded characters of a string read for its lines (a 20 MB string is shown from its head). */
const HEAD = OPEN_LINES * 256;

/** The lines of one node at `width` cells, given the flags in effect. */
export function nodeLines(forest: Forest, flags: Flags, ref: number, width: number): ScreenLine[] {
  if (ref === ROOT) return forest.rootLines.map((l) => fitLine(l, width));
  const table = forest.table(ref);
  const i = indexOf(ref);
  const kind = table.kind[i]!;
  const indent = indentOf(forest.depthOf(ref), width);
  const head: Segment[] = [seg(indent)];
  const part = forest.isPart(ref) ? forest.parts[tableOf(ref) - 1]! : null;
  // A key or a name may be 100,000 characters: only what the line can show is made inert and measured.
  if (part) head.push(seg(inertHead(part.name, width), 'header'), seg(' '));
  else {
    const key = table.keyOf(i);
    if (key !== null) head.push(seg(inertHead(JSON.stringify(key), width), 'jsonKey'), seg(': ', 'jsonPunct'));
  }
  const tail: Segment[] = part ? [seg('  '), ...part.head] : [];
  const inner = width - widthOf(indent) - 2;
  if (forest.isContainer(ref, flags)) {
    const isJson = kind === NodeKind.string;
    const count = forest.childCount(ref, flags);
    const shape = isJson ? jsonKindOf(forest, ref) : kind;
    let value: Segment[];
    if (count === 0) value = [seg(shape === NodeKind.object ? '{}' : '[]', 'jsonPunct')];
    else if (hasFlag(flags, ref, Flag.folded)) value = [seg(preview(shape, count), 'dim')];
    else value = [seg(shape === NodeKind.object ? '{' : '[', 'jsonPunct')];
    if (isJson) value.push(seg(' JSON', 'accent'), seg(` (${keyOf('tree.json')} closes)`, 'dim'));
    return [fitLine([...head, ...value, ...tail], width)];
  }
  if (kind === NodeKind.number || kind === NodeKind.literal)
    return [
      fitLine([...head, seg(table.rawOf(i), kind === NodeKind.number ? 'jsonNumber' : 'jsonLiteral'), ...tail], width),
    ];
  // A string (or a part that is not JSON).
  const opened = hasFlag(flags, ref, Flag.opened);
  const max = opened ? OPEN_LINES : FOLD_LINES;
  const raw = hasFlag(flags, ref, Flag.raw);
  const s = table.stringOf(i, HEAD);
  const headCells = head.reduce((n, x) => n + widthUpTo(x.text, width), 0);
  // `[REDACTED]` looks like an array: a short string is shown as JSON only when it is;
  // a longer one by its brackets alone.
  const json =
    kind === NodeKind.string &&
    looksLikeJson(forest, ref) &&
    (table.rawLength(i) > CONFIRM_JSON || forest.jsonInside(ref) !== null);
  const marker = json ? [seg(' JSON', 'accent'), seg(opensText('tree.json'), 'dim')] : [];
  if (kind === NodeKind.string && !raw && s.all && !s.text.includes('\n')) {
    // Cut to what can show: a literal too long for the line measures as wider than it (widthUpTo).
    const literal = inertHead(JSON.stringify(s.text), width);
    const cells = headCells + widthUpTo(literal, width) + marker.reduce((n, x) => n + widthOf(x.text), 0);
    if (cells <= width - 1 && !part) return [fitLine([...head, seg(literal, 'jsonString'), ...marker], width)];
  }
  const chars = kind === NodeKind.text ? table.rawLength(i) : s.all ? s.text.length : table.rawLength(i) - 2;
  const about: Segment[] = [];
  if (kind === NodeKind.string) {
    about.push(seg(`"…" ${plural(chars, 'char', 'chars')}`, 'dim'));
    if (raw) about.push(seg(` raw (${keyOf('tree.raw')}: text)`, 'dim'));
    about.push(...marker);
  }
  const out: ScreenLine[] = [fitLine([...head, ...about, ...tail], width)];
  const pad = seg(`${indent}  `);
  const cells = Math.max(4, inner);
  let lines: string[];
  let cut: boolean;
  let more = '';
  if (raw) {
    const literal = table.text.slice(table.start[i]!, Math.min(table.end[i]!, table.start[i]! + (max + 1) * cells * 4));
    ({ lines, cut } = hardLines(literal, cells, max));
    if (cut)
      more = `… ${plural(table.rawLength(i), 'character', 'characters')} in all${opened ? '' : opensText('tree.toggle')}`;
  } else {
    const block = textBlock(s.text, cells, max, s.all ? s.text.length : chars);
    lines = block.lines;
    cut = block.cut;
    if (cut) more = moreText(block, opened ? null : 'tree.toggle');
  }
  for (const l of lines) out.push(fitLine([pad, seg(l, kind === NodeKind.text ? undefined : 'jsonString')], width));
  if (cut)
    out.push(fitLine([pad, seg(opened ? `${more}: ${keyOf('tree.copy')} copies it whole` : more, 'dim')], width));
  return out;
}

/** Whether a string opened with J holds an object or an array. */
function jsonKindOf(forest: Forest, ref: number): number {
  const t = forest.jsonInside(ref);
  return t === null ? NodeKind.object : forest.tables[t]!.kind[0]!;
}

/** The path line above the tree: the cursor's path in jq syntax, its start cut (`….content[0].text`) when long. */
export function pathLine(forest: Forest, ref: number, width: number): ScreenLine {
  const room = Math.max(1, width - 1);
  const { text, whole } = forest.pathTail(ref, room * 4);
  let shown = inert(text);
  if (!whole || widthOf(shown) > room) {
    // Keep the end: drop whole code points from the start until it fits with `…`.
    const chars = [...shown];
    let cells = widthOf(shown);
    while (chars.length && cells > room - 1) cells -= widthOf(chars.shift()!);
    shown = `…${chars.join('')}`;
  }
  return fitLine([seg(' '), seg(shown, 'accent')], width);
}

/** Where the cursor is among its siblings: `key 3 of 12`, `item 3 of 340`, `part 1 of 2`. */
export function placeText(forest: Forest, ref: number, flags: Flags): string {
  if (ref === ROOT) return 'top';
  const parent = forest.parentOf(ref);
  let n = 1;
  for (let s = forest.prevSibling(ref); s >= 0 && n <= 1_000_000; s = forest.prevSibling(s)) n++;
  const of = forest.childCount(parent, flags);
  const what =
    parent === ROOT ? 'part' : forest.kindOf(parent) === NodeKind.array || isArrayJson(forest, parent) ? 'item' : 'key';
  return `${what} ${n.toLocaleString('en-US')} of ${of.toLocaleString('en-US')}`;
}

const isArrayJson = (forest: Forest, ref: number): boolean =>
  forest.kindOf(ref) === NodeKind.string && jsonKindOf(forest, ref) === NodeKind.array;
