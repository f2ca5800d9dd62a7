import { ChunkLine } from './line-splitter.js';
import { Spool } from './spool.js';
import type { Line, Source, SourceEvent, SourceFormat, WholeFile } from './types.js';

/**
 * JSONL of a known format; lines each read as the lines they convert to (`expand`:
 * OTLP/JSON); a file that is no trace (`notTrace`, said after its name); or one JSON
 * document to read whole (trace/formats decides).
 */
export type FirstLine = { lines: SourceFormat } | { expand: SourceFormat } | { notTrace: string } | 'document';

/** A converted line: its text, or a skip with its reason; `lineNo` the source's. */
type Converted = { text: string; lineNo: number } | { skip: string; lineNo: number };

/** Converts an expanded format's lines one at a time; `finish` gives what follows the last (its end line). */
export type LineExpander = ((text: string, lineNo: number) => Converted[]) & { finish?: () => Converted[] };

/** A document's reading: lines to index in its place (`lineNo` the document's), or why it is no trace. */
export type DocumentReading = { format: SourceFormat; lines: Converted[] } | { notTrace: string };

/**
 * What a source needs of the record formats (given by cli/, from trace/formats, so
 * that sources/ stays free of them): which format a first line starts, when a
 * gathered document turns out to be JSONL, and a whole document's records.
 */
export interface FormatReader {
  first(text: string): FirstLine;
  /**
   * Given a document's first line, a test for each later line (in order, blank ones
   * left out): true when it shows the file is JSONL after all.
   */
  watch(first: string): (text: string) => boolean;
  /** Null when the text is not one JSON value: it is read as lines then. */
  read(text: string, name: string): DocumentReading | null;
  /** For a format read by expansion: a fresh converter of its lines, one line at a time. */
  expander(): LineExpander;
  /** The start of a first line too long to read whole: the expanded format it shows, or null. */
  expandsHead(head: string): SourceFormat | null;
  /** Past this many bytes a document is refused, not gathered. */
  maxBytes: number;
  /** The format of JSONL that a gathered document turned out to be. */
  plain: SourceFormat;
}

/** A file that is JSON but no recording: `summary` exits 1 with this, and the app shows it as the file's error. */
export class NotTraceError extends Error {
  constructor(reason: string) {
    super(`not a trace: ${reason}`);
  }
}

/** The head read to know a local file's format before indexing it (the index cache, parallel ranges). */
const PEEK_BYTES = 64 << 10;

type Copy = Pick<Line, 'text' | 'lineNo' | 'offset' | 'length' | 'skip' | 'emptyRun'>;
const copyOf = (l: Line): Copy => ({
  text: l.text,
  lineNo: l.lineNo,
  offset: l.offset,
  length: l.length,
  skip: l.skip,
  emptyRun: l.emptyRun,
});
const isBlank = (l: Line) => l.skip === undefined && (l.emptyRun !== undefined || l.text.trim() === '');

/**
 * A source whose bytes are JSONL (passed through untouched, its format named) or one
 * JSON document: a cassette, gathered whole (up to `maxBytes`) and read as the v1
 * lines it converts to, which then live here in memory and are read back from here.
 */
export class DocumentSource implements Source {
  private known: SourceFormat | null = null;
  /** The converted lines of a document, joined by `\n`: what `readBytes` reads. */
  private converted: Buffer | null = null;
  /**
   * The converted lines of an expanded format, each written as it is made: what
   * `readBytes` reads. A file of its own, so a big file's lines are never all in memory.
   */
  private spool: Spool | null = null;
  /** Whether the format is read by expansion (known from the head of a local file before reading). */
  private expanding = false;
  private spoolSize = 0;

  constructor(
    private readonly inner: Source,
    private readonly reader: FormatReader,
  ) {}

  /**
   * A local file to read by ranges, in parallel. A file read by ranges is never a
   * document nor expanded (those are read line by line here, and a range reader needs a
   * whole file of lines as they are): its format comes from its head.
   */
  get wholeFile(): (() => WholeFile) | undefined {
    if (!this.inner.wholeFile) return undefined;
    this.peek();
    if (this.expanding) return undefined;
    return () => this.inner.wholeFile!();
  }

  get name(): string {
    return this.inner.name;
  }

  format(): SourceFormat | null {
    if (this.known === null && this.inner.wholeFile) this.peek();
    return this.known;
  }

  /** True when the source is (or, from its head, looks like) a document: its index is not worth caching. */
  isDocument(): boolean {
    return this.converted !== null || this.expanding || (this.format() === null && this.inner.wholeFile !== undefined);
  }

  waiting(): string | null {
    return this.inner.waiting?.() ?? null;
  }

  /** A local file's format from its first lines, without reading further (null: a document, or not known yet). */
  private peek(): void {
    if (this.known !== null) return;
    const bytes = this.inner.readBytes(0, PEEK_BYTES);
    // Line by line, as far as it takes: a JSONL file is known by its first line (decoding
    // and splitting all 64 KiB of each of 1,000 small files cost `report` ~0.1 s).
    let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    let showsLines: ((text: string) => boolean) | null = null;
    while (start < bytes.length) {
      let end = bytes.indexOf(10, start);
      if (end < 0) {
        // The last piece may be cut short: only whole lines decide, but a long first line
        // of OTLP (our export writes one) shows what it is from its start.
        if (bytes.length === PEEK_BYTES) {
          const expanded = showsLines === null ? this.reader.expandsHead(bytes.toString('utf8', start)) : null;
          if (expanded !== null) this.expandAs(expanded);
          return;
        }
        end = bytes.length;
      }
      const raw = bytes.toString('utf8', start, end);
      start = end + 1;
      if (raw.trim() === '') continue;
      const text = raw.replace(/\r$/, '');
      if (showsLines === null) {
        const first = this.reader.first(text);
        if (first === 'document') showsLines = this.reader.watch(text);
        else if ('expand' in first) return this.expandAs(first.expand);
        // Not a trace: said when it is read.
        else if ('notTrace' in first) return;
        else return void (this.known = first.lines);
      } else if (showsLines(text)) return void (this.known = this.reader.plain);
    }
  }

  private expandAs(format: SourceFormat): void {
    this.known = format;
    this.expanding = true;
  }

  async *lines(onEvent?: (event: SourceEvent) => void): AsyncIterable<Line[]> {
    let mode: 'undecided' | 'lines' | 'document' | 'expand' = 'undecided';
    let showsLines: (text: string) => boolean = () => false;
    const gathered: Copy[] = [];
    let bytes = 0;
    let convert = this.reader.expander();
    // A file read again from its start (truncated, replaced) is converted afresh.
    const events = (event: SourceEvent) => {
      if (event.type === 'reset') convert = this.reader.expander();
      onEvent?.(event);
    };
    for await (const batch of this.inner.lines(events)) {
      if (mode === 'lines') {
        yield batch;
        continue;
      }
      if (mode === 'expand') {
        yield this.expand(batch, convert);
        continue;
      }
      let i = 0;
      for (; i < batch.length; i++) {
        const line = batch[i]!;
        if (isBlank(line) || line.skip !== undefined) {
          gathered.push(copyOf(line));
          continue;
        }
        if (mode === 'undecided') {
          const first = this.reader.first(line.text);
          if (first !== 'document' && 'notTrace' in first) throw new NotTraceError(`${this.name} ${first.notTrace}`);
          if (first !== 'document' && 'expand' in first) {
            this.expandAs(first.expand);
            mode = 'expand';
            break;
          }
          if (first === 'document') {
            mode = 'document';
            showsLines = this.reader.watch(line.text);
          } else {
            this.known = first.lines;
            mode = 'lines';
            break;
          }
        } else if (showsLines(line.text)) {
          this.known = this.reader.plain;
          mode = 'lines';
          break;
        }
        gathered.push(copyOf(line));
        bytes += line.length + 1;
        if (bytes > this.reader.maxBytes)
          throw new NotTraceError(
            `${this.name} is a JSON document over ${this.reader.maxBytes >> 20} MiB: a cassette is read whole, so one this big is not read`,
          );
      }
      if (mode === 'lines') {
        if (gathered.length) yield gathered.splice(0) as Line[];
        // The batch's own lines are still valid while this yield is consumed.
        yield i === 0 ? batch : batch.slice(i);
      }
      if (mode === 'expand') yield this.expand([...gathered.splice(0), ...batch.slice(i)], convert);
    }
    if (mode === 'expand') {
      const last = convert.finish?.() ?? [];
      if (last.length) yield this.spooled(last);
      return;
    }
    if (mode !== 'document') {
      if (gathered.length) yield gathered as Line[];
      return;
    }
    const reading = this.reader.read(textOf(gathered), this.name);
    if (reading === null) {
      // Not one JSON value after all: its lines as they are (each skipped, as in any file).
      yield gathered as Line[];
      return;
    }
    if ('notTrace' in reading) throw new NotTraceError(reading.notTrace);
    this.known = reading.format;
    yield this.hold(reading.lines);
  }

  /**
   * A batch of an expanded format's lines as the lines they convert to, written to the
   * spool (offsets into it). Blank and unread lines pass as they are, holding no bytes.
   */
  private expand(batch: readonly Line[], convert: LineExpander): Line[] {
    const out: Line[] = [];
    const converted: Converted[] = [];
    for (const line of batch) {
      // Decoded once: a line's text is decoded each time it is asked for, and these are long.
      const text = line.skip === undefined && line.emptyRun === undefined ? line.text : '';
      if (text.trim() === '') {
        // In file order: what came before is spooled first (a loop, not a spread: a line of 10^6 spans makes 2 million).
        for (const l of this.spooled(converted.splice(0))) out.push(l);
        out.push({ ...copyOf(line), offset: this.spoolSize, length: 0 });
        continue;
      }
      for (const c of convert(text, line.lineNo)) converted.push(c);
    }
    for (const l of this.spooled(converted)) out.push(l);
    return out;
  }

  /** Converted lines written to the spool (offsets into it), a skip holding no bytes. */
  private spooled(converted: readonly Converted[]): Line[] {
    this.spool ??= new Spool();
    const out: Line[] = [];
    const texts: string[] = [];
    /** Where in `out` the converted lines are, in order. */
    const made: number[] = [];
    for (const c of converted) {
      if ('skip' in c) out.push({ text: '', lineNo: c.lineNo, offset: this.spoolSize, length: 0, skip: c.skip });
      else {
        made.push(out.length);
        out.push({ text: '', lineNo: c.lineNo, offset: 0, length: 0 });
        texts.push(c.text);
      }
    }
    if (!texts.length) return out;
    // One buffer for the batch, each line written into it (UTF-8 takes at most 3 bytes a
    // UTF-16 unit) and given as `buf`, so the indexer reads it with its byte scanner as it
    // reads a file's; each line's text is decoded from it when asked for, so the strings
    // made here die young.
    let units = texts.length;
    for (const text of texts) units += text.length;
    const whole = Buffer.allocUnsafe(units * 3);
    let at = 0;
    for (let k = 0; k < made.length; k++) {
      const i = made[k]!;
      const length = whole.write(texts[k]!, at);
      out[i] = new ChunkLine(whole, at, at + length, out[i]!.lineNo, this.spoolSize + at);
      at += length;
      whole[at++] = 10;
    }
    const buf = whole.subarray(0, at);
    this.spool.append(buf);
    this.spoolSize += buf.length;
    return out;
  }

  /** The document's lines, kept here: their offsets are into `converted`. */
  private hold(lines: Extract<DocumentReading, { format: SourceFormat }>['lines']): Line[] {
    const out: Line[] = [];
    const parts: Buffer[] = [];
    let offset = 0;
    for (const l of lines) {
      if ('skip' in l) {
        out.push({ text: '', lineNo: l.lineNo, offset, length: 0, skip: l.skip });
        continue;
      }
      const bytes = Buffer.from(`${l.text}\n`, 'utf8');
      out.push({ text: l.text, lineNo: l.lineNo, offset, length: bytes.length - 1 });
      parts.push(bytes);
      offset += bytes.length;
    }
    this.converted = Buffer.concat(parts);
    return out;
  }

  readBytes(offset: number, length: number, into?: Buffer): Buffer {
    if (this.spool !== null) return this.spool.read(offset, length, into);
    if (this.converted === null) return this.inner.readBytes(offset, length, into);
    const bytes = this.converted.subarray(offset, offset + length);
    if (!into || into.length < length) return bytes;
    bytes.copy(into);
    return into.subarray(0, bytes.length);
  }

  close(): void {
    this.spool?.close();
    this.inner.close();
  }
}

/** The gathered lines as the document's text, one text line per file line (positions name file lines). */
function textOf(lines: Copy[]): string {
  const parts: string[] = [];
  let next = lines[0]?.lineNo ?? 1;
  // Lines before the first kept one (none: line numbers start at 1) and empty runs are empty lines.
  for (let n = 1; n < next; n++) parts.push('');
  for (const l of lines) {
    for (; next < l.lineNo; next++) parts.push('');
    const run = l.emptyRun ?? 1;
    parts.push(l.skip !== undefined ? '' : l.text);
    for (let k = 1; k < run; k++) parts.push('');
    next = l.lineNo + run;
  }
  return parts.join('\n');
}
