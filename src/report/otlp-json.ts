import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

const encoder = new TextEncoder();
const HEAD = encoder.encode('{"resourceSpans":[');
const TAIL = encoder.encode(']}');
const COMMA = encoder.encode(',');

/** Whether `bytes` starts with `head` and ends with `tail`. */
function framed(bytes: Uint8Array, head: Uint8Array, tail: Uint8Array): boolean {
  if (bytes.length < head.length + tail.length) return false;
  for (let i = 0; i < head.length; i++) if (bytes[i] !== head[i]) return false;
  for (let i = 0; i < tail.length; i++) if (bytes[bytes.length - tail.length + i] !== tail[i]) return false;
  return true;
}

/** A batch's `resourceSpans` elements as JSON bytes, without the list's brackets (empty: none). */
function resourceSpansOf(request: Uint8Array): Uint8Array {
  // The serializer writes `{"resourceSpans":[…]}` and nothing else: the elements are
  // cut out as bytes, not parsed and written again (a third of the time on a big trace).
  if (framed(request, HEAD, TAIL)) return request.subarray(HEAD.length, request.length - TAIL.length);
  const doc = JSON.parse(new TextDecoder().decode(request)) as { resourceSpans?: unknown[] };
  return encoder.encode((doc.resourceSpans ?? []).map((r) => JSON.stringify(r)).join(','));
}

/**
 * `--export-otlp FILE`: one OTLP/JSON `ExportTraceServiceRequest`, as pieces of UTF-8.
 * Each batch of spans is serialized by OpenTelemetry's own JsonTraceSerializer (the
 * encoding its OTLP/HTTP JSON exporter sends), and its `resourceSpans` join one list:
 * a big trace is written batch by batch, never held as one document. `counted` hears
 * how many spans each batch had.
 */
export function* otlpJsonPieces(
  batches: Iterable<ReadableSpan[]>,
  counted: (spans: number) => void = () => undefined,
): Iterable<Uint8Array> {
  yield HEAD;
  let first = true;
  for (const batch of batches) {
    const elements = resourceSpansOf(JsonTraceSerializer.serializeRequest(batch) ?? new Uint8Array());
    if (elements.length > 0) {
      if (!first) yield COMMA;
      yield elements;
      first = false;
    }
    counted(batch.length);
  }
  yield TAIL;
}
