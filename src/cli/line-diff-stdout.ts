/*
 * Ink draws a frame as tall as the terminal by clearing the screen and writing every
 * line again, on every render (ink.js: `clearTerminal + output`). Between the two a
 * terminal without synchronized output (mode 2026: Terminal.app, xterm, many over SSH)
 * can show the blank screen, a flicker on each keypress; and each key costs a screenful
 * of bytes. The stream here stands in for stdout and turns each such redraw into writes
 * of the lines that changed, in place, at absolute positions: nothing is ever blanked,
 * and moving the selection sends a few lines instead of a screen. Every other write goes
 * through unchanged.
 */

const ESC = '\x1b[';
/** What Ink writes first when it redraws a full-height frame (ansi-escapes' clearTerminal outside old Windows). */
export const CLEAR_TERMINAL = `${ESC}2J${ESC}3J${ESC}H`;
/** Mode switches (synchronized output, cursor shown or hidden): they leave the screen's text as it is. */
const MODES_ONLY = /^(?:\x1b\[\?[\d;]+[hl])+$/;
/** Anything but text, line breaks and colours (SGR): what may put text elsewhere than where it is written. */
const MOVES = /[\r\b\t\v\f]|\x1b(?!\[[\d;]*m)/;

/**
 * The bytes that turn a screen showing `previous` (null: unknown) into `next`: each
 * changed line rewritten at its row and erased to its end, the rows below cleared when
 * the screen held more (or anything), and the cursor left at the start of the last line
 * (where Ink's next relative erase expects it to be).
 */
export function frameUpdate(previous: readonly string[] | null, next: readonly string[], rows: number): string {
  let out = '';
  for (let i = 0; i < next.length; i++) {
    if (previous !== null && previous[i] === next[i]) continue;
    out += `${ESC}${i + 1};1H${next[i]}${ESC}K`;
  }
  const below = next.length + 1;
  if ((previous === null || previous.length > next.length) && below <= rows) out += `${ESC}${below};1H${ESC}J`;
  return `${out}${ESC}${Math.max(1, next.length)};1H`;
}

/** stdout for Ink, with full-screen redraws written as the lines that changed. */
export function lineDiffStdout(out: NodeJS.WriteStream): NodeJS.WriteStream {
  /** The lines on screen, as the last full-height frame left them; null when unknown. */
  let shown: string[] | null = null;
  /**
   * True until something is written: the stream is made as the app's screen is entered,
   * blank, the cursor at its top left. Ink writes its first frame as plain lines from
   * there (not as a redraw): the screen then shows them, and the next frame is a diff.
   */
  let blank = true;
  const forget = () => {
    shown = null;
  };
  out.on('resize', forget);
  const send = out.write.bind(out) as (...args: unknown[]) => boolean;
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk === 'string' && chunk.startsWith(CLEAR_TERMINAL)) {
      const lines = chunk.slice(CLEAR_TERMINAL.length).split('\n');
      const rows = out.rows || lines.length;
      // Taller than the terminal (a resize not yet redrawn): its top, and the next frame whole.
      const fits = lines.length <= rows;
      const bytes = frameUpdate(fits ? shown : null, fits ? lines : lines.slice(0, rows), rows);
      shown = fits ? lines : null;
      blank = false;
      return send(bytes, ...rest);
    }
    if (typeof chunk === 'string' && MODES_ONLY.test(chunk)) return send(chunk, ...rest);
    const lines = blank && typeof chunk === 'string' && !MOVES.test(chunk) ? chunk.split('\n') : null;
    // Anything else may change the screen in ways not followed here: the next frame is
    // then written whole (still without clearing).
    shown = lines && lines.length <= (out.rows || 0) ? lines : null;
    blank = false;
    return send(chunk, ...rest);
  };
  return new Proxy(out, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
