import { isObject, num, str, type Json } from './values.js';

/** A JSON-RPC message as the pairing and the lists need it. */
export interface RpcInfo {
  shape: 'request' | 'notification' | 'response' | 'invalid';
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
}

/**
 * A JSON-RPC id kept with its JSON type: the number or the string itself. As Map keys
 * `2` and `"2"` never meet, and a number key needs no string built for it.
 */
export type IdKey = number | string;

export function idKeyOf(id: unknown): IdKey | null {
  return typeof id === 'number' || typeof id === 'string' ? id : null;
}

/** The id as written. */
export const idTextOf = (idKey: IdKey): string => String(idKey);

/** The facts of something that is not a JSON-RPC message; the start of every other. */
export const invalidRpcInfo = (): RpcInfo => ({ shape: 'invalid', method: null, idKey: null, toolName: null, protocolError: null, executionError: null, cancels: null });

export function rpcInfo(raw: Json): RpcInfo {
  const info = invalidRpcInfo();
  if (!isObject(raw)) return info;
  info.method = str(raw.method);
  info.idKey = idKeyOf(raw.id);
  if (info.method !== null) {
    info.shape = info.idKey === null ? 'notification' : 'request';
    const params = isObject(raw.params) ? raw.params : null;
    if (info.method === 'tools/call') info.toolName = str(params?.name) ?? '(unknown)';
    if (info.method === 'notifications/cancelled') info.cancels = idKeyOf(params?.requestId);
    return info;
  }
  if ('result' in raw || 'error' in raw) {
    info.shape = 'response';
    if ('error' in raw && raw.error !== undefined && raw.error !== null) info.protocolError = protocolErrorText(raw.error);
    else if (isObject(raw.result) && raw.result.isError === true) info.executionError = contentText(raw.result.content) || 'tool reported an error';
  }
  return info;
}

/** `raw.error` as shown: `<message> (code <code>)`. */
export function protocolErrorText(error: Json): string {
  if (!isObject(error)) return typeof error === 'string' ? error : JSON.stringify(error);
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
