import { Column, lowerBound } from './columns.js';

/**
 * Each row's line number, kept as runs: a run starts at a row and its line, and each
 * row after it, up to the next run, is `step` lines further on (1: the next line; 2: a
 * blank line between records; 0: the same line). Its second row sets the step. A file
 * read whole is one run per stretch of lines evenly spaced, so a 1 GiB trace keeps a
 * few runs where a column held 7 MiB (4 bytes a row), and so does one that puts a blank
 * line after every record (8 bytes a row when every run stepped by 1). A new run starts
 * wherever a row breaks its run's step: an irregular gap, a batch line's messages, the first row of
 * another file's lines.
 */
export class LineRuns {
  /** The first row of each run, ascending. */
  readonly row = new Column(Int32Array, 64);
  /** Its line number. */
  readonly no = new Column(Int32Array, 64);
  /** Lines from one row of the run to the next (up to 255). */
  readonly step = new Column(Uint8Array, 64);
  /**
   * The run the last lookup found: rows are mostly read in order. Checked before it is
   * used, so a store cleared or restored under it never answers from it.
   */
  private last = 0;

  /** Row `row` (the next row appended) is on line `lineNo`. */
  push(row: number, lineNo: number): void {
    const n = this.row.length;
    if (n > 0) {
      const rows = row - this.row.data[n - 1]!;
      const lines = lineNo - this.no.data[n - 1]!;
      if (lines === rows * this.step.data[n - 1]!) return;
      if (rows === 1 && lines >= 0 && lines <= 0xff) {
        this.step.data[n - 1] = lines;
        return;
      }
    }
    this.row.push(row);
    this.no.push(lineNo);
    this.step.push(1);
  }

  /** The line of `row`, a row appended. */
  at(row: number): number {
    const starts = this.row.data;
    const n = this.row.length;
    let k = this.last;
    if (!(k < n && starts[k]! <= row && (k + 1 === n || starts[k + 1]! > row))) {
      // The last run starting at or before `row`.
      k = lowerBound(starts, n, row + 1) - 1;
      this.last = k;
    }
    return this.no.data[k]! + (row - starts[k]!) * this.step.data[k]!;
  }

  /** Whether saved runs hold together for `rows` rows: the first at row 0, rows ascending within range. */
  static valid(row: Int32Array, no: Int32Array, rows: number): boolean {
    if (row.length !== no.length || (rows > 0 && (row.length === 0 || row[0] !== 0))) return false;
    for (let k = 0; k < row.length; k++) {
      if (row[k]! >= rows || (k > 0 && row[k]! <= row[k - 1]!) || no[k]! < 1) return false;
    }
    return true;
  }
}
