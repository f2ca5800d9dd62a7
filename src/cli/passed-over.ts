import { oneLine } from '../kit/text.js';
import { counted } from '../kit/units.js';
import { note } from './output.js';

/** A file found in a directory or by a glob that holds no recording: passed over, and why (`not a trace: FILE is …`, naming it). */
export interface PassedOver {
  file: string;
  why: string;
}

/**
 * Says which files found in a directory or by a glob were passed over as no recording
 * (an `*.ops.json`, a config): one note counting them, or with `verbose` one line each.
 * They change no exit code: only a file the user named is an error when it is no trace.
 */
export function notePassedOver(passed: readonly PassedOver[], verbose: boolean): void {
  if (!passed.length) return;
  if (verbose) {
    // One line each: a newline in a file name would forge a line of its own.
    for (const p of passed) note(`${oneLine(p.why)} (passed over)`);
    return;
  }
  note(`passed over ${counted(passed.length, 'file')} of no known format (--verbose names them)`);
}

/** When every file found was passed over: nothing to report, which is trouble as an empty directory is. */
export function nothingLeftText(targets: readonly string[], passed: readonly PassedOver[]): string {
  return `no recordings in ${targets.map(oneLine).join(', ')}: passed over ${counted(passed.length, 'file')} of no known format`;
}
