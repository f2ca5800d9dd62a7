import { DocumentSource } from '../sources/document-source.js';
import { type OpenOptions, openSource } from '../sources/open-source.js';
import type { Source } from '../sources/types.js';
import { formatReader } from '../trace/formats/reader.js';

/**
 * Opens a recording of any format the tool reads, known by its content: JSONL lines
 * (mcp-replay v1, mcp-rec) pass through; a cassette's JSON document is read as the v1
 * lines it converts to. Throws OpenError as openSource does.
 */
export async function openTrace(target: string, options: OpenOptions = {}): Promise<Source> {
  return new DocumentSource(await openSource(target, options), formatReader);
}
