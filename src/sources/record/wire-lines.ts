import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { MAX_LINE_BYTES } from '../line-splitter.js';

const NL = 0x0a;
const CR = 0x0d;

/** One line that passed on a stdio stream, without its `\n` (and a `\r` before it). */
export interface WireLine {
  /**
   * Its bytes as views of the chunks they came in, not copied: a message cut across
   * chunks is joined only as text. Empty when the line was too long to keep.
   */
  parts: Buffer[];
  /** How many bytes it had, kept or not. */
  bytes: number;
  /** True when it was longer than the limit: it was forwarded, not kept. */
  tooLong: boolean;
}

/**
 * Cuts what passes on a stdio stream into lines, keeping each as views of the chunks
 * it came in. LineSplitter (which reads files) copies a line cut across chunks into a
 * buffer of its own: on the relay's path a fresh 64 KiB buffer for each big message
 * cost more than the message's whole recording. The chunks of a stream are never
 * reused, since each is forwarded as it is.
 */
export class WireLines {
  private parts: Buffer[] = [];
  private bytes = 0;
  private lastByte = -1;
  private dropping = false;

  /** @param max the longest line kept, in bytes (tests pass a small one) */
  constructor(private readonly max = MAX_LINE_BYTES) {}

  /** The lines that `chunk` ends. */
  push(chunk: Buffer): WireLine[] {
    const out: WireLine[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(NL); nl !== -1; nl = chunk.indexOf(NL, start)) {
      this.take(chunk, start, nl);
      out.push(this.cut());
      start = nl + 1;
    }
    this.take(chunk, start, chunk.length);
    return out;
  }

  /** The bytes left without a newline when the stream ended, as a line; null when none are. */
  end(): WireLine | null {
    return this.bytes > 0 ? this.cut() : null;
  }

  private take(chunk: Buffer, from: number, to: number): void {
    if (to === from) return;
    this.bytes += to - from;
    this.lastByte = chunk[to - 1]!;
    if (this.dropping) return;
    if (this.bytes > this.max + 1) {
      this.dropping = true;
      this.parts = [];
      return;
    }
    this.parts.push(chunk.subarray(from, to));
  }

  private cut(): WireLine {
    let { parts, bytes } = this;
    if (this.lastByte === CR) {
      bytes--;
      const last = parts.at(-1);
      if (last) parts[parts.length - 1] = last.subarray(0, last.length - 1);
    }
    const tooLong = this.dropping || bytes > this.max;
    if (tooLong) parts = [];
    this.parts = [];
    this.bytes = 0;
    this.lastByte = -1;
    this.dropping = false;
    return { parts, bytes, tooLong };
  }
}

/** A line's text, UTF-8 decoded (a character cut across two chunks decoded whole). */
export function wireText(line: WireLine): string {
  if (line.parts.length === 1) return line.parts[0]!.toString('utf8');
  const decoder = new StringDecoder('utf8');
  let text = '';
  for (const part of line.parts) text += decoder.write(part);
  return text + decoder.end();
}

/**
 * Whether a line's bytes are its text's own UTF-8, so they can be written as they came
 * instead of encoding the text again. Each part is asked alone: a character cut across
 * two parts says no, and the text is then encoded.
 */
export function isWholeUtf8(line: WireLine): boolean {
  return line.parts.every((part) => isUtf8(part));
}
