import { isObject } from '../../kit/values.js';
import { classify } from '../parse-line.js';
import { isClaudeCodeLine } from './agents/claude-code.js';
import { isCodexLine } from './agents/codex.js';
import { isGeminiMetadata } from './agents/gemini.js';
import { CLAUDE_CODE, CODEX, MCP_REC, OTLP, type TraceFormat, V1 } from './format.js';
import { looksMcpRec } from './mcp-rec-rules.js';
import { notTracesReason, otlpSignal } from './otlp/otlp-read.js';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What the first line that is not blank says a recording is: JSONL of one format;
 * OTLP/JSON traces, each line read as the v1 lines its spans stand for (`expand`);
 * another OTLP signal, which is no trace (`notTrace`, after the file's name); or the
 * start of one JSON document (a cassette, pretty-printed or on one line, or some
 * other JSON file), read whole before anything is known. By content, never by name.
 */
export function sniffFirstLine(
  text: string,
): { lines: TraceFormat } | { expand: TraceFormat } | { notTrace: string } | 'document' {
  const value = parsed(text);
  if (value === undefined) {
    const first = text.trimStart().charCodeAt(0);
    // `{` or `[` that does not close on its line: a document over many lines.
    return first === 123 || first === 91 ? 'document' : { lines: V1 };
  }
  if (!isObject(value)) return 'document';
  const signal = otlpSignal(value);
  if (signal === 'traces') return { expand: OTLP };
  if (signal !== null) return { notTrace: notTracesReason(signal) };
  // mcp-rec's shape, even with a fault in it (a bad dir): its rules then name the fault.
  if (looksMcpRec(value)) return { lines: MCP_REC };
  if (isCodexLine(value)) return { lines: CODEX };
  if (isClaudeCodeLine(value)) return { lines: CLAUDE_CODE };
  // Gemini CLI's JSONL folds into one conversation (a message is written again as it
  // changes, `$rewindTo` takes messages back): read whole, as a document is.
  if (isGeminiMetadata(value)) return 'document';
  const record = classify(value);
  if (record.kind === 'message') return { lines: record.rawKey === 'msg' ? MCP_REC : V1 };
  if (record.kind === 'other') return 'document';
  return { lines: V1 };
}

/** A line that is a non-empty JSON object standing alone (`{}` alone is an empty element of a pretty-printed array). */
function objectLine(text: string): boolean {
  const t = text.trim();
  if (t.charCodeAt(0) !== 123 || t.charCodeAt(t.length - 1) !== 125) return false;
  const value = parsed(t);
  return isObject(value) && Object.keys(value).length > 0;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const COMMA = 44;

/**
 * While a document is gathered, from its first line on: tells whether a later line shows
 * the file is JSONL after all (of records of unknown types, or with a broken first line):
 * a JSON object on a line of its own where the document cannot hold one. Inside a
 * document such a line is an array element (a cassette written one interaction per
 * line: `"interactions": [`, then `{…},` lines): the document's brackets are followed,
 * outside strings, so an object line right after `[` or `,` inside an array is an
 * element, anywhere else it is a record. A pretty-printed document's lines are members
 * or brackets, never an object alone. Each line is scanned once.
 */
export function documentWatch(first: string): (text: string) => boolean {
  if (isGeminiMetadata(parsed(first))) return () => false;
  // Hand-rolled: a bracket and string scanner over lines as they come; a streaming JSON
  // parser would build the values, which only the whole document's reading needs.
  const open: number[] = [];
  let inString = false;
  let escaped = false;
  let last = 0;
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === 32 || c === 9 || c === 13) continue;
      if (c === QUOTE) inString = true;
      else if (c === 123 || c === OPEN_ARRAY) open.push(c);
      else if (c === 125 || c === 93) open.pop();
      last = c;
    }
  };
  feed(first);
  return (text) => {
    const element = !inString && open.at(-1) === OPEN_ARRAY && (last === OPEN_ARRAY || last === COMMA);
    if (!element && objectLine(text)) return true;
    feed(text);
    return false;
  };
}
