/** One line of a source, as bytes located in that source. */
export interface Line {
  /** The line's text: UTF-8 decoded, without its `\n`, a trailing `\r`, or a leading BOM. */
  text: string;
  /** 1-based line number within its source. */
  lineNo: number;
  /** Byte offset of the line's first byte (after a BOM) within the source. */
  offset: number;
  /** Byte length of `text` as stored (no newline, no trailing `\r`). */
  length: number;
  /**
   * The bytes, when the line still sits in the chunk it was cut from: `text` is
   * `buf[start, start + length)` decoded. Valid while the batch is being consumed.
   */
  readonly buf?: Buffer;
  readonly start?: number;
  /**
   * Set on a line that was not read (longer than the splitter's limit): why, for the
   * skip it counts as. `text` is empty; `offset` and `length` are the line's own.
   */
  readonly skip?: string;
  /**
   * Set on a run of two or more empty lines (`\n` or `\r\n`) given as one: how many.
   * `lineNo` and `offset` are the first's; the rest follow it. They hold no record.
   */
  readonly emptyRun?: number;
}

/** A recording format as the header and `summary` name it (trace/formats: the formats themselves). */
export interface SourceFormat {
  name: string;
  /** Times were derived (a cassette keeps latencies, not times): shown as approximate. */
  approximateTimes: boolean;
}

/** A local file read whole, by ranges (sources/block-reader.ts). */
export interface WholeFile {
  path: string;
  /** Its size when reading began. */
  size: number;
  /** True once the source is closed: reading stops. */
  stopped(): boolean;
}

/** Where a line is, without its bytes: what the store keeps of it. */
export type LineRef = Pick<Line, 'lineNo' | 'offset' | 'length'>;

/**
 * How a source's `error` event ends (a body cut, a stall, a socket closed): the rows that
 * arrived before stay, and the app and `summary` show them. `diff` and the exports say
 * something else there (cli/read-whole.ts).
 */
export const WHAT_ARRIVED = ': what arrived is shown';

/** What a source reports besides lines: progress, trouble, and the end of the stream. */
export type SourceEvent =
  | { type: 'progress'; bytes: number; totalBytes: number | null /** bytes per second, for downloads */; rate?: number }
  /** Something to say in the header; an empty message takes the last one back. */
  | { type: 'notice'; message: string }
  /** Caught up with a followed source; more may come. */
  | { type: 'live' }
  /** The source starts over at its first byte, line 1 (a followed file truncated or replaced): drop what was read from it. */
  | { type: 'reset'; message: string }
  | { type: 'error'; message: string };

/**
 * A byte stream cut into lines. `lines()` yields batches (one per chunk read) so a
 * 1 GiB file costs thousands of awaits, not millions. `readBytes` reads a line's
 * bytes back when a view needs the raw record (or a filter scans text); the store
 * never keeps them.
 */
export interface Source {
  /** What the user named: a path, `-`, or a URL. */
  readonly name: string;
  lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]>;
  /** A complete local file, which may be read by byte ranges (in parallel); absent for streams. */
  wholeFile?(): WholeFile;
  /** The bytes at `offset`; read into `into` (a reused buffer) when it is big enough. */
  readBytes(offset: number, length: number, into?: Buffer): Buffer;
  /** The recording format its lines are in, once known (sources/document-source.ts). */
  format?(): SourceFormat | null;
  /** What the source is waiting for before anything can arrive (a FIFO without a writer), or null. */
  waiting?(): string | null;
  close(): void;
}
