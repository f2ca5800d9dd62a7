import { jsonPreview } from '../kit/json-write.js';
import { isObject, type Json, num, str } from '../kit/values.js';
import { argsKeyOfValue } from './args-key.js';
import type { RpcShape } from './enums.js';

/** A JSON-RPC message as the pairing and the lists need it. */
export interface RpcInfo {
  shape: RpcShape;
  method: string | null;
  /** The id as its JSON value: a number or a string (`2` and `"2"` differ as Map keys), null when absent. */
  idKey: IdKey | null;
  /** `tools/call` params.name. */
  toolName: string | null;
  /** Protocol error text (`raw.error`): `<message> (code <code>)`. */
  protocolError: string | null;
  /** `result.isError === true`: the joined content text, or a fixed phrase. */
  executionError: string | null;
  /** For `notifications/cancelled`: the id key of the request it cancels. */
  cancels: IdKey | null;
  /** A `tools/call`'s `params.arguments` as a key (args-key.ts), NaN for other messages. */
  argsKey: number;
}

/**
 * A JSON-RPC id, keyed by its exact JSON text and its type, never by a rounded number:
 * `123456789012345678901234567890` and `…891` are two ids (as doubles they are one).
 *
 * - A number whose text is the one JavaScript writes for its value (`2`, `-7`, `1.5`:
 *   `String(Number(text)) === text`) is keyed as that number: the common case, no
 *   string built for it, and the text is recovered exactly by `String`.
 * - Any other number text (more digits than a double holds, `1.0`, `1e0`, `-0`,
 *   `1E2`) is keyed as `NUMBER_MARK + text`. So `1`, `1.0` and `1e0` are three ids:
 *   the JSON texts differ, and a peer echoes the id it was sent byte for byte (a
 *   peer that re-writes `1.0` as `1` does not follow JSON-RPC's "SHOULD NOT contain
 *   fractional parts" anyway).
 * - A string id is keyed as itself; one that starts with U+0000 (only hostile traces
 *   have them) gets one more U+0000 in front, so no string id can spell a number key.
 *
 * As Map keys `2` and `"2"` never meet, and no two different texts share a key.
 */
export type IdKey = number | string;

const NUL = '\u0000';
/** Starts the key of a number id kept as its text (U+0000 `#`). */
const NUMBER_MARK = '\u0000#';

/** The key of a string id. */
export const stringIdKey = (id: string): string => (id.charCodeAt(0) === 0 ? NUL + id : id);

/** The key of a number id from its JSON text (`value` is `Number(text)`, passed when known). */
export function numberIdKey(text: string, value = Number(text)): IdKey {
  return String(value) === text ? value : NUMBER_MARK + text;
}

/**
 * The key of a parsed id value. A number's text is lost by JSON.parse: the JSON.parse
 * path (facts.ts) puts back the key of its text with `idTextsOf` (id-text.ts).
 */
export function idKeyOf(id: unknown): IdKey | null {
  return typeof id === 'number' ? id : typeof id === 'string' ? stringIdKey(id) : null;
}

/** The id as written: a number's exact JSON text, a string's value (unquoted, as before). */
export function idTextOf(idKey: IdKey): string {
  if (typeof idKey === 'number') return String(idKey);
  if (idKey.charCodeAt(0) !== 0) return idKey;
  return idKey.startsWith(NUMBER_MARK) ? idKey.slice(NUMBER_MARK.length) : idKey.slice(1);
}

/** The facts of something that is not a JSON-RPC message; the start of every other. */
export const invalidRpcInfo = (): RpcInfo => ({
  shape: 'invalid',
  method: null,
  idKey: null,
  toolName: null,
  protocolError: null,
  executionError: null,
  cancels: null,
  argsKey: Number.NaN,
});

export function rpcInfo(raw: Json): RpcInfo {
  const info = invalidRpcInfo();
  if (!isObject(raw)) return info;
  info.method = str(raw.method);
  info.idKey = idKeyOf(raw.id);
  if (info.method !== null) {
    info.shape = info.idKey === null ? 'notification' : 'request';
    const params = isObject(raw.params) ? raw.params : null;
    if (info.method === 'tools/call') {
      info.toolName = str(params?.name) ?? '(unknown)';
      info.argsKey = argsKeyOfValue(params?.arguments).key;
    }
    if (info.method === 'notifications/cancelled') info.cancels = idKeyOf(params?.requestId);
    return info;
  }
  if ('result' in raw || 'error' in raw) {
    info.shape = 'response';
    if ('error' in raw && raw.error !== undefined && raw.error !== null)
      info.protocolError = protocolErrorText(raw.error);
    else if (isObject(raw.result) && raw.result.isError === true)
      info.executionError = contentText(raw.result.content) || 'tool reported an error';
  }
  return info;
}

/** `raw.error` as shown: `<message> (code <code>)`. */
export function protocolErrorText(error: Json): string {
  if (!isObject(error)) return typeof error === 'string' ? error : jsonPreview(error, 2000);
  const message = str(error.message) ?? 'error';
  const code = num(error.code);
  return code === null ? message : `${message} (code ${code})`;
}

/** The joined `text` of content blocks (MCP results and tool_result blocks). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) if (isObject(block) && typeof block.text === 'string') parts.push(block.text);
  return parts.join('\n');
}

/** The messages of one `raw`: a batch array splits into its elements. */
export function rpcMessages(raw: Json): Json[] {
  return Array.isArray(raw) && raw.length > 0 ? raw : [raw];
}
