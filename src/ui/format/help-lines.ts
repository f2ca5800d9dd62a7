import { DIFF_STATUSES, type EnumEntry, STATUSES } from '../../trace/enums.js';
import { FILTER_GRAMMAR } from '../../trace/filter.js';
import { bindings, type Command, keyLabel, keysFor } from '../keymap.js';
import type { ViewInfo } from '../views/view.js';
import { noticeLook } from './notice.js';
import { MARK_GLYPH } from './rows.js';
import { fitLine, type ScreenLine, seg } from './segments.js';
import { fit, wrap } from './text.js';

/** Each glyph of a status table once, with the word shown beside it (`✗` is error and isError alike). */
function glyphsOf(table: readonly EnumEntry[]): string {
  const seen = new Set<string>();
  return table
    .filter((s) => s.glyph.trim() !== '' && !seen.has(s.glyph) && seen.add(s.glyph))
    .map((s) => `${s.glyph} ${s.label}`)
    .join(', ');
}

/** The glyphs help explains: the calls' statuses in the app, how calls compare in `diff`. */
export const CALL_GLYPHS = glyphsOf(STATUSES);
export const DIFF_GLYPHS = glyphsOf(DIFF_STATUSES).replace('≠ changed args', '≠ changed args or result');

const key = (command: Command) => keyLabel(keysFor(command)[0]!);

/** How help itself is used, from what the help view handles: `Esc or ? closes; j/k scroll; / searches`. */
function usage(help: ViewInfo): string {
  const has = (command: Command) => help.commands.some((c) => c.command === command);
  const parts = [
    has('detail.close') ? `${key('detail.close')} or ${key('app.help')} closes` : `${key('app.help')} closes`,
    ...(has('list.down') ? [`${key('list.down')}/${key('list.up')} scroll`] : []),
    ...(has('detail.search') ? [`${key('detail.search')} searches`] : []),
  ];
  return parts.join('; ');
}

/** The `?` overlay: the keys `view` handles, as its declaration and the keymap say. */
export function helpLines(width: number, view: ViewInfo, help: ViewInfo, glyphs = CALL_GLYPHS): ScreenLine[] {
  const out: ScreenLine[] = [[seg(`Keys in ${view.title}`, 'header'), seg(`  (${usage(help)})`, 'dim')]];
  const handled = new Map(view.commands.map((c) => [c.command, c]));
  let category = '';
  for (const [command, b] of bindings()) {
    if (!handled.has(command)) continue;
    if (b.category !== category) {
      category = b.category;
      out.push([], [seg(category, 'bold')]);
    }
    const keys = b.keys.map(keyLabel).join(' / ');
    // Descriptions wrap under themselves: a narrow terminal still reads them whole.
    const [first = '', ...rest] = wrap(handled.get(command)?.description ?? b.description, Math.max(10, width - 19));
    out.push([seg(`  ${fit(keys, 16)}`, 'accent'), seg(` ${first}`)]);
    for (const more of rest) out.push([seg(' '.repeat(19) + more)]);
  }
  // Where f is a key, the language it takes, with examples (the same list as --help).
  if (handled.has('filter.open')) {
    out.push([], [seg('Filters', 'bold'), seg('  terms separated by spaces, all must hold', 'dim')]);
    for (const { term, means } of FILTER_GRAMMAR) {
      const [first = '', ...rest] = wrap(means, Math.max(10, width - 4));
      out.push([seg(`  ${term}`, 'accent')], [seg(`    ${first}`, 'dim')]);
      for (const more of rest) out.push([seg(`    ${more}`, 'dim')]);
    }
  }
  // The notes wrap like the descriptions: cut, they would run past a narrow terminal's edge.
  out.push([]);
  for (const note of [
    `Other views have keys of their own: press ${key('app.help')} there.`,
    `Colour is never the only signal: › marks the selection,${handled.has('marks.toggle') ? ` ${MARK_GLYPH} a marked row,` : ''} glyphs mark status (${glyphs}).`,
    `Footer notices: an error starts with ${noticeLook({ kind: 'error', text: '' }).mark.trim()}; information has no glyph.`,
  ])
    for (const line of wrap(note, Math.max(10, width))) out.push([seg(line, 'dim')]);
  // A terminal narrower than a key column and a word still gets lines that fit.
  return out.map((line) => fitLine(line, width));
}
