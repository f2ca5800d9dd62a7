import { COUNT_LIMIT } from '../../../kit/counts.js';
import { isObject, type JsonObject, num, str } from '../../../kit/values.js';
import { Validator } from '../../validate.js';
import { isClaudeCodeLine } from './claude-code.js';
import { isCodexLine } from './codex.js';
import { isGeminiMetadata } from './gemini.js';

/*
 * `validate` for agent transcripts: what each line must hold for the numbers read from
 * it to be right. Errors are lines whose turns or usage cannot be read; warnings are
 * legal lines worth knowing of (a type no reader knows yet, a line ccusage skips).
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Claude Code's own line types, besides the conversation's. */
const CLAUDE_TYPES = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'progress',
  'file-history-snapshot',
  'queue-operation',
  'attachment',
  'custom-title',
]);
const KNOWN_BLOCKS = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'tool_result',
  'image',
  'document',
  'server_tool_use',
  'web_search_tool_result',
]);

/** The checks every agent's validator shares: times, counts. */
abstract class AgentValidator extends Validator {
  protected timeOf(line: number, v: unknown, field: string): void {
    if (v === undefined) return this.add(line, 'warning', 'time-missing', `${field} is absent: the record has no time`);
    if (typeof v !== 'string' || !ISO.test(v) || Number.isNaN(Date.parse(v)))
      this.add(line, 'error', 'time-iso', `${field} is not an ISO-8601 time: ${JSON.stringify(v).slice(0, 80)}`);
  }

  /** Each count in `usage` a whole number from 0 to 2^53, where present. */
  protected counts(line: number, usage: JsonObject, keys: readonly string[], where: string): void {
    for (const key of keys) {
      const n = usage[key];
      if (n === undefined) continue;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > COUNT_LIMIT)
        this.add(line, 'error', 'usage-count', `${where}.${key} is not a token count: ${JSON.stringify(n)}`);
    }
  }

  /** No meta line is asked of a transcript: only the lines' own rules. */
  override finish() {
    return this.findings.sort((a, b) => a.line - b.line);
  }
}

const CLAUDE_COUNTS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'];

/** A Claude Code transcript, line by line. */
export class ClaudeCodeValidator extends AgentValidator {
  private block(b: unknown, line: number): void {
    const kind = isObject(b) ? str(b.type) : null;
    if (!isObject(b) || kind === null) this.add(line, 'error', 'claude-block', 'a content block without a type');
    else if (!KNOWN_BLOCKS.has(kind))
      this.add(line, 'warning', 'unknown-block', `unknown block type ${JSON.stringify(kind)} (shown as a placeholder)`);
    else if (kind === 'tool_use' && (str(b.id) === null || str(b.name) === null))
      this.add(line, 'error', 'claude-block', 'a tool_use without its id or name: it pairs with no result');
    else if (kind === 'tool_result' && str(b.tool_use_id) === null)
      this.add(line, 'error', 'claude-block', 'a tool_result without tool_use_id: it answers no tool_use');
  }

  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o === null) return;
    if (!isClaudeCodeLine(o)) {
      this.add(line, 'error', 'claude-line', 'not a Claude Code line: no type with a session, and no API message');
      return;
    }
    const type = str(o.type);
    if (type !== null && !CLAUDE_TYPES.has(type))
      this.add(line, 'warning', 'unknown-type', `unknown type ${JSON.stringify(type)} (legal: read as another record)`);
    if (type === 'file-history-snapshot' || type === 'summary' || type === 'queue-operation') return;
    this.timeOf(line, o.timestamp, 'timestamp');
    if (type !== 'user' && type !== 'assistant' && type !== null) return;
    const message = o.message;
    if (!isObject(message)) {
      this.add(line, 'error', 'claude-message', `a ${type} line without a message object`);
      return;
    }
    const content = message.content;
    if (content !== undefined && typeof content !== 'string' && !Array.isArray(content))
      this.add(line, 'error', 'claude-message', 'message.content is neither text nor an array of blocks');
    if (Array.isArray(content)) for (const b of content) this.block(b, line);
    if ((str(message.role) ?? type) !== 'assistant') return;
    if (message.usage === undefined) return;
    if (!isObject(message.usage)) {
      this.add(line, 'error', 'usage-count', 'message.usage is not an object');
      return;
    }
    this.counts(line, message.usage, CLAUDE_COUNTS, 'message.usage');
    // ccusage reads only what JSON.stringify writes: a space after a colon hides the line from it.
    if (/"type": "/.test(text))
      this.add(line, 'warning', 'spaced-json', 'written with spaces after colons: ccusage skips its usage');
    if (str(message.id) === null)
      this.add(line, 'warning', 'response-id', 'no message.id: its usage counts on this line alone, copies or not');
  }
}

const CODEX_COUNTS = [
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'reasoning_output_tokens',
  'total_tokens',
];
const CODEX_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

/** A Codex session, line by line; its token_count totals checked against the sum of its responses. */
export class CodexValidator extends AgentValidator {
  private summed = 0;
  private total: { value: number; line: number } | null = null;

  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o === null) return;
    if (!isCodexLine(o)) {
      this.add(line, 'error', 'codex-line', 'not a Codex line: {timestamp, type, payload}');
      return;
    }
    this.timeOf(line, o.timestamp, 'timestamp');
    const type = o.type as string;
    if (!CODEX_TYPES.has(type))
      this.add(line, 'warning', 'unknown-type', `unknown type ${JSON.stringify(type)} (legal: read as another record)`);
    const p = isObject(o.payload) ? o.payload : null;
    if (p === null) {
      this.add(line, 'error', 'codex-payload', 'payload is not an object');
      return;
    }
    if (type === 'response_item' && /call$/.test(str(p.type) ?? '') && str(p.call_id) === null)
      this.add(line, 'error', 'codex-call', `a ${p.type} without call_id: it pairs with no output`);
    if (type !== 'event_msg' || p.type !== 'token_count' || !isObject(p.info)) return;
    const last = p.info.last_token_usage;
    const total = p.info.total_token_usage;
    if (isObject(last)) {
      this.counts(line, last, CODEX_COUNTS, 'info.last_token_usage');
      this.summed += num(last.total_tokens) ?? 0;
    }
    if (isObject(total)) {
      this.counts(line, total, CODEX_COUNTS, 'info.total_token_usage');
      const value = num(total.total_tokens);
      if (value !== null) this.total = { value, line };
    }
  }

  /** The running total Codex writes is a check on the responses counted: say when they disagree. */
  override finish() {
    if (this.total !== null && this.total.value !== this.summed)
      this.add(
        this.total.line,
        'warning',
        'codex-total',
        `total_token_usage says ${this.total.value} tokens, the responses' last_token_usage add up to ${this.summed} (the sum is what counts)`,
      );
    return super.finish();
  }
}

/** Gemini CLI's JSONL, line by line: its metadata first, then messages, `$set` and `$rewindTo` records. */
export class GeminiJsonlValidator extends AgentValidator {
  private first = true;

  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o === null) return;
    const first = this.first;
    this.first = false;
    if (first && !isGeminiMetadata(o))
      this.add(line, 'error', 'gemini-metadata', 'the first line is not the metadata {sessionId, projectHash, …}');
    if (typeof o.$rewindTo === 'string' || isObject(o.$set) || isGeminiMetadata(o)) return;
    if (typeof o.id !== 'string') {
      this.add(line, 'error', 'gemini-record', 'neither a message (no id), $set, $rewindTo nor the metadata');
      return;
    }
    this.checkMessage(o, line, 'the message');
  }

  /** One message, as the JSON document holds them too. */
  protected checkMessage(m: JsonObject, line: number, where: string): void {
    this.timeOf(line, m.timestamp, `${where}'s timestamp`);
    const type = str(m.type);
    if (type === null) this.add(line, 'error', 'gemini-message', `${where} has no type`);
    if (isObject(m.tokens))
      this.counts(line, m.tokens, ['input', 'output', 'cached', 'thoughts', 'tool', 'total'], 'tokens');
    if (Array.isArray(m.toolCalls))
      for (const c of m.toolCalls)
        if (!isObject(c) || str(c.name) === null)
          this.add(line, 'error', 'gemini-tool-call', `a tool call of ${where} without a name`);
  }
}

/** A Gemini CLI chat document, whole. */
export class GeminiDocumentValidator extends GeminiJsonlValidator {
  document(doc: JsonObject, lineOf: (i: number) => number): void {
    const messages = Array.isArray(doc.messages) ? doc.messages : [];
    messages.forEach((m, i) => {
      if (!isObject(m)) this.add(lineOf(i), 'error', 'gemini-message', `messages[${i}] is not an object`);
      else this.checkMessage(m, lineOf(i), `messages[${i}]`);
    });
  }
}
