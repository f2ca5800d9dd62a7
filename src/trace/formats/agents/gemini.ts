import { isoTime } from '../../../kit/dates.js';
import { jsonPreview } from '../../../kit/json-write.js';
import { isObject, isoMs, type Json, type JsonObject, num, str } from '../../../kit/values.js';
import type { DocumentLine } from '../format.js';
import { valueSpans } from '../json-spans.js';
import { placeholder, textBlock } from './agent-record.js';

/*
 * A Gemini CLI chat (`~/.gemini/tmp/<project>/chats/session-*.json` or `.jsonl`): one
 * conversation, `{sessionId, projectHash, startTime, lastUpdated, messages}`. The JSONL
 * form writes the metadata first, then each message whole every time it changes (its
 * tokens and tool calls come later), `{$set: …}` for metadata and `{$rewindTo: id}` to
 * take back a message and all after it: it is folded into the conversation it says,
 * as Gemini CLI itself reads it, then read as v1 lines.
 */

/** Gemini CLI's metadata: the first line of its JSONL, or the top of its JSON document. */
export const isGeminiMetadata = (v: unknown): boolean =>
  isObject(v) && typeof v.sessionId === 'string' && typeof v.projectHash === 'string';

/** A whole Gemini CLI chat document. */
export const isGeminiChat = (v: unknown): v is JsonObject =>
  isObject(v) && isGeminiMetadata(v) && Array.isArray(v.messages);

interface Conversation {
  metadata: JsonObject;
  messages: JsonObject[];
  /** Each message's line in the file (its latest record's), by position. */
  lineNos: number[];
}

/** The records of Gemini CLI's JSONL folded into its conversation; null when the text is no such file. */
export function foldGeminiJsonl(text: string): Conversation | null {
  let metadata: JsonObject | null = null;
  const byId = new Map<string, { message: JsonObject; lineNo: number }>();
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(record)) continue;
    if (typeof record.$rewindTo === 'string') rewind(byId, record.$rewindTo);
    else if (typeof record.id === 'string') byId.set(record.id, { message: record, lineNo });
    else if (isObject(record.$set)) {
      metadata = { ...(metadata ?? {}), ...record.$set };
      if (Array.isArray(record.$set.messages)) {
        byId.clear();
        for (const m of record.$set.messages)
          if (isObject(m)) byId.set(str(m.id) ?? `${byId.size}`, { message: m, lineNo });
      }
    } else if (isGeminiMetadata(record)) metadata = { ...(metadata ?? {}), ...record };
  }
  if (metadata === null) return null;
  const kept = [...byId.values()];
  return { metadata, messages: kept.map((k) => k.message), lineNos: kept.map((k) => k.lineNo) };
}

/** Takes back the message `id` and every one after it (none found: all of them, as Gemini CLI does). */
function rewind(byId: Map<string, unknown>, id: string): void {
  let found = false;
  for (const key of [...byId.keys()]) {
    if (key === id) found = true;
    if (found) byId.delete(key);
  }
  if (!found) byId.clear();
}

/** A whole Gemini CLI JSON document as its conversation, each message on the line it starts on. */
export function geminiDocument(doc: JsonObject, text: string): Conversation {
  const spans = valueSpans(text, 2);
  const messages = (doc.messages as Json[]).filter(isObject);
  const lineNos = messages.map((_, i) => spans.get(`messages/${i}`)?.line ?? 1);
  return { metadata: doc, messages, lineNos };
}

/** Content parts as v1 blocks: text (a thought's as thinking), anything else a placeholder. */
function blocksOf(content: Json | undefined): Json[] {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  const parts = Array.isArray(content) ? content : isObject(content) ? [content] : [];
  return parts.map((p) => {
    if (typeof p === 'string') return textBlock(p);
    if (!isObject(p)) return placeholder('part');
    const text = str(p.text);
    if (text !== null) return p.thought === true ? { type: 'thinking', thinking: text } : textBlock(text);
    return placeholder(Object.keys(p)[0] ?? 'part');
  });
}

/** A tool's result as text: its function response's output, else the parts' text, else the JSON. */
function resultText(result: Json | undefined): string {
  if (result === undefined || result === null) return '';
  if (typeof result === 'string') return result;
  const parts = Array.isArray(result) ? result : [result];
  const texts = parts.map((p) => {
    if (!isObject(p)) return typeof p === 'string' ? p : '';
    if (typeof p.text === 'string') return p.text;
    const response = isObject(p.functionResponse) ? p.functionResponse.response : undefined;
    if (isObject(response)) return str(response.output) ?? str(response.error) ?? jsonPreview(response, 1 << 20);
    return '';
  });
  return texts.join('');
}

/**
 * Gemini's usage in the v1 invariant: `input` (the prompt) holds the cached tokens, so
 * they come out; the tool-use prompt is input besides it; thoughts are output, billed as it.
 */
function usageOf(tokens: Json | undefined): JsonObject | null {
  if (!isObject(tokens)) return null;
  const n = (key: string) => num(tokens[key]) ?? 0;
  return {
    input_tokens: Math.max(0, n('input') - n('cached')) + n('tool'),
    output_tokens: n('output') + n('thoughts'),
    cache_read_input_tokens: n('cached'),
    thinking_tokens: n('thoughts'),
  };
}

const at = (t: number | null): JsonObject => {
  const iso = t === null ? null : isoTime(t);
  return iso === null ? {} : { t: iso };
};

/** The turns of one message: the message, then the results of its tool calls, each at its own time. */
function messageTurns(m: JsonObject, index: number): JsonObject[] {
  const t = isoMs(m.timestamp);
  const type = str(m.type) ?? '(no type)';
  if (type === 'user') return [{ ...at(t), type: 'turn', role: 'user', blocks: blocksOf(m.content) }];
  if (type !== 'gemini') {
    const text = [type, ...blocksOf(m.content).map((b) => (isObject(b) ? (str(b.text) ?? '') : ''))].join(': ');
    return [{ ...at(t), type: 'turn', role: 'system', blocks: [textBlock(text)] }];
  }
  const blocks: Json[] = [];
  for (const thought of Array.isArray(m.thoughts) ? m.thoughts : []) {
    if (!isObject(thought)) continue;
    const subject = str(thought.subject);
    const description = str(thought.description) ?? '';
    blocks.push({ type: 'thinking', thinking: subject ? `${subject}: ${description}` : description });
  }
  blocks.push(...blocksOf(m.content));
  const calls = (Array.isArray(m.toolCalls) ? m.toolCalls : []).filter(isObject);
  const ids = calls.map((c, k) => str(c.id) ?? `${str(m.id) ?? index}:${k}`);
  calls.forEach((c, k) => {
    blocks.push({ type: 'tool_use', id: ids[k]!, name: str(c.name) ?? '(unknown)', input: c.args ?? {} });
  });
  const turn: JsonObject = { ...at(t), type: 'turn', role: 'assistant', blocks };
  if (typeof m.model === 'string') turn.model = m.model;
  const usage = usageOf(m.tokens);
  if (usage !== null) turn.usage = usage;
  const turns = [turn];
  calls.forEach((c, k) => {
    const status = str(c.status);
    if (status === null && c.result === undefined) return;
    const failed = status === 'error' || status === 'cancelled';
    const text = resultText(c.result) || (failed ? status! : '');
    turns.push({
      ...at(isoMs(c.timestamp) ?? t),
      type: 'turn',
      role: 'user',
      blocks: [{ type: 'tool_result', tool_use_id: ids[k]!, content: text, is_error: failed }],
    });
  });
  return turns;
}

/** The name a chat is labelled by: its project's folder (`tmp/<project>/chats/…`), else its file's stem. */
function labelOf(name: string): string {
  const parts = name.split(/[\\/]/);
  const chats = parts.lastIndexOf('chats');
  if (chats > 0) return parts[chats - 1]!;
  return (parts.pop() ?? name).replace(/\.jsonl?$/i, '');
}

/** A Gemini CLI conversation as v1 lines: a meta line, its turns, an end line. */
export function geminiLines(c: Conversation, name: string): DocumentLine[] {
  const meta = c.metadata;
  const start = isoMs(meta.startTime);
  const end = isoMs(meta.lastUpdated);
  const metaRecord: JsonObject = { v: 1, type: 'meta', ...at(start), label: labelOf(name), command: [], kind: 'llm' };
  if (start !== null && isoTime(start) !== null) metaRecord.startedAt = isoTime(start)!;
  delete metaRecord.t;
  metaRecord.source = 'gemini-cli';
  metaRecord.sessionId = str(meta.sessionId);
  metaRecord.projectHash = str(meta.projectHash);
  const lines: DocumentLine[] = [{ text: JSON.stringify(metaRecord), lineNo: 1 }];
  c.messages.forEach((m, i) => {
    for (const turn of messageTurns(m, i)) lines.push({ text: JSON.stringify(turn), lineNo: c.lineNos[i]! });
  });
  const endRecord: JsonObject = { ...at(end ?? start), type: 'end', reason: 'imported' };
  if (start !== null && end !== null) endRecord.durationMs = Math.max(0, end - start);
  lines.push({ text: JSON.stringify(endRecord), lineNo: c.lineNos.at(-1) ?? 1 });
  return lines;
}
