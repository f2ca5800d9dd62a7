import { bindings, keyLabel } from '../keymap.js';
import { type ScreenLine, seg } from './segments.js';
import { fit, wrap } from './text.js';

/** The `?` overlay, generated from the keymap table. */
export function helpLines(width: number): ScreenLine[] {
  const out: ScreenLine[] = [[seg('Keys', 'header'), seg('  (Esc or ? closes; j/k scroll; / searches)', 'dim')]];
  let category = '';
  for (const [, b] of bindings()) {
    if (b.category !== category) {
      category = b.category;
      out.push([], [seg(category, 'bold')]);
    }
    const keys = b.keys.map(keyLabel).join(' / ');
    // Descriptions wrap under themselves: a narrow terminal still reads them whole.
    const [first = '', ...rest] = wrap(b.description, Math.max(10, width - 19));
    out.push([seg(`  ${fit(keys, 16)}`, 'accent'), seg(` ${first}`)]);
    for (const more of rest) out.push([seg(' '.repeat(19) + more)]);
  }
  out.push(
    [],
    [
      seg(
        'Colour is never the only signal: › marks the selection, glyphs mark status (✓ ok, ✗ error, … pending, ⊘ cancelled, ? orphan).',
        'dim',
      ),
    ],
  );
  return out;
}

/**
 * Footer hints for the active scopes, from the same table: `? help` first, so a
 * narrow terminal that cuts the line still says where every key is listed.
 */
export function hintText(scopes: readonly string[]): string {
  const parts: string[] = [];
  for (const [command, b] of bindings()) {
    if (!b.hint || !scopes.includes(b.scope)) continue;
    const hint = `${keyLabel(b.keys[0]!)} ${b.hint}`;
    if (command === 'app.help') parts.unshift(hint);
    else parts.push(hint);
  }
  return parts.join('  ');
}
