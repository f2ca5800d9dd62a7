import { isObject, type Json } from '../kit/values.js';
import type { TraceStore } from './trace-store.js';

/**
 * The JSON-RPC message of a message row (`raw`, or mcp-rec's `msg`), read back. Apart
 * from diff.ts, which uses it too: the app's Calls pane shows arguments with it, and
 * diff.ts brings the diff library along.
 */
export function messageOf(store: TraceStore, row: number): Json {
  if (row < 0) return null;
  try {
    const o = JSON.parse(store.rawLine(row) ?? 'null') as Json;
    // mcp-rec lines carry the message in msg, mcp-replay lines in raw.
    return isObject(o) ? (o.raw ?? o.msg ?? null) : null;
  } catch {
    return null;
  }
}
