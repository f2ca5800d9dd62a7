/**
 * Byte sequences a keyboard (or a paste, or a terminal answering a query) can send: every
 * CSI and SS3 shape, with and without a second ESC (Alt), over parameters that once broke
 * Ink 6.8's key parser (a modifier of 0 or 5 with a final byte it has no name for) and
 * every final byte. The ones that ended the app name themselves in `CRASHED_ONCE`.
 */

/** Ctrl+F1 to Ctrl+F4 (xterm), `ESC[0f`, `ESC[[0a`: each ended the app, the Sessions list and the diff view. */
export const CRASHED_ONCE = ['\x1b[1;5P', '\x1b[1;5Q', '\x1b[1;5R', '\x1b[1;5S', '\x1b[0f', '\x1b[[0a'];

const PREFIXES = ['\x1b[', '\x1b[[', '\x1bO', '\x1b\x1b[', '\x1b\x1bO'];
const PARAMETERS = [
  '',
  '0',
  '1',
  '5',
  '9',
  '1;0',
  '1;5',
  '1;3',
  '9;5',
  '5;5',
  '0;0',
  '200',
  '99999999999999999999',
  '1;5:1',
  '?1;2',
  '<0;1;1',
  '>0',
  '1;5$',
  '2$',
  ' ',
];
/** Every final byte (0x40-0x7e); a CSI also ends in rxvt's `$` (a byte Ink reads on past). */
const FINALS = Array.from({ length: 0x7e - 0x40 + 1 }, (_, i) => String.fromCharCode(0x40 + i));

/** Every shape: prefix × parameters × final (an SS3 takes no parameters). */
export const KEY_SEQUENCES: string[] = [
  ...new Set([
    ...CRASHED_ONCE,
    ...PREFIXES.flatMap((prefix) =>
      prefix.endsWith('O')
        ? FINALS.map((f) => `${prefix}${f}`)
        : PARAMETERS.flatMap((p) => [...FINALS, '$'].map((f) => `${prefix}${p}${f}`)),
    ),
  ]),
];

/** Every way `text` can be cut in two. */
export const splits = (text: string): [string, string][] =>
  Array.from({ length: text.length - 1 }, (_, i) => [text.slice(0, i + 1), text.slice(i + 1)]);
