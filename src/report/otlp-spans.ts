/**
 * A trace as OpenTelemetry spans (`--export-otlp`, `--otlp-endpoint`): one span per
 * JSON-RPC call and one per model turn that counts (non-echoed assistant turns),
 * following the GenAI and MCP semantic conventions (docs/otlp.md names the versions).
 * Pure: the spans are built from the store and the lines it reads back, as the
 * SDK's own `ReadableSpan` objects, so OpenTelemetry's serializers and exporters
 * write and send them. Ids are hashes of the session and the record's line, and times
 * are the records' own: exporting twice gives the same spans, which a backend does
 * not count twice.
 */
import { createHash } from 'node:crypto';
import {
  type Attributes,
  type HrTime,
  SpanKind,
  type SpanStatus,
  SpanStatusCode,
  TraceFlags,
} from '@opentelemetry/api';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { isObject, type Json, num, str } from '../kit/values.js';
import { linkedPair, pairOfRow } from '../store/links.js';
import type { TraceStore } from '../store/trace-store.js';
import { Dir, Kind, Shape, Status } from '../trace/enums.js';
import { lineFacts } from '../trace/facts.js';
import { messageText } from '../trace/formats/records.js';
import { idTextOf } from '../trace/rpc.js';
import { TOOL } from '../trace/tool.js';
import { batchIndex } from './batch-index.js';
import { providerOf } from './genai-provider.js';
import { frameOf, parsedObject } from './v1-export.js';

/** Spans per request to a collector, and per piece of the JSON file (the SDK's BatchSpanProcessor sends 512). */
export const SPANS_PER_BATCH = 512;

/** Who made the spans: the instrumentation scope of every span. */
const SCOPE = { name: TOOL.name, version: TOOL.version };

/** A status message longer than this is cut (an isError result's text can be a whole page). */
const STATUS_TEXT_MAX = 1000;

/**
 * Times are OTLP's unsigned 64-bit nanoseconds since the epoch; a backend may read
 * them as signed. A record's time outside [1970, 2262] (a hostile or broken trace)
 * is clamped into it rather than wrapped.
 */
const MAX_MS = 2 ** 63 / 1e6 - 1;

/** One recording's session: what its spans share. */
interface Session {
  traceId: string;
  resource: Resource;
  startMs: number;
  /** Where an unanswered call ends: the end line's time, else the last record's. */
  endMs: number;
  /** What a span id is a hash of, with the record's line. */
  key: string;
}

/** The first `chars` hex digits of SHA-256 of `text`; never all zeros (an invalid id in OTLP). */
function hashHex(text: string, chars: number): string {
  const hex = createHash('sha256').update(text).digest('hex').slice(0, chars);
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** ms since the epoch as OpenTelemetry's [seconds, nanoseconds]. */
export function hrTimeOf(ms: number): HrTime {
  const t = Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, 0), MAX_MS);
  let seconds = Math.floor(t / 1000);
  let nanos = Math.round((t - seconds * 1000) * 1e6);
  if (nanos >= 1e9) {
    seconds += 1;
    nanos -= 1e9;
  }
  return [seconds, nanos];
}

/**
 * Each file's session. Its key is the session's label and start (the meta line's, else
 * what `--export` makes from the file): the two planes of one run (X.mcp.jsonl and
 * X.agent.jsonl share both) are one trace, so a tools/call can be the child of the
 * turn that asked for it.
 */
function sessionsOf(store: TraceStore): Session[] {
  const resources = new Map<string, Resource>();
  return store.files.map((f) => {
    const frame = frameOf(store, f.index);
    const key = `${frame.label}\n${frame.startMs}`;
    let resource = resources.get(key);
    if (!resource) resources.set(key, (resource = resourceFromAttributes({ 'service.name': frame.label })));
    const startMs = frame.startMs ?? 0;
    return {
      traceId: hashHex(`mcp-replay-tui trace\n${key}`, 32),
      resource,
      startMs,
      endMs: frame.endMs ?? startMs,
      key,
    };
  });
}

/** A span's id: its session, what it stands for (a call or a turn) and its line (and place in a batch line). */
function spanIdOf(store: TraceStore, session: Session, what: 'call' | 'turn' | 'llm.error', row: number): string {
  const element = what === 'call' ? (batchIndex(store, row) ?? 0) : 0;
  return hashHex(`${session.key}\n${what}\n${store.lineOf(row)}\n${element}`, 16);
}

/** The JSON-RPC message of a message row, parsed (null when it cannot be). */
function messageJson(store: TraceStore, row: number): Json {
  const text = messageText(store.rawLine(row) ?? '', batchIndex(store, row));
  if (text === null) return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
}

/** A request's id as written (a 30-digit number kept exact: the store's facts key it by its text). */
function requestIdOf(store: TraceStore, row: number): string | null {
  const facts = lineFacts(store.rawLine(row) ?? '');
  if (facts.kind !== 'rpc') return null;
  const key = facts.messages[batchIndex(store, row) ?? 0]?.idKey ?? null;
  return key === null ? null : idTextOf(key);
}

/** Methods whose request names a resource (`mcp.resource.uri`, conditionally required by the MCP conventions). */
const RESOURCE_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

/** A call's duration in ms and how it ended (status and error attributes). */
function outcome(
  store: TraceStore,
  row: number,
  attributes: Attributes,
): { latency: number | null; status: SpanStatus } {
  const status = store.statusOf(row);
  const latency = store.callLatency(row);
  if (status === Status.ok) return { latency, status: { code: SpanStatusCode.UNSET } };
  if (status === Status.isError) {
    attributes['error.type'] = 'tool_error';
    const text = store.errorTextOf(row) ?? 'tool reported an error';
    return { latency, status: { code: SpanStatusCode.ERROR, message: text.slice(0, STATUS_TEXT_MAX) } };
  }
  if (status === Status.error) {
    const response = messageJson(store, store.pairedRow(row));
    const error = isObject(response) && isObject(response.error) ? response.error : null;
    const code = num(error?.code);
    // The JSON-RPC error code, as the MCP conventions say; `_OTHER` when the error has none.
    attributes['error.type'] = code === null ? '_OTHER' : String(code);
    if (code !== null) attributes['rpc.response.status_code'] = String(code);
    const message = str(error?.message) ?? store.errorTextOf(row) ?? 'error';
    return { latency, status: { code: SpanStatusCode.ERROR, message: message.slice(0, STATUS_TEXT_MAX) } };
  }
  // Unanswered (pending or cancelled): it ends with the trace, status unset.
  attributes['mcp_replay.pending'] = true;
  if (status === Status.cancelled) attributes['mcp_replay.cancelled'] = true;
  return { latency: null, status: { code: SpanStatusCode.UNSET } };
}

/** What the spans being built need to know of the whole export. */
interface Context {
  sessions: Session[];
  /** 1 for each row chosen (a chosen response brings its request). */
  chosen: Uint8Array;
}

/** The span of a turn row that has one: a counted turn, chosen. */
function hasTurnSpan(store: TraceStore, ctx: Context, row: number): boolean {
  return ctx.chosen[row] === 1 && store.kindOf(row) === Kind.turn && store.usageIndexOf(row) >= 0;
}

/**
 * The turn span a tools/call is the child of: the turn whose tool_use became this
 * call (the link `l` follows, store/links.ts), when that turn is exported too and is
 * of the same session.
 */
function parentOf(store: TraceStore, ctx: Context, row: number, session: Session): ReadableSpan['parentSpanContext'] {
  const [pair] = pairOfRow(store, row);
  if (pair === undefined || !store.pairs.isMcp(pair)) return undefined;
  const link = linkedPair(store, pair);
  if (link === null) return undefined;
  const turn = store.pairs.reqRowOf(link);
  if (!hasTurnSpan(store, ctx, turn) || ctx.sessions[store.fileOf(turn)]!.traceId !== session.traceId) return undefined;
  return { traceId: session.traceId, spanId: spanIdOf(store, session, 'turn', turn), traceFlags: TraceFlags.SAMPLED };
}

function span(
  session: Session,
  spanId: string,
  fields: Pick<ReadableSpan, 'name' | 'kind' | 'attributes' | 'status' | 'parentSpanContext'>,
  startMs: number,
  endMs: number,
): ReadableSpan {
  const start = Math.min(Math.max(startMs, 0), MAX_MS);
  const end = Math.min(Math.max(endMs, start), MAX_MS);
  return {
    ...fields,
    spanContext: () => ({ traceId: session.traceId, spanId, traceFlags: TraceFlags.SAMPLED }),
    startTime: hrTimeOf(start),
    endTime: hrTimeOf(end),
    duration: hrTimeOf(end - start),
    links: [],
    events: [],
    ended: true,
    resource: session.resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/**
 * A request's span, named `{mcp.method.name} {target}` (the tool, or the prompt), of
 * kind CLIENT for a call the client made and SERVER for one the server sent it
 * (sampling, roots, elicitation: the client serves those). From the request's time
 * to the response's; an unanswered one to the trace's end.
 */
function callSpan(store: TraceStore, ctx: Context, row: number): ReadableSpan {
  const session = ctx.sessions[store.fileOf(row)]!;
  const method = store.labelOf(row);
  const attributes: Attributes = { 'mcp.method.name': method, 'mcp.session.id': session.traceId };
  const id = requestIdOf(store, row);
  if (id !== null) attributes['jsonrpc.request.id'] = id;
  let target: string | null = null;
  if (method === 'tools/call') {
    target = store.nameOf(row) ?? '(unknown)';
    attributes['gen_ai.tool.name'] = target;
    attributes['gen_ai.operation.name'] = 'execute_tool';
    const message = messageJson(store, row);
    const args = isObject(message) && isObject(message.params) ? message.params.arguments : undefined;
    // Opt-in in the conventions (it is content): what links the call to the turn that asked for it.
    if (args !== undefined) attributes['gen_ai.tool.call.arguments'] = JSON.stringify(args);
  } else if (method === 'prompts/get' || RESOURCE_METHODS.has(method)) {
    const message = messageJson(store, row);
    const params = isObject(message) && isObject(message.params) ? message.params : null;
    const prompt = method === 'prompts/get' ? str(params?.name) : null;
    const uri = RESOURCE_METHODS.has(method) ? str(params?.uri) : null;
    if (prompt !== null) attributes['gen_ai.prompt.name'] = target = prompt;
    if (uri !== null) attributes['mcp.resource.uri'] = uri;
  }
  const { latency, status } = outcome(store, row, attributes);
  const start = store.tOf(row) ?? session.startMs;
  return span(
    session,
    spanIdOf(store, session, 'call', row),
    {
      name: target === null ? method : `${method} ${target}`,
      kind: store.dirOf(row) === Dir.out ? SpanKind.SERVER : SpanKind.CLIENT,
      attributes,
      status,
      parentSpanContext: method === 'tools/call' ? parentOf(store, ctx, row, session) : undefined,
    },
    start,
    latency === null ? (attributes['mcp_replay.pending'] ? session.endMs : start) : start + latency,
  );
}

/** A token count the store holds exactly (NaN: none; ±Infinity: overflow or invalid, left out as summary leaves it out). */
const isCount = (n: number): boolean => Number.isFinite(n);

/**
 * The GenAI conventions' usage of a counted turn. `gen_ai.usage.input_tokens` includes
 * cache reads and writes (the v1 `input_tokens` does not): it is left out when a part
 * of that sum is no exact count. Thinking tokens are part of the output, as
 * `gen_ai.usage.reasoning.output_tokens` is.
 */
function usageAttributes(store: TraceStore, turn: number, attributes: Attributes): void {
  const input = store.usageOf(turn, 'input');
  const read = store.usageOf(turn, 'cacheRead');
  const write = store.usageOf(turn, 'cacheWrite');
  const parts = [read, write].filter((n) => !Number.isNaN(n));
  const total = input + parts.reduce((a, b) => a + b, 0);
  if (isCount(input) && parts.every(isCount) && total <= 2 ** 53) attributes['gen_ai.usage.input_tokens'] = total;
  const counts = [
    ['gen_ai.usage.output_tokens', 'output'],
    ['gen_ai.usage.cache_read.input_tokens', 'cacheRead'],
    ['gen_ai.usage.cache_write.input_tokens', 'cacheWrite'],
    ['gen_ai.usage.reasoning.output_tokens', 'thinkingExact'],
  ] as const;
  for (const [name, field] of counts) {
    const n = store.usageOf(turn, field);
    if (isCount(n)) attributes[name] = n;
  }
  const ttft = store.usageOf(turn, 'ttft');
  if (isCount(ttft)) attributes['gen_ai.response.time_to_first_chunk'] = ttft / 1000;
}

/**
 * The tool calls a turn asked for (its `tool_use` blocks) as the `tool_call` parts of
 * the GenAI conventions' `gen_ai.output.messages` (opt-in: it is content). Read back,
 * they link the turn to its calls (`l`) and weigh cost per tool, as in the recording.
 */
function toolCallsOf(store: TraceStore, row: number): Json[] {
  const parsed = parsedObject(store.rawLine(row) ?? '');
  const blocks = parsed?.kind === 'turn' && Array.isArray(parsed.obj.blocks) ? parsed.obj.blocks : [];
  const parts: Json[] = [];
  for (const b of blocks)
    if (isObject(b) && b.type === 'tool_use')
      parts.push({ type: 'tool_call', id: b.id ?? null, name: b.name ?? null, arguments: b.input ?? null });
  return parts;
}

/**
 * A failed model request (an `llm.error` event): a span `llm.error` at its time, status
 * ERROR with the error's message, named by `mcp_replay.llm.endpoint`, so it reads back as
 * the same error. The conventions give a failed request no span of its own without a model.
 */
function llmErrorSpan(store: TraceStore, ctx: Context, row: number): ReadableSpan | null {
  const facts = lineFacts(store.rawLine(row) ?? '');
  if (facts.kind !== 'event' || facts.llmError === null) return null;
  const session = ctx.sessions[store.fileOf(row)]!;
  const t = store.tOf(row) ?? session.startMs;
  return span(
    session,
    spanIdOf(store, session, 'llm.error', row),
    {
      name: 'llm.error',
      kind: SpanKind.CLIENT,
      attributes: { 'mcp_replay.llm.endpoint': facts.llmError.name, 'error.type': '_OTHER' },
      status: { code: SpanStatusCode.ERROR, message: facts.llmError.message.slice(0, STATUS_TEXT_MAX) },
      parentSpanContext: undefined,
    },
    t,
    t,
  );
}

/**
 * A counted turn's span, `chat {model}`: it ends at the turn's time and starts its
 * `timing.duration_ms` before (at the same time when the turn has none).
 */
function turnSpan(store: TraceStore, ctx: Context, row: number): ReadableSpan {
  const session = ctx.sessions[store.fileOf(row)]!;
  const turn = store.usageIndexOf(row);
  const model = store.nameOf(row);
  const attributes: Attributes = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': providerOf(model) };
  if (model !== null) attributes['gen_ai.request.model'] = model;
  usageAttributes(store, turn, attributes);
  const toolCalls = toolCallsOf(store, row);
  if (toolCalls.length)
    attributes['gen_ai.output.messages'] = JSON.stringify([{ role: 'assistant', parts: toolCalls }]);
  const end = store.tOf(row) ?? session.startMs;
  const duration = store.usageOf(turn, 'duration');
  return span(
    session,
    spanIdOf(store, session, 'turn', row),
    {
      name: model === null ? 'chat' : `chat ${model}`,
      kind: SpanKind.CLIENT,
      attributes,
      status: { code: SpanStatusCode.UNSET },
      parentSpanContext: undefined,
    },
    isCount(duration) ? end - duration : end,
    end,
  );
}

/**
 * The spans of the chosen rows, in row order, `batchSize` at a time: a span per
 * request (chosen itself, or through its response) and per counted turn. Other
 * records (notifications, events, echoed and user turns) have none.
 */
export function* otlpSpanBatches(
  store: TraceStore,
  rows: ArrayLike<number>,
  batchSize = SPANS_PER_BATCH,
): Iterable<ReadableSpan[]> {
  const ctx: Context = { sessions: sessionsOf(store), chosen: new Uint8Array(store.count) };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    ctx.chosen[row] = 1;
    const other = store.pairedRow(row);
    if (other >= 0 && store.shapeOf(row) === Shape.response) ctx.chosen[other] = 1;
  }
  let batch: ReadableSpan[] = [];
  for (let row = 0; row < store.count; row++) {
    if (ctx.chosen[row] !== 1) continue;
    const kind = store.kindOf(row);
    if (kind === Kind.message && store.shapeOf(row) === Shape.request) batch.push(callSpan(store, ctx, row));
    else if (hasTurnSpan(store, ctx, row)) batch.push(turnSpan(store, ctx, row));
    else if (kind === Kind.event && store.labelOf(row) === 'llm.error') {
      const failed = llmErrorSpan(store, ctx, row);
      if (failed !== null) batch.push(failed);
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
