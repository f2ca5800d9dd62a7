import { keepText } from '../kit/text.js';
import { absentArgsKey, argsKeyOfBytes } from './args-key.js';
import {
  enterArray,
  enterObject,
  here,
  isArrayStart,
  isNumberStart,
  isObjectStart,
  isString,
  isTrue,
  key as keyOf,
  keyTable,
  mark,
  next,
  optString,
  parse,
  RBRACE,
  RBRACKET,
  type Span,
  scanned,
  skipNumber,
  skipValue,
  span,
  stringValue,
} from './json-scan.js';
import {
  contentText,
  type IdKey,
  invalidRpcInfo,
  numberIdKey,
  protocolErrorText,
  type RpcInfo,
  stringIdKey,
} from './rpc.js';
import type { TurnFacts } from './turn.js';

/*
 * What the record scanner (scan-line.ts) reads inside a line's members: the keys it
 * knows, a JSON-RPC message or a batch of them, and a turn's content blocks, each as
 * the JSON.parse path's readers (rpc.ts, turn.ts) read them.
 */

/** The keys the record scanner knows; any other key is 0. */
const KEYS = [
  '',
  'type',
  't',
  'dir',
  'source',
  'kind',
  'role',
  'model',
  'echoed',
  'truncated',
  'stop_reason',
  'raw',
  'msg',
  'blocks',
  'usage',
  'timing',
  'method',
  'id',
  'params',
  'result',
  'error',
  'name',
  'requestId',
  'isError',
  'content',
  'thinking',
  'tool_use_id',
  'is_error',
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
  // Codes share `mark`'s bits mod 32, so a key's place matters: corr_id (a top-level
  // key) takes bit 0, which no other top-level key has.
  'corr_id',
  'thinking_tokens',
  'ttft_ms',
  'duration_ms',
  'arguments',
  'input',
  // A Claude Code line's (claudeLine below). Each top-level one takes a bit that no
  // other key of such a line has (6 to 14), and those of its message and usage too.
  'timestamp',
  'message',
  'cwd',
  'sessionId',
  'gitBranch',
  'uuid',
  'parentUuid',
  'payload',
  'ts',
  'cache_creation',
  'ephemeral_1h_input_tokens',
  'speed',
] as const;
type KeyName = (typeof KEYS)[number];
export const K = Object.fromEntries(KEYS.map((k, i) => [k, i])) as Record<KeyName, number>;
const KEY_TABLE = keyTable(KEYS);

/** At an object key: reads it and the colon; returns its code in KEYS, 0 for any other key. */
export const key = (): number => keyOf(KEY_TABLE);

/** Shared by the blocks of a turn until one has a tool block: most turns have none. */
export const NONE: never[] = [];

/** One JSON-RPC message: what `rpcInfo` (rpc.ts) reads. */
function rpcMessage(): RpcInfo {
  const info = invalidRpcInfo();
  if (!isObjectStart()) {
    skipValue();
    return info;
  }
  let hasResponse = false;
  let paramsName: string | null = null;
  let cancels: IdKey | null = null;
  let isError = false;
  let content: Span | null = null;
  let error: Span | null = null;
  let argsStart = -1;
  let argsStop = -1;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.method) info.method = optString();
      else if (k === K.id) {
        info.idKey = idValue();
      } else if (k === K.params && isObjectStart()) {
        let seenParams = 0;
        if (enterObject()) {
          do {
            const p = key();
            seenParams = mark(seenParams, p);
            if (p === K.name) paramsName = optString();
            else if (p === K.requestId) cancels = idValue();
            else if (p === K.arguments) {
              argsStart = here();
              skipValue();
              argsStop = here();
            } else skipValue();
          } while (next(RBRACE));
        }
      } else if (k === K.result) {
        hasResponse = true;
        if (!isObjectStart()) skipValue();
        else {
          let seenResult = 0;
          if (enterObject()) {
            do {
              const r = key();
              seenResult = mark(seenResult, r);
              if (r === K.isError) isError = isTrue();
              else if (r === K.content) content = span();
              else skipValue();
            } while (next(RBRACE));
          }
        }
      } else if (k === K.error) {
        hasResponse = true;
        error = span();
      } else skipValue();
    } while (next(RBRACE));
  }
  if (info.method !== null) {
    info.shape = info.idKey === null ? 'notification' : 'request';
    if (info.method === 'tools/call') {
      info.toolName = paramsName ?? '(unknown)';
      info.argsKey = (argsStart < 0 ? absentArgsKey() : argsKeyOfBytes(scanned(), argsStart, argsStop)).key;
    }
    if (info.method === 'notifications/cancelled') info.cancels = cancels;
    return info;
  }
  if (hasResponse) {
    info.shape = 'response';
    // A protocol error (`null` is none) is small: parsed and worded as rpc.ts does.
    const errorValue = error === null ? null : parse(error);
    if (errorValue !== null) info.protocolError = protocolErrorText(errorValue);
    else if (isError) info.executionError = contentOf(content) || 'tool reported an error';
  }
  return info;
}

/** An id with its JSON type, as `idKeyOf` (rpc.ts) keeps it; null for other types. */
function idValue(): IdKey | null {
  // Ids are unique: not worth the string cache.
  if (isString()) return stringIdKey(stringValue(false));
  if (isNumberStart()) return numberIdValue();
  skipValue();
  return null;
}

/** A number id keyed by its exact text (`numberIdKey`): a short plain integer needs no text built. */
function numberIdValue(): IdKey {
  const start = skipNumber();
  const stop = here();
  const b = scanned();
  const negative = b[start] === 0x2d;
  const from = negative ? start + 1 : start;
  // Up to 15 digits, no fraction or exponent (JSON forbids leading zeros): the
  // number's own text, except `-0`.
  if (stop - from <= 15) {
    let v = 0;
    let k = from;
    for (; k < stop; k++) {
      const x = b[k]! - 48;
      if (x < 0 || x > 9) break;
      v = v * 10 + x;
    }
    if (k === stop && !(negative && v === 0)) return negative ? -v : v;
  }
  return numberIdKey(b.toString('latin1', start, stop));
}

/** `contentText` of a skipped value, parsed now (the line is still the current one). */
function contentOf(v: Span | null): string {
  return v === null ? '' : contentText(parse(v));
}

/** One turn's blocks, as `turnFacts` (turn.ts) reads them. */
export interface BlockScan {
  thinkingChars: number;
  toolUses: TurnFacts['toolUses'];
  toolResults: TurnFacts['toolResults'];
}

export function block(scan: BlockScan): void {
  if (!isObjectStart()) return skipValue();
  let type: string | null = null;
  let thinking: string | null = null;
  let id: string | null = null;
  let name: string | null = null;
  let toolUseId: string | null = null;
  let isError = false;
  let content: Span | null = null;
  let inputStart = -1;
  let inputStop = -1;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.type) type = optString();
      else if (k === K.thinking) thinking = optString();
      else if (k === K.id) id = optString(false);
      else if (k === K.name) name = optString();
      else if (k === K.tool_use_id) toolUseId = optString(false);
      else if (k === K.is_error) isError = isTrue();
      else if (k === K.content) content = span();
      else if (k === K.input) {
        inputStart = here();
        skipValue();
        inputStop = here();
      } else skipValue();
    } while (next(RBRACE));
  }
  if (type === 'thinking' && thinking !== null) scan.thinkingChars += thinking.length;
  else if (type === 'tool_use') {
    if (scan.toolUses === NONE) scan.toolUses = [];
    // Bounded as facts.ts bounds them (the store keeps every id).
    const args = inputStart < 0 ? absentArgsKey() : argsKeyOfBytes(scanned(), inputStart, inputStop);
    scan.toolUses.push({
      id: id !== null && id.length > 200 ? keepText(id, 200) : id,
      name: name ?? '(unknown)',
      argsKey: args.key,
      argsSize: args.size,
    });
  } else if (type === 'tool_result') {
    if (scan.toolResults === NONE) scan.toolResults = [];
    scan.toolResults.push({ toolUseId, isError, text: isError ? contentOf(content) : '' });
  }
}

export interface RawScan {
  batch: boolean;
  messages: RpcInfo[];
  /** `raw` was an object (an event's label may be its method). */
  isObject: boolean;
}

/** `raw`: one message, or a batch array split into its messages. */
export function rawValue(): RawScan {
  if (isArrayStart()) {
    const messages: RpcInfo[] = [];
    if (enterArray()) {
      do messages.push(rpcMessage());
      while (next(RBRACKET));
    }
    return messages.length > 0
      ? { batch: true, messages, isObject: false }
      : { batch: false, messages: [invalidRpcInfo()], isObject: false };
  }
  const isObject = isObjectStart();
  return { batch: false, messages: [rpcMessage()], isObject };
}
