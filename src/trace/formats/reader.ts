import { DOCUMENT_MAX_BYTES, OTLP, V1 } from './format.js';
import { otlpLineReader } from './otlp/otlp-file.js';
import { startsOtlpTraces } from './otlp/otlp-read.js';
import { readDocument } from './read-document.js';
import { documentWatch, sniffFirstLine } from './sniff.js';

/** The formats, as a source reads them (sources/document-source.ts `FormatReader`, which cli/ hands it). */
export const formatReader = {
  first: sniffFirstLine,
  watch: documentWatch,
  read: readDocument,
  expander: otlpLineReader,
  expandsHead: (head: string) => (startsOtlpTraces(head) ? OTLP : null),
  maxBytes: DOCUMENT_MAX_BYTES,
  plain: V1,
};
