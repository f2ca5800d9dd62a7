import { isoTime } from '../../../kit/dates.js';
import { isObject, type Json, type JsonObject, str } from '../../../kit/values.js';
import type { DocumentLine } from '../format.js';
import { attributesOf, idOf, intAttr, kindOf, nanosToMs, statusOf } from './otlp-values.js';

/*
 * OpenTelemetry traces in OTLP/JSON (one ExportTraceServiceRequest document, or the
 * file exporter's JSON Lines: one TracesData per line) read as the v1 lines they stand
 * for, so every pane, `summary` and export reads them as they read a v1 trace:
 *
 * - an MCP span (`mcp.method.name`) is a call: its request at the span's start, its
 *   response at its end (an error response, or an `isError` result, where the span
 *   says the call failed);
 * - a model span (`gen_ai.operation.name` chat, text_completion, …) is an assistant
 *   turn at its end, with its model and tokens in the v1 invariant (input without cache);
 * - any other span is an event at its start, named after the span.
 *
 * Each record keeps the span under `otlp` (ids, kind, status, every attribute), which
 * the detail view shows, and its parent span's id as `corr_id` (a turn its own), so a
 * call keeps which turn asked for it. Spans are read where they are: a parent is never
 * looked up, so a parent missing from the file, a span its own parent or a cycle of
 * parents cannot stall the reading (`validate` names them).
 */

/** The operations of a model span (GenAI conventions); `execute_tool` and agent spans are not. */
const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'embeddings']);
/** Requests a server sends its client: recorded as `out`, their answers `in`. */
const SERVER_REQUESTS = new Set(['sampling/createMessage', 'roots/list', 'elicitation/create']);

/** The top-level key of each OTLP signal's JSON. */
const SIGNAL_KEYS = {
  traces: 'resourceSpans',
  logs: 'resourceLogs',
  metrics: 'resourceMetrics',
  profiles: 'resourceProfiles',
} as const;
export type OtlpSignal = keyof typeof SIGNAL_KEYS;

/** What a file of OTLP/JSON holds, by its top-level key; null for anything else. */
export function otlpSignal(value: unknown): OtlpSignal | null {
  if (!isObject(value)) return null;
  for (const [signal, key] of Object.entries(SIGNAL_KEYS)) if (Array.isArray(value[key])) return signal as OtlpSignal;
  return null;
}

/** Why an OTLP file of another signal is not read: `not a trace: FILE holds …`. */
export const notTracesReason = (signal: OtlpSignal): string =>
  `holds OpenTelemetry ${signal} (${SIGNAL_KEYS[signal]}), not traces`;

/** The start of a line too long to read whole that shows OTLP/JSON traces (our export writes one line). */
export const startsOtlpTraces = (head: string): boolean => /^\s*\{\s*"resourceSpans"\s*:/.test(head);

/** What reading one file carries from one TracesData to the next. */
export interface OtlpState {
  /** Whether the meta line was made (it comes before the first span's records). */
  metaDone: boolean;
  /** The latest time of any span read, its end or its start (the run's end); null before a timed span. */
  lastMs?: number | null;
  /** The line the last span was read on. */
  lastLine?: number;
}

/**
 * The end line made after the last span: at the latest time of any span, its end
 * included, so the run ends when its last span does (an event's record is at its
 * span's start, an unanswered call has no response). None before a timed span.
 */
export function otlpEnd(state: OtlpState): DocumentLine[] {
  const iso = state.lastMs === undefined || state.lastMs === null ? null : isoTime(state.lastMs);
  return iso === null ? [] : [{ text: `{"t":"${iso}","type":"end"}`, lineNo: state.lastLine ?? 1 }];
}

/** Where a span sits: its resource, scope and place, for the line it is named by. */
export type SpanLine = (resource: number, scope: number, span: number) => number;

/**
 * Each span of one TracesData, with its place and its resource's attributes; a
 * resource that is no object is given as `null` spans (`span` undefined) once.
 * `instrumentationLibrarySpans` is what OTLP called scopes before 0.15.
 */
export function eachSpan(
  doc: JsonObject,
  visit: (span: unknown, i: number, j: number, k: number, resource: JsonObject | null) => void,
): void {
  const resources = Array.isArray(doc.resourceSpans) ? doc.resourceSpans : [];
  for (let i = 0; i < resources.length; i++) {
    const rs = resources[i];
    if (!isObject(rs)) {
      visit(undefined, i, 0, 0, null);
      continue;
    }
    const resource = isObject(rs.resource) ? attributesOf(rs.resource.attributes) : {};
    const scopes = Array.isArray(rs.scopeSpans)
      ? rs.scopeSpans
      : Array.isArray(rs.instrumentationLibrarySpans)
        ? rs.instrumentationLibrarySpans
        : [];
    for (let j = 0; j < scopes.length; j++) {
      const ss = scopes[j];
      const spans = isObject(ss) && Array.isArray(ss.spans) ? ss.spans : [];
      for (let k = 0; k < spans.length; k++) visit(spans[k], i, j, k, resource);
    }
  }
}

/**
 * The spans of one TracesData as v1 lines; a span that cannot be read is a skip, saying
 * why. `spanOf` gives a span from what the document holds in its place (a cut line holds
 * each span's number).
 */
export function otlpLines(
  doc: JsonObject,
  state: OtlpState,
  lineOf: SpanLine,
  spanOf: (held: unknown) => unknown = (held) => held,
): DocumentLine[] {
  const out: DocumentLine[] = [];
  eachSpan(doc, (held, i, j, k, resource) => {
    const lineNo = lineOf(i, j, k);
    if (resource === null) {
      out.push({ skip: `resourceSpans[${i}] is not an object`, lineNo });
      return;
    }
    const read = readSpan(spanOf(held));
    if ('fault' in read) {
      out.push({ skip: `span ${spanPlace(i, j, k)}: ${read.fault}`, lineNo });
      return;
    }
    const label = str(resource['service.name']) ?? 'otlp';
    for (const ms of [read.startMs, read.endMs])
      if (ms !== null && (state.lastMs === undefined || state.lastMs === null || ms > state.lastMs)) state.lastMs = ms;
    state.lastLine = lineNo;
    if (!state.metaDone) {
      state.metaDone = true;
      out.push({ text: metaLine(label, read.startMs), lineNo });
    }
    for (const text of spanRecords(read, label)) out.push({ text, lineNo });
  });
  return out;
}

export const spanPlace = (i: number, j: number, k: number) => `resourceSpans[${i}].scopeSpans[${j}].spans[${k}]`;

/** A span as read: what its records need. */
export interface ReadSpan {
  traceId: string;
  spanId: string;
  /** Null for a root, and for a span that names itself as its parent. */
  parentId: string | null;
  name: string;
  kind: string | null;
  startMs: number | null;
  endMs: number | null;
  status: string | null;
  statusMessage: string | null;
  attributes: JsonObject;
}

/** A span's fields, or why it is no span (no object, ids that are none). */
export function readSpan(span: unknown): ReadSpan | { fault: string } {
  if (!isObject(span)) return { fault: 'is not an object' };
  const trace = idOf(span.traceId, 16);
  const id = idOf(span.spanId, 8);
  if (trace === null || 'fault' in trace) return { fault: `traceId ${trace === null ? 'is absent' : trace.fault}` };
  if (id === null || 'fault' in id) return { fault: `spanId ${id === null ? 'is absent' : id.fault}` };
  const parent = idOf(span.parentSpanId, 8);
  const parentId = parent !== null && 'hex' in parent && parent.hex !== id.hex ? parent.hex : null;
  const status = isObject(span.status) ? span.status : {};
  return {
    traceId: trace.hex,
    spanId: id.hex,
    parentId,
    name: str(span.name) ?? '(no name)',
    kind: kindOf(span.kind),
    startMs: nanosToMs(span.startTimeUnixNano),
    endMs: nanosToMs(span.endTimeUnixNano),
    status: statusOf(status),
    statusMessage: str(status.message) || null,
    attributes: attributesOf(span.attributes),
  };
}

/*
 * The records are written as text, piece by piece, not built as objects and given to
 * JSON.stringify whole: the objects and their spreads cost three times the writing (a
 * 64 MiB file holds ~130,000 spans). Each piece is what JSON.stringify writes of it:
 * strings through `JSON.stringify`, the attributes object whole.
 */
const q = JSON.stringify as (s: string) => string;
/** A number as JSON.stringify writes it (null for one that is not finite). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/** `"t":"…",` as v1 writes it, first in the record; nothing for a time no date holds. */
const at = (ms: number | null): string => {
  const iso = ms === null ? null : isoTime(ms);
  return iso === null ? '' : `"t":"${iso}",`;
};

/** `,"corr_id":"…"` of a span with a parent. */
const corrOf = (s: ReadSpan): string => (s.parentId === null ? '' : `,"corr_id":"${s.parentId}"`);

function metaLine(label: string, startMs: number | null): string {
  const iso = startMs === null ? null : isoTime(startMs);
  return JSON.stringify({
    v: 1,
    type: 'meta',
    ...(iso === null ? {} : { startedAt: iso }),
    label,
    command: [],
    source: 'otlp',
  });
}

/** What the detail view shows of the span a record came from (ids, kind and status names need no escapes). */
function otlpOf(s: ReadSpan, label: string): string {
  let out = `{"service":${q(label)},"name":${q(s.name)},"traceId":"${s.traceId}","spanId":"${s.spanId}"`;
  if (s.parentId !== null) out += `,"parentSpanId":"${s.parentId}"`;
  if (s.kind !== null) out += `,"kind":"${s.kind}"`;
  if (s.startMs !== null && s.endMs !== null) out += `,"durationMs":${num(Math.max(0, s.endMs - s.startMs))}`;
  if (s.status !== null) out += `,"status":"${s.status}"`;
  if (s.statusMessage !== null) out += `,"statusMessage":${q(s.statusMessage)}`;
  return `${out},"attributes":${JSON.stringify(s.attributes)}}`;
}

/** The v1 records of one span. */
export function spanRecords(s: ReadSpan, label: string): string[] {
  const a = s.attributes;
  const method = str(a['mcp.method.name']);
  if (method !== null) return callRecords(s, method, label);
  const operation = str(a['gen_ai.operation.name']);
  if (operation !== null && MODEL_OPERATIONS.has(operation)) return [turnRecord(s, label)];
  if (s.name === 'llm.error') return [llmErrorRecord(s, label)];
  return [`{${at(s.startMs)}"dir":"event","kind":${q(s.name)}${corrOf(s)},"raw":${otlpOf(s, label)}}`];
}

/**
 * A failed model request, as our export writes it (a span `llm.error`, status ERROR):
 * the v1 `llm.error` event, named by `mcp_replay.llm.endpoint` with the status message
 * as its error, so `summary`'s errors read as they did.
 */
function llmErrorRecord(s: ReadSpan, label: string): string {
  const raw: JsonObject = {};
  const endpoint = str(s.attributes['mcp_replay.llm.endpoint']);
  if (endpoint !== null) raw.endpoint = endpoint;
  if (s.statusMessage !== null) raw.error = s.statusMessage;
  return `{${at(s.startMs)}"dir":"event","kind":"llm.error"${corrOf(s)},"raw":${JSON.stringify(raw)},"otlp":${otlpOf(s, label)}}`;
}

/** A JSON-RPC id from `jsonrpc.request.id`: digits are a number id, as MCP clients send them. */
function rpcId(s: ReadSpan): Json {
  const id = s.attributes['jsonrpc.request.id'];
  if (typeof id === 'number') return id;
  if (typeof id === 'string') return /^-?(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
  // No id recorded: the span's own, so its request and response still pair.
  return `span:${s.spanId}`;
}

/** What a call's request names: the tool, the prompt, the resource. */
function paramsOf(s: ReadSpan, method: string): JsonObject | null {
  const a = s.attributes;
  const target = s.name.startsWith(`${method} `) ? s.name.slice(method.length + 1) : null;
  if (method === 'tools/call') {
    const args = jsonAttr(a['gen_ai.tool.call.arguments']);
    const name = str(a['gen_ai.tool.name']) ?? target ?? '(unknown)';
    return args === undefined ? { name } : { name, arguments: args };
  }
  if (method === 'prompts/get') return { name: str(a['gen_ai.prompt.name']) ?? target ?? '(unknown)' };
  const uri = str(a['mcp.resource.uri']);
  return uri === null ? null : { uri };
}

/**
 * How the call ended, as a JSON-RPC response: an error with its code where the span
 * gives one (`rpc.response.status_code`, or an `error.type` that is a number), an
 * `isError` result for any other failure (`error.type`, status ERROR), else a result.
 */
function answerOf(s: ReadSpan, id: Json): JsonObject {
  const a = s.attributes;
  const errorType = a['error.type'] === undefined || a['error.type'] === null ? null : String(a['error.type']);
  const code = intAttr(a['rpc.response.status_code']) ?? (errorType === null ? null : intAttr(errorType));
  const message = s.statusMessage ?? errorType ?? 'error';
  if (code !== null) return { jsonrpc: '2.0', id, error: { code, message } };
  if (errorType === '_OTHER') return { jsonrpc: '2.0', id, error: { message } };
  if (errorType !== null || s.status === 'ERROR')
    return { jsonrpc: '2.0', id, result: { isError: true, content: [{ type: 'text', text: message }] } };
  return { jsonrpc: '2.0', id, result: {} };
}

function callRecords(s: ReadSpan, method: string, label: string): string[] {
  const id = rpcId(s);
  const idText = JSON.stringify(id);
  const params = paramsOf(s, method);
  const request = `{"jsonrpc":"2.0","id":${idText},"method":${q(method)}${params === null ? '' : `,"params":${JSON.stringify(params)}`}}`;
  const [ask, answer] = SERVER_REQUESTS.has(method) ? ['out', 'in'] : ['in', 'out'];
  // A tool call's parent is the turn that asked for it; a root one was asked by no turn
  // in the file: its own id keeps it from linking to a turn near it in time (`l`).
  const corr = method === 'tools/call' && s.parentId === null ? `,"corr_id":"${s.spanId}"` : corrOf(s);
  const lines = [`{${at(s.startMs)}"dir":"${ask}"${corr},"raw":${request},"otlp":${otlpOf(s, label)}}`];
  // A call never answered (our export marks it) has no response; nor has a span that never ended.
  if (s.attributes['mcp_replay.pending'] !== true && s.endMs !== null)
    lines.push(`{${at(s.endMs)}"dir":"${answer}"${corr},"raw":${JSON.stringify(answerOf(s, id))}}`);
  // A call its client cancelled (our export marks it): the cancellation, sent as it was asked.
  else if (s.attributes['mcp_replay.cancelled'] === true)
    lines.push(
      `{${at(s.startMs)}"dir":"${ask}"${corr},"raw":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${idText}}}}`,
    );
  return lines;
}

/** An attribute holding JSON text, parsed (undefined when absent or no JSON). */
function jsonAttr(v: Json | undefined): Json | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    return JSON.parse(v) as Json;
  } catch {
    return undefined;
  }
}

/**
 * The tool calls a model span asked for, as v1 `tool_use` blocks: the `tool_call` parts
 * of `gen_ai.output.messages` (the GenAI conventions' output, JSON text), with their id,
 * name and arguments. They are what links a turn to the calls it asked for (`l`), and
 * what cost per tool splits the turn by.
 */
function toolUsesOf(a: JsonObject): JsonObject[] {
  const messages = jsonAttr(a['gen_ai.output.messages']);
  if (!Array.isArray(messages)) return [];
  const uses: JsonObject[] = [];
  for (const m of messages) {
    if (!isObject(m) || !Array.isArray(m.parts)) continue;
    for (const part of m.parts) {
      if (!isObject(part) || part.type !== 'tool_call' || str(part.name) === null) continue;
      const use: JsonObject = {
        type: 'tool_use',
        id: str(part.id) ?? '',
        name: part.name ?? null,
        input: part.arguments ?? {},
      };
      uses.push(use);
    }
  }
  return uses;
}

/** A count from a usage attribute: a whole number from 0, else null (left out of the sums). */
function countAttr(v: Json | undefined): number | null {
  const n = intAttr(v ?? null);
  return n !== null && n >= 0 ? n : null;
}

/**
 * The span's usage in the v1 invariant: the conventions' input tokens include the
 * cached ones (read and written), v1's exclude them.
 */
function usageOf(a: JsonObject): JsonObject | null {
  const input = countAttr(a['gen_ai.usage.input_tokens']);
  const output = countAttr(a['gen_ai.usage.output_tokens']);
  const read = countAttr(a['gen_ai.usage.cache_read.input_tokens']);
  // `cache_creation` is what the conventions called cache writes before `cache_write`.
  const written =
    countAttr(a['gen_ai.usage.cache_write.input_tokens']) ?? countAttr(a['gen_ai.usage.cache_creation.input_tokens']);
  const reasoning = countAttr(a['gen_ai.usage.reasoning.output_tokens']);
  if (input === null && output === null && read === null && written === null) return null;
  const usage: JsonObject = {
    input_tokens: Math.max(0, (input ?? 0) - (read ?? 0) - (written ?? 0)),
    output_tokens: output ?? 0,
  };
  if (read !== null) usage.cache_read_input_tokens = read;
  if (written !== null) usage.cache_creation_input_tokens = written;
  if (reasoning !== null) usage.thinking_tokens = reasoning;
  return usage;
}

function turnRecord(s: ReadSpan, label: string): string {
  const a = s.attributes;
  let turn = `{${at(s.endMs ?? s.startMs)}"type":"turn","role":"assistant","blocks":${JSON.stringify(toolUsesOf(a))}`;
  const model = str(a['gen_ai.response.model']) ?? str(a['gen_ai.request.model']);
  if (model !== null) turn += `,"model":${q(model)}`;
  const usage = usageOf(a);
  if (usage !== null) turn += `,"usage":${JSON.stringify(usage)}`;
  const timing: string[] = [];
  if (s.startMs !== null && s.endMs !== null && s.endMs > s.startMs)
    timing.push(`"duration_ms":${num(s.endMs - s.startMs)}`);
  const ttft = a['gen_ai.response.time_to_first_chunk'];
  if (typeof ttft === 'number' && ttft >= 0) timing.push(`"ttft_ms":${num(ttft * 1000)}`);
  if (timing.length) turn += `,"timing":{${timing.join(',')}}`;
  return `${turn},"corr_id":"${s.spanId}","otlp":${otlpOf(s, label)}}`;
}
