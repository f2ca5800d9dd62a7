import { classify } from '../parse-line.js';
import { isObject } from '../values.js';
import { MCP_REC, type TraceFormat, V1 } from './format.js';
import { looksMcpRec } from './mcp-rec-rules.js';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What the first line that is not blank says a recording is: JSONL of one format, or
 * the start of one JSON document (a cassette, pretty-printed or on one line, or some
 * other JSON file), read whole before anything is known. By content, never by name.
 */
export function sniffFirstLine(text: string): { lines: TraceFormat } | 'document' {
  const value = parsed(text);
  if (value === undefined) {
    const first = text.trimStart().charCodeAt(0);
    // `{` or `[` that does not close on its line: a document over many lines.
    return first === 123 || first === 91 ? 'document' : { lines: V1 };
  }
  if (!isObject(value)) return 'document';
  // mcp-rec's shape, even with a fault in it (a bad dir): its rules then name the fault.
  if (looksMcpRec(value)) return { lines: MCP_REC };
  const record = classify(value);
  if (record.kind === 'message') return { lines: record.rawKey === 'msg' ? MCP_REC : V1 };
  if (record.kind === 'other') return 'document';
  return { lines: V1 };
}

/**
 * While a document is gathered: a later line that is a JSON object of its own shows
 * the file is JSONL after all (of records of unknown types, or with a broken first
 * line). Inside a pretty-printed document a line is a member or a bracket, never an
 * object (except a last array element written on one line: rare, and then read as lines).
 */
export function showsLines(text: string): boolean {
  const t = text.trim();
  if (t.charCodeAt(0) !== 123 || t.charCodeAt(t.length - 1) !== 125) return false;
  const value = parsed(t);
  // `{}` alone on a line is an empty element of a pretty-printed array.
  return isObject(value) && Object.keys(value).length > 0;
}
