import { counted } from '../../kit/units.js';
import { isObject, type JsonObject, num } from '../../kit/values.js';
import { MCP_REC_DIRS } from '../enums.js';

const DIRECTIONS = new Set<string>(Object.values(MCP_REC_DIRS));

export interface McpRecFault {
  severity: 'error' | 'warning';
  rule: 'mcp-rec-ts' | 'mcp-rec-dir' | 'mcp-rec-msg' | 'mcp-rec-batch' | 'mcp-rec-unparsed';
  message: string;
}

/**
 * mcp-rec's rules for one line, `{ts, dir, msg}`: `ts` epoch seconds, `dir` one of the
 * two directions, `msg` a JSON-RPC message. One wording for validate, which lists them,
 * and for reading, which skips a line with an error for the first one (summary's skipped
 * lines, the Events pane). `shown(key)`: the member as written, for the message.
 */
export function mcpRecFaults(o: JsonObject, shown: (key: string) => string): McpRecFault[] {
  const out: McpRecFault[] = [];
  if (num(o.ts) === null)
    out.push({
      severity: 'error',
      rule: 'mcp-rec-ts',
      message: `ts is ${shown('ts')}, not a number (seconds since the epoch)`,
    });
  if (typeof o.dir !== 'string' || !DIRECTIONS.has(o.dir))
    out.push({
      severity: 'error',
      rule: 'mcp-rec-dir',
      message: `dir is ${shown('dir')}, not ${[...DIRECTIONS].map((d) => JSON.stringify(d)).join(' or ')}`,
    });
  const msg = o.msg;
  // A JSON-RPC batch (a line of an array, as MCP allowed until 2025-06-18): read as the
  // messages it holds (an element that is none is an invalid message, as in a v1 batch),
  // and named, since the protocol no longer has them.
  const messages = Array.isArray(msg) ? msg.filter(isMessage).length : 0;
  if (Array.isArray(msg) && messages > 0) {
    const others = msg.length - messages;
    out.push({
      severity: 'warning',
      rule: 'mcp-rec-batch',
      message: `msg is a JSON-RPC batch of ${counted(messages, 'message')}, each read as its own${others ? `; ${counted(others, 'element')} that are none, listed as invalid` : ''}`,
    });
  } else if (!isObject(msg))
    out.push({ severity: 'error', rule: 'mcp-rec-msg', message: `msg is ${shown('msg')}, not a JSON-RPC object` });
  // What mcp-rec writes for a line on the pipe that was not JSON.
  else if ('_unparsed' in msg)
    out.push({
      severity: 'warning',
      rule: 'mcp-rec-unparsed',
      message: 'msg holds a line the recorder could not parse as JSON',
    });
  else if (!isMessage(msg))
    out.push({
      severity: 'error',
      rule: 'mcp-rec-msg',
      message: 'msg is not a JSON-RPC message: it has no method, result or error',
    });
  return out;
}

/**
 * A line written by mcp-rec (or meant to be): no `type`, no v1 `raw` or `t`, and mcp-rec's
 * own `msg` or `ts`. Such a line is held to mcp-rec's rules, whatever its `dir` says.
 */
export const looksMcpRec = (o: JsonObject): boolean =>
  o.type === undefined && !('raw' in o) && !('t' in o) && ('msg' in o || 'ts' in o);

/** An object with a method, a result or an error: a request, a notification or a response. */
const isMessage = (m: unknown): boolean => isObject(m) && ('method' in m || 'result' in m || 'error' in m);
