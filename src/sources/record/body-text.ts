import type { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The most of one message kept to record, in characters: past it the message is still
 * forwarded whole but noted as too long. The trace reader skips a line over 64 MiB, so
 * keeping more would make a line no reader reads.
 */
export const MAX_RECORDED_CHARS = 64 * 1024 * 1024;

/** A body's bytes in, its text out (see `bodyText`). */
export interface BodyText {
  write(chunk: Buffer): void;
  end(): void;
}

const DECOMPRESS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * A body's text as it passes, undoing its `Content-Encoding` on a copy (the bytes
 * forwarded stay as they were): `onText` gets each piece, `onEnd` is called once the
 * body is read (with the error when it could not be decoded). Null for an encoding
 * this cannot undo (several stacked, or an unknown one): the body is then not recorded.
 */
export function bodyText(
  encoding: string | undefined,
  onText: (text: string) => void,
  onEnd: (error: Error | null) => void,
): BodyText | null {
  const decoder = new StringDecoder('utf8');
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity')
    return {
      write: (chunk) => onText(decoder.write(chunk)),
      end: () => {
        onText(decoder.end());
        onEnd(null);
      },
    };
  const make = DECOMPRESS[name];
  if (!make) return null;
  const stream = make();
  let failed = false;
  stream.on('data', (chunk: Buffer) => onText(decoder.write(chunk)));
  stream.on('end', () => {
    onText(decoder.end());
    onEnd(null);
  });
  stream.on('error', (error: Error) => {
    failed = true;
    onEnd(error);
  });
  return {
    write: (chunk) => failed || stream.write(chunk),
    end: () => failed || stream.end(),
  };
}

/** A whole body's text, kept up to MAX_RECORDED_CHARS; past that only its length is counted. */
export class TextCollector {
  private parts: string[] = [];
  private kept = 0;
  private tooLong = false;
  /** Characters seen, kept or not. */
  seen = 0;

  /** @param max the most characters kept (tests pass a small one) */
  constructor(private readonly max = MAX_RECORDED_CHARS) {}

  add(text: string): void {
    this.seen += text.length;
    if (this.tooLong || text.length === 0) return;
    if (this.kept + text.length > this.max) {
      this.tooLong = true;
      this.parts = [];
      return;
    }
    this.kept += text.length;
    this.parts.push(text);
  }

  /** The text, or null when it was too long to keep. */
  text(): string | null {
    return this.tooLong ? null : this.parts.join('');
  }
}
