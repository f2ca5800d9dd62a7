/**
 * What a hostile trace puts into its fields (issue 15, item 2): sequences a terminal
 * acts on (ESC, CSI, OSC, DCS/APC/PM/SOS, C1), text that reorders or hides what is
 * shown (bidi marks, line separators), and text that breaks width code (zero-width and
 * combining runs, wide scripts, joined emoji). One list: every test sweeps all of it.
 */
export interface Payload {
  name: string;
  text: string;
  /**
   * Payloads that any sanitizer treats alike (an ESC, then printable ASCII) share a
   * family: the app's renders, the suite's slow part, take each family once.
   */
  family?: string;
}

const range = (from: number, to: number) =>
  String.fromCharCode(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

export const PAYLOADS: readonly Payload[] = [
  { name: 'ESC', text: 'a\x1bb\x1bc', family: 'escape sequences' },
  { name: 'CSI 2J (clear screen)', text: '\x1b[2J\x1b[H\x1b[3J', family: 'escape sequences' },
  { name: 'CSI ?1049l (leave the alternate screen)', text: '\x1b[?1049l\x1b[?25l', family: 'escape sequences' },
  // An SGR the theme never writes: with colour on, a content SGR must not pass either.
  { name: 'CSI SGR', text: '\x1b[38;5;196;48;5;21;5mred\x1b[0m', family: 'escape sequences' },
  { name: 'OSC 0 (window title)', text: '\x1b]0;PWNED-TITLE\x07\x1b]2;PWNED-TITLE\x1b\\', family: 'escape sequences' },
  {
    name: 'OSC 8 (hyperlink)',
    text: '\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\',
    family: 'escape sequences',
  },
  {
    name: 'OSC 52 (clipboard write)',
    text: '\x1b]52;c;cm0gLXJmIH4K\x07\x1b]52;p;cm0gLXJmIH4K\x1b\\',
    family: 'escape sequences',
  },
  {
    name: 'DCS (XTGETTCAP, tmux passthrough)',
    text: '\x1bP+q544e\x1b\\\x1bPtmux;\x1b\x1b]52;c;cHduZWQ=\x07\x1b\\',
    family: 'escape sequences',
  },
  { name: 'APC (kitty graphics)', text: '\x1b_Gf=100,a=T;iVBORw0KGgo=\x1b\\', family: 'escape sequences' },
  { name: 'PM', text: '\x1b^privacy message\x1b\\', family: 'escape sequences' },
  { name: 'SOS', text: '\x1bXstart of string\x1b\\', family: 'escape sequences' },
  // U+009B is CSI, U+009D OSC, U+0090 DCS to a terminal that reads 8-bit controls.
  { name: 'C1 (U+0080-U+009F)', text: `${range(0x80, 0x9f)}\u009b2J\u009d0;C1-TITLE\u009c` },
  { name: 'BEL BS CR DEL NUL', text: 'ring\x07\x07back\x08\x08\x08over\rwrite\x7fdel\x00nul' },
  // Every other C0 control: a newline or vertical tab in a field would add a screen line.
  { name: 'C0 (U+0000-U+001F)', text: `c0${range(0x00, 0x1f)}end` },
  {
    name: 'bidi overrides and isolates',
    text: 'ab\u202egnp.exe\u202c \u202a\u202b\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c cd',
  },
  { name: 'U+2028 U+2029 (line and paragraph separators)', text: 'one\u2028two\u2029three' },
  { name: 'zero-width run', text: `z${'\u200b\u200c\u200d\u2060\ufeff'.repeat(400)}w` },
  { name: 'combining-mark run', text: `a${'\u0301\u0327\u0308'.repeat(700)}b` },
  { name: 'wide CJK', text: '日本語のテキスト中文字符한국어'.repeat(40) },
  { name: 'emoji ZWJ', text: '👨‍👩‍👧‍👦👍🏽🇺🇸👩🏽‍💻'.repeat(60) },
  { name: 'lone surrogates', text: 'x\ud800y\udc00z' },
];

/** One payload per family (its members' texts joined), and every payload of none. */
export const RENDER_PAYLOADS: readonly Payload[] = [
  ...new Map(
    PAYLOADS.map((p) => [
      p.family ?? p.name,
      {
        name: p.family ?? p.name,
        text: PAYLOADS.filter((q) => (q.family ?? q.name) === (p.family ?? p.name))
          .map((q) => q.text)
          .join(' '),
      },
    ]),
  ).values(),
];

/**
 * The two ways a payload is written into a JSON line, where they differ:
 * - `raw`: as it is, C0 controls included (a line with a raw ESC is not valid JSON,
 *   and is skipped: its skip reason must not carry the ESC either);
 * - `escaped`: every character outside printable ASCII as a `\u` escape (`\u001b`,
 *   `\u009b`, `\u202e`): the same value, which the scanner decodes.
 */
export type Encoding = 'raw' | 'escaped';
export const ENCODINGS: readonly Encoding[] = ['escaped', 'raw'];

/** A JSON line of `value` in one encoding (a JSON text over several lines with `space`). */
export function jsonLine(value: unknown, encoding: Encoding, space?: number): string {
  // (Pretty, as a cassette is written: its own newlines are layout, kept as they are.)
  const json = JSON.stringify(value, null, space);
  if (encoding === 'escaped')
    return json.replace(/[^\x20-\x7e\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // JSON.stringify escapes C0 controls (\u001b, \b, \r…): put the raw bytes back, but not
  // the newline, which would cut the line in two.
  return json.replace(/\\(u00[01][0-9a-f]|[bfrt]|.)/g, (m, e: string) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ b: '\b', f: '\f', r: '\r', t: '\t' } as Record<string, string>)[e] ?? m;
  });
}

/**
 * Runs of 100,000 characters that cost width code the most (issue 15 review, finding
 * 1): zero-width, wide and combining. Put in every field by the slow sweep
 * (test/slow/long-payloads.slow.test.tsx); names in test/hostile/long-names.test.tsx.
 */
export const LONG_PAYLOADS: readonly Payload[] = [
  { name: '100,000 zero-width spaces then X', text: `${'\u200b'.repeat(100_000)}X` },
  { name: '100,000 CJK characters', text: '中'.repeat(100_000) },
  { name: 'a and 100,000 combining marks', text: `a${'\u0301'.repeat(100_000)}` },
];

/**
 * Text pasted into the search and filter bars (finding 2): longer than V8 lets a
 * RegExp be (~40,000 characters), and than a filter may be (MAX_FILTER).
 */
export const LONG_TYPED = `${'x'.repeat(30_000)}é${'x'.repeat(29_999)}`;
