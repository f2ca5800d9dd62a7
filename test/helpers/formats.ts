import { ingest } from '../../src/ingest/ingest.js';
import { DocumentSource } from '../../src/sources/document-source.js';
import { FileSource } from '../../src/sources/file-source.js';
import type { Line, Source, SourceEvent } from '../../src/sources/types.js';
import { TraceStore } from '../../src/store/trace-store.js';
import { formatReader } from '../../src/trace/formats/reader.js';
import { bundledPrices } from '../../src/trace/prices.js';

/** A file read as every command reads it: by its content's format. */
export async function storeOfRecording(path: string): Promise<TraceStore> {
  const store = new TraceStore(bundledPrices());
  const source = new DocumentSource(new FileSource(path), formatReader);
  try {
    await ingest(store, source);
  } finally {
    source.close();
  }
  return store;
}

/** A source of literal text, cut into lines in batches of `perBatch` (as a stream: no whole file). */
export function textSource(text: string, perBatch = 3): Source {
  const bytes = Buffer.from(text);
  const lines: Line[] = [];
  let offset = 0;
  text.split('\n').forEach((t, i, all) => {
    if (i === all.length - 1 && t === '') return;
    const length = Buffer.byteLength(t);
    lines.push({ text: t, lineNo: i + 1, offset, length });
    offset += length + 1;
  });
  return {
    name: 'text.json',
    async *lines(_onEvent?: (e: SourceEvent) => void) {
      for (let i = 0; i < lines.length; i += perBatch) yield lines.slice(i, i + perBatch);
    },
    readBytes: (at, length) => bytes.subarray(at, at + length),
    close() {},
  };
}

/** Every line a source yields, read to its end. */
export async function linesOf(source: Source): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of source.lines()) out.push(...batch);
  return out;
}

/**
 * A cassette laid out one interaction per line (`{"version":…,"metadata":{…},`, then
 * `"interactions": [`, one `{…},` line each, then `]}`): one JSON document all the same.
 */
export function onePerLine(cassetteText: string): string {
  const { interactions, ...rest } = JSON.parse(cassetteText) as { interactions: unknown[] };
  const head = JSON.stringify(rest).slice(0, -1);
  return `${head},\n"interactions": [\n${interactions.map((i) => JSON.stringify(i)).join(',\n')}\n]}\n`;
}
