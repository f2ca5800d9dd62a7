import { jsonPreview, sameJson } from '../trace/json-write.js';
import { isObject, type Json } from '../trace/values.js';
import type { ToolPair, TraceStore } from './trace-store.js';

export type DiffStatus = 'same' | 'changed args' | 'changed result' | 'added in B' | 'removed from B';

export interface DiffCall {
  ordinal: number;
  status: DiffStatus;
  method: string;
  tool: string;
  aLine: number | null;
  bLine: number | null;
  /** What differs, e.g. `arguments.path: "/a" → "/b"`; empty when the same. */
  detail: string;
}

export interface DiffDoc {
  a: string;
  b: string;
  same: boolean;
  calls: DiffCall[];
}

/**
 * How many levels a difference is followed down: a path deeper than this would be
 * longer than any line shows (and each level compares its subtree again).
 */
const DIFF_DEPTH = 32;

/** The first path where two values differ, with both sides (short); past DIFF_DEPTH levels the path ends in `…`. */
function firstDifference(a: Json | undefined, b: Json | undefined, path: string, depth = 0): string {
  if (sameJson(a, b)) return '';
  const nested = (isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b));
  if (nested && depth >= DIFF_DEPTH) return `${path}…: ${short(a)} → ${short(b)}`;
  if (isObject(a) && isObject(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = firstDifference(a[k], b[k], path ? `${path}.${k}` : k, depth + 1);
      if (d) return d;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`, depth + 1);
      if (d) return d;
    }
  }
  return `${path || '(value)'}: ${short(a)} → ${short(b)}`;
}

const short = (v: Json | undefined) => (v === undefined ? '(absent)' : jsonPreview(v, 60));

/** The JSON-RPC message of a message row (`raw`, or mcp-rec's `msg`), read back. */
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

/** The tool calls of a store in request order: MCP tools/call pairs, else tool_use pairs. */
function toolCalls(store: TraceStore): ToolPair[] {
  const all = store.pairs.all();
  const mcp = all.filter((p) => p.origin === 'mcp');
  return mcp.length ? mcp : all.filter((p) => p.origin === 'turn');
}

interface CallView {
  pair: ToolPair;
  args: Json | undefined;
  result: Json | undefined;
  line: number;
}

function view(store: TraceStore, pair: ToolPair): CallView {
  let args: Json | undefined;
  let result: Json | undefined;
  if (pair.origin === 'mcp') {
    const req = messageOf(store, pair.reqRow);
    const res = messageOf(store, pair.resRow);
    args = isObject(req) && isObject(req.params) ? req.params.arguments : undefined;
    result = isObject(res) ? (res.error !== undefined ? { error: res.error } : res.result) : undefined;
  } else {
    // A turn pair: its tool_use input and its tool_result content, found by the tool_use's id.
    const use = toolUseBlock(store, pair);
    const res =
      pair.resRow < 0 || use === null
        ? null
        : findBlock(store, pair.resRow, (b) => b.type === 'tool_result' && b.tool_use_id === use.id);
    args = use?.input;
    result = res ? { content: res.content ?? null, is_error: res.is_error ?? false } : undefined;
  }
  return { pair, args, result, line: store.cols.lineNo.data[pair.reqRow]! };
}

/** A turn pair's tool_use block, read back: the pair's ordinal among its turn's tool_use blocks. */
export function toolUseBlock(store: TraceStore, pair: ToolPair): Record<string, Json> | null {
  let k = pair.ordinal;
  return findBlock(store, pair.reqRow, (b) => b.type === 'tool_use' && k-- === 0);
}

/** The first block of a turn row that satisfies `ok`, read back. */
export function findBlock(
  store: TraceStore,
  row: number,
  ok: (b: Record<string, Json>) => boolean,
): Record<string, Json> | null {
  try {
    const o = JSON.parse(store.rawLine(row) ?? 'null') as Json;
    const blocks = isObject(o) && Array.isArray(o.blocks) ? o.blocks : [];
    return (blocks.find((b) => isObject(b) && ok(b)) as Record<string, Json> | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Aligns two recordings by tool-call ordinal (the web viewer's `?diff=`): call i of
 * A against call i of B, compared by tool name and arguments, then by result.
 */
export function diffStores(a: TraceStore, b: TraceStore): DiffDoc {
  const ca = toolCalls(a);
  const cb = toolCalls(b);
  const calls: DiffCall[] = [];
  for (let i = 0; i < Math.max(ca.length, cb.length); i++) {
    const va = ca[i] ? view(a, ca[i]!) : null;
    const vb = cb[i] ? view(b, cb[i]!) : null;
    const base = {
      ordinal: i + 1,
      method: 'tools/call',
      tool: (va ?? vb)!.pair.name,
      aLine: va?.line ?? null,
      bLine: vb?.line ?? null,
    };
    if (!vb) calls.push({ ...base, status: 'removed from B', detail: '' });
    else if (!va) calls.push({ ...base, status: 'added in B', detail: '' });
    else if (va.pair.name !== vb.pair.name)
      calls.push({ ...base, status: 'changed args', detail: `tool: ${va.pair.name} → ${vb.pair.name}` });
    else if (!sameJson(va.args, vb.args))
      calls.push({ ...base, status: 'changed args', detail: firstDifference(va.args, vb.args, 'arguments') });
    else if (!sameJson(va.result, vb.result))
      calls.push({ ...base, status: 'changed result', detail: firstDifference(va.result, vb.result, 'result') });
    else calls.push({ ...base, status: 'same', detail: '' });
  }
  return { a: a.files[0]?.name ?? '', b: b.files[0]?.name ?? '', same: calls.every((c) => c.status === 'same'), calls };
}
