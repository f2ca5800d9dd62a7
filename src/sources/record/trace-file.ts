import { closeSync, openSync, writeSync } from 'node:fs';

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
  write(line: string): boolean {
    return this.writeLines([line]);
  }

  /**
   * Writes lines that arrived together (one chunk's) in one write, each with its
   * newline: a burst of small messages costs one system call, not one each.
   */
  writeLines(lines: readonly string[]): boolean {
    if (this.fd === null) return false;
    if (lines.length === 0) return true;
    const bytes = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    try {
      let done = 0;
      while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done);
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
