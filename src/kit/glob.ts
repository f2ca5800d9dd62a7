import { foldCase, hasCapital } from './text.js';

/**
 * A filter glob: `*` any run of characters, `?` any one (a UTF-16 code unit, as a
 * RegExp `.` without the `u` flag), the whole value (anchored), smart case.
 *
 * Matched without a RegExp, by hand, for two reasons: V8 refuses a pattern of more than
 * ~40,000 characters (a pasted filter crashed the app), and a backtracking `^.*a.*a.*b$`
 * over a 100,000-character tool name takes time that grows with the text to the power
 * of its stars. The glob packages (picomatch, minimatch, matcher, wildcard-match) all
 * compile to a RegExp. Here the glob is split at its stars: the first piece must start
 * the value, the last must end it, and each piece between is placed leftmost after the
 * one before (pieces have fixed lengths, so leftmost is never worse): a match costs a
 * few `indexOf` calls, or a scan per piece that holds a `?`.
 */
export interface Glob {
  /** The glob as written. */
  source: string;
  test(value: string): boolean;
}

/** Whether `piece` (`?` for any one unit) is at `at` in `value`. */
function isAt(value: string, at: number, piece: string, wild: boolean): boolean {
  if (!wild) return value.startsWith(piece, at);
  for (let k = 0; k < piece.length; k++) {
    const c = piece.charCodeAt(k);
    if (c !== 0x3f && c !== value.charCodeAt(at + k)) return false;
  }
  return true;
}

/** The leftmost place of `piece` in `value` from `from`, ending by `end`; -1 if none. */
function find(value: string, piece: string, wild: boolean, from: number, end: number): number {
  if (!wild) {
    const at = value.indexOf(piece, from);
    return at >= 0 && at + piece.length <= end ? at : -1;
  }
  for (let at = from; at + piece.length <= end; at++) if (isAt(value, at, piece, true)) return at;
  return -1;
}

/** `glob` ready to test values with; smart case: exact with a capital in it, any case without. */
export function parseGlob(glob: string): Glob {
  const fold = !hasCapital(glob);
  const pieces = (fold ? foldCase(glob) : glob).split('*');
  const wild = pieces.map((p) => p.includes('?'));
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const fixed = pieces.reduce((n, p) => n + p.length, 0);
  return {
    source: glob,
    test(raw) {
      const value = fold ? foldCase(raw) : raw;
      if (pieces.length === 1) return value.length === first.length && isAt(value, 0, first, wild[0]!);
      if (value.length < fixed) return false;
      const end = value.length - last.length;
      if (!isAt(value, 0, first, wild[0]!) || !isAt(value, end, last, wild[pieces.length - 1]!)) return false;
      let at = first.length;
      for (let i = 1; i < pieces.length - 1; i++) {
        const found = find(value, pieces[i]!, wild[i]!, at, end);
        if (found < 0) return false;
        at = found + pieces[i]!.length;
      }
      return true;
    },
  };
}
