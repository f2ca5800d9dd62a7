import { Column, lowerBound } from './columns.js';

/**
 * Each row's line number, kept as runs: a run starts at a row and its line, and each
 * row after it, up to the next run, is on the next line. A file read whole is one run
 * per stretch of lines between blank ones, so a 1 GiB trace keeps a few runs where a
 * column held 7 MiB (4 bytes a row). A new run starts wherever a row is not on the line
 * after the row before it: a blank line skipped, a batch line's second message (the
 * same line), the first row of another file's lines.
 */
export class LineRuns {
  /** The first row of each run, ascending. */
  readonly row = new Column(Int32Array, 64);
  /** Its line number. */
  readonly no = new Column(Int32Array, 64);
  /**
   * The run the last lookup found: rows are mostly read in order. Checked before it is
   * used, so a store cleared or restored under it never answers from it.
   */
  private last = 0;

  /** Row `row` (the next row appended) is on line `lineNo`. */
  push(row: number, lineNo: number): void {
    const n = this.row.length;
    if (n > 0 && this.no.data[n - 1]! + (row - this.row.data[n - 1]!) === lineNo) return;
    this.row.push(row);
    this.no.push(lineNo);
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
    return this.no.data[k]! + (row - starts[k]!);
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
