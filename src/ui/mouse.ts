/**
 * Mouse reports in the key stream. With SGR mouse reporting on (`CSI ?1000h` and
 * `CSI ?1006h`, cli/tui-command.ts), the terminal sends each press, release and wheel
 * notch as `ESC [ < button ; column ; row M` (`m` for a release) among the keys. Ink 6
 * has no mouse support and would read those bytes as keys (`[` is a command here), so
 * they are taken out before Ink reads the stream (cli/keys.ts), and go to the app as
 * events. Hand-rolled: the npm parsers for this either come with a terminal toolkit of
 * their own or read the stream themselves; this is forty lines over bytes.
 */

export interface MouseEvent {
  /** A button pressed or released, or a wheel notch (`delta`: 1 down, -1 up). */
  kind: 'press' | 'release' | 'wheel';
  /** 0 left, 1 middle, 2 right (3: a release where the terminal does not say which). */
  button: number;
  delta: 1 | -1 | 0;
  /** The cell, from 0: column and screen row. */
  x: number;
  y: number;
}

const ESC = 0x1b;
const PREFIX = [ESC, 0x5b, 0x3c]; // ESC [ <
/** The longest parameters a report has (`64;65535;65535`), with room to spare. */
const MAX_PARAMS = 24;

/**
 * What a chunk held: keys (bytes, in order) and mouse events between them. `apart`: an
 * Escape held for a report that did not come, which must reach the reader on its own
 * (read together with the key after it, `ESC q` is Alt-q).
 */
export type MouseItem = { keys: Buffer; apart?: true } | { mouse: MouseEvent };

/** The event a report's parameters and final byte describe, or null (not one we read: motion, buttons 4+). */
function eventOf(params: string, final: number): MouseEvent | null {
  const parts = params.split(';');
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,5}$/.test(p))) return null;
  const [code, column, row] = parts.map(Number) as [number, number, number];
  if (column < 1 || row < 1) return null;
  const at = { x: column - 1, y: row - 1 };
  // Bits 2-4 are Shift, Meta, Ctrl (kept to the button's meaning); 32 is motion, 64 the wheel.
  const base = code & ~(4 | 8 | 16);
  if (base & 32) return null;
  if (base === 64 || base === 65) return { kind: 'wheel', button: base, delta: base === 64 ? -1 : 1, ...at };
  if (base > 3) return null;
  return { kind: final === 0x4d ? 'press' : 'release', button: base, delta: 0, ...at };
}

/**
 * Whether `b` after an ESC is a key of its own: a printable character, Enter, Tab or
 * Backspace; not `[` or `O`, which begin the sequences arrows and function keys send.
 */
const keyAfterEscape = (b: number): boolean =>
  (b >= 0x20 && b <= 0x7e && b !== 0x5b && b !== 0x4f) || b === 0x0d || b === 0x09 || b === 0x7f || b === 0x08;

/**
 * Takes SGR mouse reports out of a stream of key bytes, chunk by chunk: a report cut
 * between chunks is held until its end arrives (`pending`); a malformed one is
 * dropped up to the byte that breaks it, which is read again as a key.
 */
export class MouseFilter {
  private held: Buffer = Buffer.alloc(0);

  /** Whether bytes are held: the start of a report, waiting for the rest. */
  get pending(): boolean {
    return this.held.length > 0;
  }

  feed(chunk: Buffer): MouseItem[] {
    const items: MouseItem[] = [];
    // A lone ESC, and no `[` after it: the Escape key, pressed before the next key.
    if (this.held.length === 1 && chunk.length > 0 && chunk[0] !== PREFIX[1]) {
      items.push({ keys: this.held, apart: true });
      this.held = Buffer.alloc(0);
    }
    const bytes = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = Buffer.alloc(0);
    let keysFrom = 0;
    const keysTo = (end: number) => {
      if (end > keysFrom) items.push({ keys: bytes.subarray(keysFrom, end) });
    };
    let i = bytes.indexOf(ESC);
    while (i >= 0 && i < bytes.length) {
      // How much of the prefix is here.
      let k = 0;
      while (k < PREFIX.length && i + k < bytes.length && bytes[i + k] === PREFIX[k]) k++;
      if (k < PREFIX.length && i + k < bytes.length) {
        // Another escape sequence: not ours. A lone ESC and a key read together (a late
        // read, keys batched over SSH) are the Escape key, then that key: read as one,
        // Ink takes `ESC q` for Alt-q (bound to nothing here) and `ESC /` for `/` alone.
        if (k === 1 && keyAfterEscape(bytes[i + 1]!)) {
          keysTo(i);
          items.push({ keys: bytes.subarray(i, i + 1), apart: true });
          keysFrom = i + 1;
        }
        i = bytes.indexOf(ESC, i + 1);
        continue;
      }
      let j = i + k;
      while (j < bytes.length && (bytes[j] === 0x3b || (bytes[j]! >= 0x30 && bytes[j]! <= 0x39))) j++;
      keysTo(i);
      const long = j - i - k > MAX_PARAMS;
      if (j >= bytes.length) {
        // Cut off: the rest comes in the next chunk (unless it is too long to be a report: dropped).
        if (!long) this.held = Buffer.from(bytes.subarray(i));
        return items;
      }
      const final = bytes[j]!;
      if (final === 0x4d || final === 0x6d) {
        const event = long ? null : eventOf(bytes.toString('latin1', i + k, j), final);
        if (event) items.push({ mouse: event });
        keysFrom = j + 1;
      } else keysFrom = j; // malformed: what came before is dropped, this byte is a key again
      i = bytes.indexOf(ESC, keysFrom);
    }
    keysTo(bytes.length);
    return items;
  }

  /**
   * What is held, when no more came in time: a lone ESC (or ESC [) is a key the user
   * pressed; the start of a report that never ended is dropped.
   */
  flush(): Buffer {
    const held = this.held;
    this.held = Buffer.alloc(0);
    return held.length <= 2 ? held : Buffer.alloc(0);
  }
}
