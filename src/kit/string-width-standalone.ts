import stringWidth from 'string-width';
import { STANDALONE, standaloneWidth } from './cells.js';

/**
 * string-width, with cells.ts's way for standalone text (the same widths: a test compares
 * every such code point). The bundle gives Ink's packages this in string-width's place
 * (scripts/bundle.mjs): Ink measures every character of every frame, and string-width's
 * first non-ASCII character compiles a regular expression of every emoji sequence, ~50–100
 * ms of the first frame.
 */
export default function width(text: string, options?: Parameters<typeof stringWidth>[1]): number {
  return options === undefined && typeof text === 'string' && STANDALONE.test(text)
    ? standaloneWidth(text)
    : stringWidth(text, options);
}
