import { DOCUMENT_MAX_BYTES, V1 } from './format.js';
import { readDocument } from './read-document.js';
import { documentWatch, sniffFirstLine } from './sniff.js';

/** The formats, as a source reads them (sources/document-source.ts `FormatReader`, which cli/ hands it). */
export const formatReader = {
  first: sniffFirstLine,
  watch: documentWatch,
  read: readDocument,
  maxBytes: DOCUMENT_MAX_BYTES,
  plain: V1,
};
