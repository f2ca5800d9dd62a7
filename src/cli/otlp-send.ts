import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { timeoutPhrase } from '../sources/timeout.js';
import type { OtlpProtocol } from './program.js';

/** A send that failed: why (naming the HTTP status, when there was one), and how many spans got there first. */
export class OtlpSendError extends Error {
  constructor(
    message: string,
    readonly sent: number,
  ) {
    super(message);
  }
}

/** The longest piece of a collector's answer quoted in a message (it says why, e.g. a bad key). */
const BODY_MAX = 300;

/**
 * How long past `--timeout` a request may still be running before it is cut: the
 * exporter's own limits (on a silent collector, on its retries) end it first and say what
 * they saw; this ends an answer that keeps coming without ending (a body that trickles),
 * which the exporter would wait for for ever (its limit is on silence, not on the whole).
 */
const DEADLINE_GRACE_MS = 1000;

/**
 * Why an export failed, from the exporter's error. The SDK's OTLPExporterError carries
 * the HTTP status as a number `code` and the answer's body as `data`; a network error
 * has a string `code` (ECONNREFUSED) and says itself what happened.
 */
export function failureText(error: Error | undefined, timeoutS: number, elapsedMs = 0): string {
  if (!error) return 'the export failed';
  const { code, data } = error as Error & { code?: unknown; data?: unknown };
  if (typeof code === 'number') {
    const status = error.message && error.message !== 'OTLPExporterError' ? ` ${error.message}` : '';
    const body = typeof data === 'string' && data.trim() !== '' ? `: ${data.trim().slice(0, BODY_MAX)}` : '';
    return `the collector answered HTTP ${code}${status}${body}`;
  }
  // The exporter's words when its retries (429, 502, 503, 504) ran out: after five, or
  // when the next would pass the deadline; so the time it took is said as measured.
  if (/retryable status/i.test(error.message))
    return `the collector still answered 429, 502, 503 or 504 when the retries stopped, ${(elapsedMs / 1000).toFixed(1)}s after the first try (--timeout ${timeoutS})`;
  if (/timed out/i.test(error.message)) return `no answer within ${timeoutPhrase(timeoutS)}`;
  return error.message;
}

/**
 * Sends span batches to an OTLP/HTTP collector with OpenTelemetry's own exporter
 * (protobuf, or JSON), one request per batch, each waited for. The exporter sends the
 * headers of OTEL_EXPORTER_OTLP_HEADERS (and _TRACES_HEADERS), and retries 429, 502,
 * 503 and 504 with exponential backoff (honouring Retry-After) within `timeoutS`.
 * Throws OtlpSendError at the first batch that fails.
 */
export async function sendSpans(
  batches: Iterable<ReadableSpan[]>,
  url: string,
  protocol: OtlpProtocol,
  timeoutS: number,
): Promise<{ spans: number; requests: number }> {
  // Loaded when used: the exporters are not small, and only this command needs them.
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  // An agent of our own, to cut a request that outlives the deadline (its sockets destroyed).
  const { Agent } = new URL(url).protocol === 'https:' ? await import('node:https') : await import('node:http');
  const agent = new Agent({ keepAlive: true });
  const exporter = new OTLPTraceExporter({
    url,
    timeoutMillis: Math.round(timeoutS * 1000),
    httpAgentOptions: () => agent,
  });
  let spans = 0;
  let requests = 0;
  let cut = false;
  try {
    for (const batch of batches) {
      const started = performance.now();
      let deadline: ReturnType<typeof setTimeout> | undefined;
      const result = await Promise.race([
        new Promise<ExportResult>((resolve) => exporter.export(batch, resolve)),
        new Promise<null>((resolve) => {
          deadline = setTimeout(() => resolve(null), timeoutS * 1000 + DEADLINE_GRACE_MS);
        }),
      ]);
      clearTimeout(deadline);
      if (result === null) {
        cut = true;
        agent.destroy();
        throw new OtlpSendError(`no complete answer within ${timeoutPhrase(timeoutS)}`, spans);
      }
      if (result.code !== ExportResultCode.SUCCESS)
        throw new OtlpSendError(failureText(result.error, timeoutS, performance.now() - started), spans);
      spans += batch.length;
      requests += 1;
    }
  } finally {
    // After a cut, the exporter's own wait for that request is not waited for.
    if (cut) void exporter.shutdown();
    else await exporter.shutdown();
    agent.destroy();
  }
  return { spans, requests };
}
