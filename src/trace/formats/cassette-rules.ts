import { AXIS_HALF_SPAN_MS } from '../../kit/dates.js';
import { jsonPreview } from '../../kit/json-write.js';
import { isObject, type JsonObject, num } from '../../kit/values.js';
import type { Span } from './json-spans.js';

/** A fault in a cassette, at a path (`interactions/3/response`); `fatal`: the interaction cannot be read. */
export interface CassetteFault {
  path: string;
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  fatal?: boolean;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export const isIsoTime = (v: unknown): v is string =>
  typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));

const shown = (v: unknown) => (v === undefined ? 'absent' : jsonPreview(v, 80));

/**
 * An id as pairing compares it (rpc.ts): a string by its value, escapes decoded
 * (`"\u0041"` is `"A"`), a number by its text as written (never rounded: `…890` is not
 * `…891`), quoted or not so `2` is not `"2"`.
 */
const idKey = (value: unknown, text: string | undefined) => (typeof value === 'string' ? JSON.stringify(value) : text);

/** Ids in messages are cut: one may be any length. */
const ID_SHOWN = 40;
const idShown = (text: string) => {
  const chars = [...text.slice(0, ID_SHOWN * 2)];
  return chars.length > ID_SHOWN || text.length > ID_SHOWN * 2
    ? `${chars.slice(0, ID_SHOWN - 1).join('')}… (${text.length.toLocaleString('en-US')} characters)`
    : text;
};

/** What mcp-recorder 0.5.0 writes in `metadata`, and the types each may have. */
const METADATA_STRINGS = ['server_url', 'transport_type', 'protocol_version'] as const;

/**
 * Every fault of a parsed cassette, in document order. One list for both readers:
 * `validate` reports them, and the conversion skips an interaction for a fatal one
 * with the same words (the summary and the Events pane show that reason).
 * `text`/`spans` give ids as written, so `1` and `1.0`, or ids past 2^53, differ.
 */
export function* cassetteFaults(doc: JsonObject, text: string, spans: Map<string, Span>): Iterable<CassetteFault> {
  const error = (path: string, rule: string, message: string, fatal = false): CassetteFault => ({
    path,
    severity: 'error',
    rule,
    message,
    fatal,
  });
  const warning = (path: string, rule: string, message: string): CassetteFault => ({
    path,
    severity: 'warning',
    rule,
    message,
  });
  if (typeof doc.version !== 'string')
    yield error('version', 'cassette-fields', `version is ${shown(doc.version)}, not a string`);
  else if (doc.version !== '1.0')
    yield warning('version', 'cassette-version', `version ${shown(doc.version)} is not 1.0 (read as 1.0)`);
  const meta = doc.metadata;
  if (!isObject(meta)) yield error('metadata', 'cassette-fields', `metadata is ${shown(meta)}, not an object`);
  else {
    if (!isIsoTime(meta.recorded_at))
      yield error(
        'metadata/recorded_at',
        'cassette-metadata',
        `metadata.recorded_at is not an ISO-8601 time: ${shown(meta.recorded_at)} (message times are derived from it)`,
      );
    for (const field of METADATA_STRINGS)
      if (meta[field] === undefined)
        yield warning(`metadata/${field}`, 'cassette-metadata', `metadata has no ${field}`);
      else if (meta[field] !== null && typeof meta[field] !== 'string')
        yield error(
          `metadata/${field}`,
          'cassette-metadata',
          `metadata.${field} is ${shown(meta[field])}, not a string`,
        );
    if (meta.server_info !== undefined && meta.server_info !== null && !isObject(meta.server_info))
      yield error(
        'metadata/server_info',
        'cassette-metadata',
        `metadata.server_info is ${shown(meta.server_info)}, not an object`,
      );
  }
  if (!Array.isArray(doc.interactions)) {
    yield error('interactions', 'cassette-fields', `interactions is ${shown(doc.interactions)}, not an array`);
    return;
  }
  for (let i = 0; i < doc.interactions.length; i++)
    yield* interactionFaults(doc.interactions[i], `interactions/${i}`, `interactions[${i}]`, (path) => {
      const s = spans.get(path);
      return s ? text.slice(s.start, s.end) : undefined;
    });
}

function* interactionFaults(
  it: unknown,
  path: string,
  name: string,
  textAt: (path: string) => string | undefined,
): Iterable<CassetteFault> {
  const error = (at: string, rule: string, message: string, fatal = false): CassetteFault => ({
    path: at === '' ? path : `${path}/${at}`,
    severity: 'error',
    rule,
    message,
    fatal,
  });
  if (!isObject(it)) {
    yield error('', 'cassette-interaction', `${name} is ${shown(it)}, not an object`, true);
    return;
  }
  const type = it.type;
  const notification = type === 'notification';
  if (type !== 'jsonrpc_request' && !notification)
    yield {
      path: `${path}/type`,
      severity: type === undefined ? 'error' : 'warning',
      rule: 'cassette-type',
      message: `${name}.type is ${shown(type)}, not "jsonrpc_request" or "notification"`,
    };
  const req = it.request;
  if (!isObject(req)) {
    yield error('request', 'cassette-request', `${name}.request is ${shown(req)}, not a JSON-RPC object`, true);
    return;
  }
  if (typeof req.method !== 'string') yield error('request', 'cassette-request', `${name}.request has no method`);
  if (notification && req.id !== undefined)
    yield error('request', 'cassette-request', `${name}.request has an id, but a notification has none`);
  if (type === 'jsonrpc_request' && (req.id === undefined || req.id === null))
    yield error('request', 'cassette-request', `${name}.request has no id, but a jsonrpc_request needs one`);
  const res = it.response;
  if (res !== null && res !== undefined && !isObject(res))
    yield error('response', 'cassette-response', `${name}.response is ${shown(res)}, not a JSON-RPC object or null`);
  else if (res === undefined)
    yield error('response', 'cassette-response', `${name} has no response (null when none came)`);
  else if (notification || (type !== 'jsonrpc_request' && req.id === undefined)) {
    if (res !== null)
      yield error('response', 'cassette-notification-response', `${name} has a response to a notification`);
  } else if (res === null)
    yield {
      path: `${path}/response`,
      severity: 'warning',
      rule: 'cassette-no-response',
      message: `${name}.response is null: the call stays pending`,
    };
  else {
    if (!('result' in res) && !('error' in res))
      yield error('response', 'cassette-response', `${name}.response has neither result nor error`);
    const reqId = textAt(`${path}/request/id`);
    const resId = textAt(`${path}/response/id`);
    if (reqId !== undefined && idKey(res.id, resId) !== idKey(req.id, reqId))
      yield error(
        'response',
        'cassette-id-mismatch',
        `${name}.response id ${resId === undefined ? 'absent' : idShown(resId)} does not match request id ${idShown(reqId)}`,
      );
  }
  const latency = num(it.latency_ms);
  if (latency === null || latency < 0)
    yield error(
      'latency_ms',
      'cassette-latency',
      `${name}.latency_ms is ${shown(it.latency_ms)}, not a number of milliseconds (0 or more)`,
    );
  else if (latency > AXIS_HALF_SPAN_MS)
    // As summary's note says of such a call: its time is kept, its latency left out.
    yield {
      path: `${path}/latency_ms`,
      severity: 'warning',
      rule: 'cassette-latency-range',
      message: `${name}.latency_ms ${textAt(`${path}/latency_ms`) ?? shown(latency)} is over 100 years: the response is left off the time axis and its latency left out`,
    };
  if (it.response_is_sse !== undefined && typeof it.response_is_sse !== 'boolean')
    yield error(
      'response_is_sse',
      'cassette-fields',
      `${name}.response_is_sse is ${shown(it.response_is_sse)}, not true or false`,
    );
  const status = it.response_status;
  if (status !== undefined && status !== null && !(typeof status === 'number' && Number.isInteger(status)))
    yield error(
      'response_status',
      'cassette-fields',
      `${name}.response_status is ${shown(status)}, not an integer or null`,
    );
  for (const field of ['http_method', 'http_path'] as const)
    if (it[field] !== undefined && it[field] !== null && typeof it[field] !== 'string')
      yield error(field, 'cassette-fields', `${name}.${field} is ${shown(it[field])}, not a string or null`);
}
