/** A recording format, as the header and `summary` name it. */
export interface TraceFormat {
  /** One of FORMAT_NAMES (a string: sources/ names formats too, without importing these). */
  name: string;
  /**
   * Message times were derived, not recorded (a cassette keeps latencies only: each
   * time is its start plus the latencies before it), so they are shown as approximate.
   */
  approximateTimes: boolean;
}

export const FORMAT_NAMES = {
  v1: 'mcp-replay v1',
  mcpRec: 'mcp-rec',
  cassette: 'mcp-recorder cassette',
  claudeCode: 'Claude Code transcript',
  codex: 'Codex CLI session',
  gemini: 'Gemini CLI chat',
  otlp: 'OTLP/JSON traces',
} as const;
export type FormatName = (typeof FORMAT_NAMES)[keyof typeof FORMAT_NAMES];

export const V1: TraceFormat = { name: FORMAT_NAMES.v1, approximateTimes: false };
export const MCP_REC: TraceFormat = { name: FORMAT_NAMES.mcpRec, approximateTimes: false };
export const CASSETTE: TraceFormat = { name: FORMAT_NAMES.cassette, approximateTimes: true };
export const CLAUDE_CODE: TraceFormat = { name: FORMAT_NAMES.claudeCode, approximateTimes: false };
export const CODEX: TraceFormat = { name: FORMAT_NAMES.codex, approximateTimes: false };
export const GEMINI: TraceFormat = { name: FORMAT_NAMES.gemini, approximateTimes: false };
export const OTLP: TraceFormat = { name: FORMAT_NAMES.otlp, approximateTimes: false };

/**
 * A cassette is one JSON document, parsed whole (JSON.parse needs all of it, and its
 * interactions pair a request with its response inside one value). Past this size it
 * is refused with a message, not read: parsing costs several times its size in heap.
 */
export const DOCUMENT_MAX_BYTES = 64 << 20;

/** One line of the JSONL a document reads as: a v1 record, or a skip with its reason; `lineNo` is the document's. */
export type DocumentLine = { text: string; lineNo: number } | { skip: string; lineNo: number };
