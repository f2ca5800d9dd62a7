import { closeSync, openSync, writeSync, writevSync } from 'node:fs';

/** A line for the file: its text, or its bytes in pieces (a big message's own bytes, not copied). */
export type TraceLine = string | readonly Buffer[];

const NEWLINE = Buffer.from('\n');

/**
 * The file a recording is written to, a line at a time. Each line goes to the file in
 * one synchronous write the moment it is made, newline included: a reader following
 * the file sees whole lines at once, and a recorder killed at any point (SIGKILL)
 * leaves every line before the cut complete. The file is created for its owner only
 * (0600): a trace may hold what a server said about its user.
 */
export class TraceFile {
  private fd: number | null;
  /** Why writing stopped, once it has (a full disk, a file system gone): later lines are dropped. */
  failure: Error | null = null;

  /** Opens (or truncates) `path`; throws Node's error when it cannot be written. */
  constructor(
    readonly path: string,
    private readonly onFailure: (error: Error) => void = () => {},
  ) {
    this.fd = openSync(path, 'w', 0o600);
  }

  /** Writes one line (`line` without its newline); false when the file can no longer be written. */
  write(line: TraceLine): boolean {
    return this.writeLines([line]);
  }

  /**
   * Writes lines that arrived together (one chunk's) in one write, each with its
   * newline: a burst of small messages costs one system call, not one each, and a
   * line given as pieces goes as they are, with no buffer made to join them.
   */
  writeLines(lines: readonly TraceLine[]): boolean {
    if (this.fd === null) return false;
    if (lines.length === 0) return true;
    const pieces: Buffer[] = [];
    let text = '';
    for (const line of lines) {
      if (typeof line === 'string') text += `${line}\n`;
      else {
        if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
        text = '';
        pieces.push(...line, NEWLINE);
      }
    }
    if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
    try {
      const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
      const done = pieces.length === 1 ? writeSync(this.fd, pieces[0]!) : writevSync(this.fd, pieces);
      // A short write (rare on a file) is finished from where it stopped.
      if (done < total) {
        const rest = Buffer.concat(pieces).subarray(done);
        for (let at = 0; at < rest.length; ) at += writeSync(this.fd, rest, at, rest.length - at);
      }
      return true;
    } catch (error) {
      this.failure = error as Error;
      this.close();
      this.onFailure(this.failure);
      return false;
    }
  }

  /** Closes the file; later writes are dropped. Safe to call twice. */
  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch {
      // Closing can only report an earlier write's failure, already reported.
    }
  }
}
