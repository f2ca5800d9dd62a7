/*
 * A record pretty-printed from its own text, laid out as `JSON.stringify(value, null, 2)`
 * lays it out, but with every number as written: JSON.parse rounds an id of 30 digits
 * (and `1.0` becomes `1`), and the detail view shows the record as it is. Strings are
 * written as JSON.stringify writes them (escapes decoded, controls escaped), keys in
 * the order written (a repeated key shows twice, as in the file). Past FLAT_DEPTH levels
 * a value goes on one line: indenting a value nested 100,000 deep would take 10^10 spaces.
 */

/** Levels indented (real traces reach 23); anything deeper goes on its parent's line: `[{"a": [1, 2]}]`. */
export const FLAT_DEPTH = 64;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Just past the string whose `"` is at `i`. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    let b = q - 1;
    while (text.charCodeAt(b) === 0x5c) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** `text` (valid JSON: the caller has parsed it) re-indented by two spaces. */
export function prettyJsonText(text: string): string {
  const out: string[] = [];
  let depth = 0;
  const newline = (): string => `\n${'  '.repeat(depth)}`;
  const flat = (): boolean => depth > FLAT_DEPTH;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === 0x22) {
      const j = stringEnd(text, i);
      out.push(JSON.stringify(JSON.parse(text.slice(i, j)) as string));
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      let k = i + 1;
      while (isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) === c + 2) {
        // `{}` and `[]` stay on one line (0x7d is `}`, 0x5d is `]`).
        out.push(c === 0x7b ? '{}' : '[]');
        i = k + 1;
      } else {
        depth++;
        out.push(text[i]!, flat() ? '' : newline());
        i++;
      }
    } else if (c === 0x7d || c === 0x5d) {
      const inner = flat();
      depth--;
      out.push(inner ? '' : newline(), text[i]!);
      i++;
    } else if (c === 0x2c) {
      out.push(',', flat() ? ' ' : newline());
      i++;
    } else if (c === 0x3a) {
      out.push(': ');
      i++;
    } else {
      // A number or a literal, as written.
      let j = i + 1;
      while (j < text.length && !isSpace(text.charCodeAt(j)) && ',:]}'.indexOf(text[j]!) < 0) j++;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out.join('');
}
