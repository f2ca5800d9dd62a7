/** The HTTP error a recorder noted for a call that got no JSON-RPC answer (a rate-limited call). */

import { isObject, str } from '../kit/values.js';
import { Kind, Status } from '../trace/enums.js';
import { pairOfRow } from './links.js';
import type { TraceStore } from './trace-store.js';

/** An HTTP error the recorder noted for a call that got no JSON-RPC answer. */
export interface HttpFailure {
  /** `HTTP 429`. */
  status: string;
  /** What the server said: the JSON-RPC error in its body when it reads as one, else the recorder's message. */
  message: string | null;
}

/**
 * How far after a request its recorder's HTTP error event is looked for. fitness-report
 * writes it right after the request, in the same file; a bounded look keeps a frame
 * from scanning a whole trace.
 */
const HTTP_ERROR_REACH = 64;

/** Event kinds of an HTTP error a recorder noted (`fitness.http_error`). */
const HTTP_ERROR_KIND = /(^|\.)http_error$/;

let kept: { store: TraceStore; epoch: number; found: Map<number, HttpFailure | null> } | null = null;

/**
 * The HTTP error a recorder noted for a `tools/call` left pending: an event of kind
 * `*.http_error` on the same file shortly after it, sharing its `corr_id` (the real exa
 * trace's rate-limited calls). Null when there is none. Read back once per row.
 */
export function httpFailureOf(store: TraceStore, row: number): HttpFailure | null {
  if (store.statusOf(row) !== Status.pending) return null;
  if (kept?.store !== store || kept.epoch !== store.epoch) kept = { store, epoch: store.epoch, found: new Map() };
  const known = kept.found.get(row);
  if (known !== undefined) return known;
  const end = Math.min(store.count, row + 1 + HTTP_ERROR_REACH);
  const found = lookFor(store, row, end);
  // Not found while the rows it would be among are still to come (a followed file): asked again later.
  if (found !== null || end === row + 1 + HTTP_ERROR_REACH) kept.found.set(row, found);
  return found;
}

function lookFor(store: TraceStore, row: number, end: number): HttpFailure | null {
  const corr = pairOfRow(store, row)
    .map((p) => store.pairs.corrOf(p))
    .find((c) => c !== null);
  if (corr === undefined) return null;
  const file = store.fileOf(row);
  for (let r = row + 1; r < end; r++) {
    if (store.fileOf(r) !== file || store.kindOf(r) !== Kind.event || !HTTP_ERROR_KIND.test(store.labelOf(r))) continue;
    const event = parsed(store.rawLine(r, 64 * 1024));
    const raw = isObject(event?.raw) ? event.raw : null;
    if (event?.corr_id !== corr || !raw || (raw.method !== undefined && raw.method !== 'tools/call')) continue;
    const status =
      typeof raw.status === 'number' || typeof raw.status === 'string' ? `HTTP ${raw.status}` : 'HTTP error';
    return { status, message: bodyMessage(str(raw.bodySnippet)) ?? str(raw.message) };
  }
  return null;
}

function parsed(line: string | null): Record<string, unknown> | null {
  if (line === null) return null;
  try {
    const value = JSON.parse(line) as unknown;
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first `"message":"…"` of a JSON body, read as far as it goes (a recorder keeps a snippet, cut short). */
const MESSAGE_IN_BODY = /"message"\s*:\s*"((?:[^"\\]|\\.)*)/;

/**
 * The message of a JSON-RPC error in a response body: the body read whole, or, when the
 * recorder kept only its start (fitness-report's `bodySnippet`), its first message string.
 */
function bodyMessage(body: string | null): string | null {
  if (body === null) return null;
  const value = parsed(body);
  if (value) return isObject(value.error) ? str(value.error.message) : null;
  const text = MESSAGE_IN_BODY.exec(body)?.[1];
  if (text === undefined) return null;
  try {
    // Its escapes as JSON reads them; a cut in the middle of one leaves it as written.
    return JSON.parse(`"${text.replace(/\\$/, '')}"`) as string;
  } catch {
    return text;
  }
}
