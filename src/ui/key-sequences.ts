/**
 * Escape sequences that are no key here, taken out of the key stream before Ink reads it.
 * Ink 6.8's `useInput` throws on a Ctrl key it has no name for (Ctrl+F1 is `ESC[1;5P`;
 * `ESC[0f` and `ESC[[0a` too: "Cannot read properties of undefined (reading 'startsWith')"),
 * which ended the app, and reads any other sequence it does not know as its characters
 * (`ESC[q` as `[` then `q`, which quits). Ink 7 fixes the first (vadimdemedes/ink#902) but
 * needs Node 22. So a CSI or SS3 sequence goes on only when Ink names its key (arrows,
 * Home, End, PgUp, PgDn, Insert, Delete, F1-F12, Shift-Tab, with any modifier) or it is a
 * mouse report (`ESC[<…M`, for ui/mouse.ts); any other is dropped whole. Sequences are cut
 * where Ink's input parser cuts them (ink/build/input-parser.js), so what goes on reads the
 * same there. Hand-rolled: Ink does not export its parser, and no package filters for it.
 */

const ESC = 0x1b;
const LEFT_BRACKET = 0x5b;
const LETTER_O = 0x4f;
/** Longer than any key or mouse report: an unfinished sequence this long is no key, and is dropped as it goes on. */
const MAX_SEQUENCE = 64;

/**
 * The key codes Ink 6.8 names (the `keyName` table of ink/build/parse-keypress.js): the
 * sequence less its ESC, its modifier and a `1;` before it.
 */
const KNOWN = new Set([
  ...['OP', 'OQ', 'OR', 'OS', 'OA', 'OB', 'OC', 'OD', 'OE', 'OF', 'OH', 'Oa', 'Ob', 'Oc', 'Od', 'Oe'],
  ...['[11~', '[12~', '[13~', '[14~', '[15~', '[17~', '[18~', '[19~', '[20~', '[21~', '[23~', '[24~'],
  ...['[[A', '[[B', '[[C', '[[D', '[[E', '[[5~', '[[6~'],
  ...['[A', '[B', '[C', '[D', '[E', '[F', '[H', '[Z', '[a', '[b', '[c', '[d', '[e'],
  ...['[1~', '[2~', '[3~', '[4~', '[5~', '[6~', '[7~', '[8~'],
  ...['[2$', '[3$', '[5$', '[6$', '[7$', '[8$', '[2^', '[3^', '[5^', '[6^', '[7^', '[8^'],
]);

/**
 * A legacy key sequence after its ESC, as Ink's `fnKeyRe` reads it, whole: `[5;3~`
 * (number, modifier, final) or `[1;5A` (modifier, letter).
 */
const KEY = /^(O|\[\[?)(?:(\d+)(?:;\d+)?([~^$])|(?:1;)?\d*([a-zA-Z]))$/;
/** An SGR mouse report's shape after its ESC (ui/mouse.ts reads it, or drops it). */
const MOUSE_REPORT = /^\[<[\d;]*[Mm]$/;

/** Whether a whole CSI or SS3 sequence may go on to Ink: a key it names (after one ESC or two), or a mouse report. */
export function passesToInk(sequence: string): boolean {
  if (sequence[0] !== '\x1b') return false;
  if (MOUSE_REPORT.test(sequence.slice(1))) return true;
  const m = KEY.exec(sequence.slice(sequence[1] === '\x1b' ? 2 : 1));
  return m !== null && KNOWN.has(m[2] === undefined ? `${m[1]}${m[4]}` : `${m[1]}${m[2]}${m[3]}`);
}

const isParameter = (b: number): boolean => b >= 0x20 && b <= 0x3f;
const isFinal = (b: number): boolean => b >= 0x40 && b <= 0x7e;

/**
 * Where the CSI or SS3 sequence whose introducer is at `at` ends, as Ink's parser reads
 * it: the index after its final byte; null when none starts there; 'open' when the bytes
 * end first. A CSI broken by a byte that may not be in one, after parameters (`ESC[1;5`
 * and a Ctrl key), is `{ broken }` at that byte: Ink would read its parameters as keys.
 */
function sequenceEnd(bytes: Buffer, at: number): number | { broken: number } | null | 'open' {
  const kind = bytes[at];
  if (kind === undefined) return 'open';
  if (kind === LETTER_O) {
    if (at + 2 > bytes.length) return 'open';
    if (!isParameter(bytes[at + 1]!)) return isFinal(bytes[at + 1]!) ? at + 2 : null;
    // SS3 with parameters (`ESC O 5 q`): Ink would read ESC O, then `5`, then `q` (quit),
    // so the whole sequence is dropped, up to its final byte.
    for (let i = at + 2; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (isParameter(b)) continue;
      return { broken: isFinal(b) ? i + 1 : i };
    }
    return 'open';
  }
  if (kind !== LEFT_BRACKET) return null;
  for (let i = at + 1; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (isParameter(b) || (b === LEFT_BRACKET && i === at + 1)) continue;
    if (isFinal(b)) return i + 1;
    return i === at + 1 ? null : { broken: i };
  }
  return 'open';
}

/**
 * What begins at an ESC: a sequence to pass or drop (`drop` when broken), another key
 * (`ESC q`, `ESC ESC`, `ESC [` then a key: the Escape key and what followed), or 'open'.
 */
function tokenAt(bytes: Buffer, esc: number): { end: number; sequence: boolean; drop?: true } | 'open' {
  const second = bytes[esc + 1] === ESC;
  const end = second ? sequenceEnd(bytes, esc + 2) : sequenceEnd(bytes, esc + 1);
  if (end === 'open') return 'open';
  if (typeof end === 'number') return { end, sequence: true };
  if (end !== null) return { end: end.broken, sequence: true, drop: true };
  return { end: esc + 2, sequence: false };
}

/**
 * Takes the sequences that are no key here out of a stream of key bytes, chunk by
 * chunk. A sequence cut between chunks is held until it ends (`pending`); `flush` gives
 * what is held when nothing more came in time.
 */
export class KeySequenceFilter {
  private held: Buffer = Buffer.alloc(0);
  /** Inside a sequence too long to be a key: its bytes are dropped up to its end. */
  private skipping = false;

  /** Whether bytes are held: the start of a sequence, waiting for the rest. */
  get pending(): boolean {
    return this.held.length > 0;
  }

  feed(chunk: Buffer): Buffer {
    let bytes = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = Buffer.alloc(0);
    if (this.skipping) {
      const end = bytes.findIndex((b) => !isParameter(b));
      if (end < 0) return Buffer.alloc(0);
      this.skipping = false;
      bytes = bytes.subarray(isFinal(bytes[end]!) ? end + 1 : end);
    }
    const kept: Buffer[] = [];
    let from = 0;
    for (let esc = bytes.indexOf(ESC); esc >= 0; ) {
      const token = esc + 1 < bytes.length ? tokenAt(bytes, esc) : 'open';
      if (token === 'open') {
        kept.push(bytes.subarray(from, esc));
        if (bytes.length - esc > MAX_SEQUENCE) this.skipping = true;
        else this.held = Buffer.from(bytes.subarray(esc));
        return Buffer.concat(kept);
      }
      if (token.sequence && (token.drop || !passesToInk(bytes.toString('latin1', esc, token.end)))) {
        kept.push(bytes.subarray(from, esc));
        from = token.end;
      }
      esc = bytes.indexOf(ESC, token.end);
    }
    kept.push(bytes.subarray(from));
    return kept.length === 1 ? kept[0]! : Buffer.concat(kept);
  }

  /**
   * What is held, when no more came in time, read as Ink reads it alone: an ESC, two, or
   * ESC and `[` or `O` are keys the user pressed; a longer start is kept only when it is
   * a key itself (`ESC[2$`), else dropped.
   */
  flush(): Buffer {
    const held = this.held;
    this.held = Buffer.alloc(0);
    this.skipping = false;
    return held.length <= 2 || passesToInk(held.toString('latin1')) ? held : Buffer.alloc(0);
  }
}
