import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

/**
 * `--export-otlp FILE`: one OTLP/JSON `ExportTraceServiceRequest`, as pieces of text.
 * Each batch of spans is serialized by OpenTelemetry's own JsonTraceSerializer (the
 * encoding its OTLP/HTTP JSON exporter sends), and its `resourceSpans` join one list:
 * a big trace is written batch by batch, never held as one document. `counted` hears
 * how many spans each batch had.
 */
export function* otlpJsonPieces(
  batches: Iterable<ReadableSpan[]>,
  counted: (spans: number) => void = () => undefined,
): Iterable<string> {
  const decoder = new TextDecoder();
  yield '{"resourceSpans":[';
  let first = true;
  for (const batch of batches) {
    const request = JSON.parse(decoder.decode(JsonTraceSerializer.serializeRequest(batch))) as {
      resourceSpans?: unknown[];
    };
    for (const resourceSpans of request.resourceSpans ?? []) {
      yield `${first ? '' : ','}${JSON.stringify(resourceSpans)}`;
      first = false;
    }
    counted(batch.length);
  }
  yield ']}';
}
