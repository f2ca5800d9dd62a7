import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * The official OTLP protobuf definitions, compiled by OpenTelemetry itself: the
 * protobufjs root that @opentelemetry/otlp-transformer 0.216.0 shipped (installed as
 * `otlp-proto-root`), so what is sent is decoded by opentelemetry-proto's own schema,
 * not by code of ours.
 */
const root = createRequire(import.meta.url)('otlp-proto-root/build/src/generated/root.js') as {
  opentelemetry: {
    proto: {
      collector: {
        trace: {
          v1: {
            ExportTraceServiceRequest: {
              decode(bytes: Uint8Array): object;
              toObject(message: object, options: object): unknown;
            };
          };
        };
      };
    };
  };
};
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** An attribute value as OTLP carries it (one of the fields is set). */
export interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

/** A span as decoded (protobuf: ids as hex, times and ints as decimal strings; JSON: the same shapes). */
export interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: AnyValue }[];
  status?: { code?: number; message?: string };
}

export interface DecodedRequest {
  resourceSpans: {
    resource?: { attributes: { key: string; value: AnyValue }[] };
    scopeSpans: { scope?: { name: string; version?: string }; spans: DecodedSpan[] }[];
  }[];
}

const hex = (b64: unknown) => (typeof b64 === 'string' ? Buffer.from(b64, 'base64').toString('hex') : undefined);

/** An ExportTraceServiceRequest in protobuf, decoded with the official schema; ids as hex. */
export function decodeProtobuf(bytes: Uint8Array): DecodedRequest {
  const doc = Request.toObject(Request.decode(bytes), {
    longs: String,
    enums: Number,
    bytes: String,
    defaults: false,
    arrays: true,
  }) as DecodedRequest;
  for (const rs of doc.resourceSpans)
    for (const ss of rs.scopeSpans)
      for (const s of ss.spans) {
        s.traceId = hex(s.traceId)!;
        s.spanId = hex(s.spanId)!;
        const parent = hex(s.parentSpanId);
        if (parent) s.parentSpanId = parent;
        else delete s.parentSpanId;
      }
  return doc;
}

/** Every span of a request. */
export const spansOf = (doc: DecodedRequest): DecodedSpan[] =>
  doc.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans));

/** A span's attributes as a plain object (ints as numbers). */
export function attrs(span: DecodedSpan): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of span.attributes)
    out[key] =
      value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.doubleValue ??
      value.boolValue!;
  return out;
}

export interface Received {
  /** When it arrived (Date.now()). */
  at: number;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A loopback OTLP/HTTP receiver: answers each request with the next of `statuses`
 * (200 once they run out), with `headers` on every non-200 answer, and keeps what came.
 */
export async function startReceiver(
  statuses: number[] = [],
  options: { headers?: Record<string, string>; body?: string } = {},
) {
  const received: Received[] = [];
  const script = [...statuses];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ at: Date.now(), url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = script.shift() ?? 200;
      if (status === 200) {
        res.writeHead(200, { 'content-type': String(req.headers['content-type'] ?? 'application/json') });
        res.end();
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain', ...options.headers });
      res.end(options.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
