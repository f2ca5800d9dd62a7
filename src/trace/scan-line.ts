import type { EventDir, MessageDir } from './enums.js';
import type { TapeWriter } from './facts-tape.js';
import {
  BAIL,
  enterArray,
  enterObject,
  isArrayStart,
  isObjectStart,
  isString,
  isTrue,
  LBRACE,
  mark,
  next,
  optCount,
  optString,
  optTime,
  RBRACE,
  RBRACKET,
  readWhole,
  skipValue,
  stringValue,
  timeValue,
} from './json-scan.js';
import type { LineFacts } from './line-facts.js';
import { invalidRpcInfo, type RpcInfo } from './rpc.js';
import { type ClaudeScan, claudeFacts, claudeLine, messageValue } from './scan-claude.js';
import { type BlockScan, block, K, key, NONE, type RawScan, rawValue } from './scan-values.js';
import type { TurnFacts, TurnUsage } from './turn.js';

/*
 * The hot path of indexing: the facts of a message or turn line read straight from
 * its bytes, without building the line's string or its objects. The byte-level JSON
 * scanner (json-scan.ts) validates the whole line as strictly as JSON.parse does and
 * skips every payload (arguments, results, text blocks); this file reads the record:
 * its top-level members, what they make of the line, and its facts.
 *
 * Anything it does not know for certain (another record type, an escape inside a key,
 * a duplicated key, a field of an unusual type, invalid JSON) returns null, and the
 * caller takes the JSON.parse path (facts.ts), which also words the skip reasons:
 * so both paths give the same facts for every line (test/trace/scan-line.test.ts
 * compares them over every real trace and generated traces).
 */

function usageValue(r: RecordScan): void {
  if (!isObjectStart()) return skipValue();
  const u: TurnUsage = { input: 0, output: 0, cacheRead: null, cacheWrite: null, cacheWrite1h: null };
  r.usage = u;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.input_tokens) u.input = optCount() ?? 0;
      else if (k === K.output_tokens) u.output = optCount() ?? 0;
      else if (k === K.cache_read_input_tokens) u.cacheRead = optCount();
      else if (k === K.cache_creation_input_tokens) u.cacheWrite = optCount();
      else if (k === K.thinking_tokens) r.thinkingExact = optCount();
      else skipValue();
    } while (next(RBRACE));
  }
}

function timingValue(r: RecordScan): void {
  if (!isObjectStart()) return skipValue();
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      if (k === K.ttft_ms) r.ttftMs = optTime();
      else if (k === K.duration_ms) r.durationMs = optTime();
      else skipValue();
    } while (next(RBRACE));
  }
}

/** What the top-level members of a line say. */
interface RecordScan extends ClaudeScan {
  isTurn: boolean;
  t: number | null;
  source: string | null;
  corr: string | null;
  kind: string | null;
  role: string | null;
  model: string | null;
  echoed: boolean;
  truncated: boolean;
  raw: RawScan | null;
  blocks: BlockScan;
  usage: TurnUsage | null;
  thinkingExact: number | null;
  ttftMs: number | null;
  durationMs: number | null;
}

function member(r: RecordScan, k: number): void {
  switch (k) {
    case K.type: {
      if (!isString()) throw BAIL;
      const type = stringValue();
      if (type === 'turn') r.isTurn = true;
      else r.type = type;
      return;
    }
    case K.timestamp:
      r.timestampIsString = isString();
      r.timestamp = timeValue();
      return;
    case K.message:
      return messageValue(r.message);
    case K.cwd:
      r.cwd = optString();
      return;
    case K.sessionId:
      r.hasSession = true;
      r.session = optString();
      return;
    case K.gitBranch:
      r.branch = optString();
      return;
    case K.requestId:
      r.requestId = optString(false);
      return;
    case K.uuid:
      r.hasUuid = true;
      return skipValue();
    case K.parentUuid:
      r.hasParentUuid = true;
      return skipValue();
    case K.payload:
      r.hasPayload = true;
      return skipValue();
    case K.ts:
      r.hasTs = true;
      return skipValue();
    case K.t:
      r.t = timeValue();
      return;
    case K.dir:
      if (!isString()) throw BAIL;
      r.dir = stringValue();
      return;
    case K.source:
      r.source = optString();
      return;
    case K.corr_id:
      // Unique per call: not worth the string cache.
      r.corr = optString(false);
      return;
    case K.kind:
      r.kind = optString();
      return;
    case K.role:
      r.role = optString();
      return;
    case K.model:
      r.model = optString();
      return;
    case K.echoed:
      r.echoed = isTrue();
      return;
    case K.truncated:
      if (isTrue()) r.truncated = true;
      return;
    case K.stop_reason:
      if (optString() === 'truncated') r.truncated = true;
      return;
    case K.raw:
      // An event already labelled by its `kind` needs nothing from its payload.
      if (r.kind !== null && r.dir !== null && r.dir !== 'in' && r.dir !== 'out') skipValue();
      else r.raw = rawValue();
      return;
    case K.msg:
      throw BAIL; // an mcp-rec recording
    case K.blocks:
      if (isArrayStart()) {
        if (enterArray()) {
          do block(r.blocks);
          while (next(RBRACKET));
        }
      } else skipValue();
      return;
    case K.usage:
      return usageValue(r);
    case K.timing:
      return timingValue(r);
    default:
      skipValue();
  }
}

/** One scratch record, reset per line (the facts returned never point into it). */
const scratch: RecordScan = {
  isTurn: false,
  t: null,
  dir: null,
  source: null,
  corr: null,
  kind: null,
  role: null,
  model: null,
  echoed: false,
  truncated: false,
  raw: null,
  blocks: { thinkingChars: 0, toolUses: NONE, toolResults: NONE },
  usage: null,
  thinkingExact: null,
  ttftMs: null,
  durationMs: null,
  type: null,
  timestamp: null,
  timestampIsString: false,
  requestId: null,
  cwd: null,
  session: null,
  branch: null,
  hasSession: false,
  hasUuid: false,
  hasParentUuid: false,
  hasPayload: false,
  hasTs: false,
  message: {
    isObject: false,
    role: null,
    model: null,
    id: null,
    stopReason: null,
    usage: null,
    thinkingExact: null,
    hour: null,
    fast: false,
    blocks: { thinkingChars: 0, toolUses: NONE, toolResults: NONE },
  },
};

/** What a scanned line is (the facts themselves are in `scratch` and `line`). */
const NOT_MINE = 0;
const TURN = 1;
const RPC = 2;
const EVENT = 3;
const CLAUDE = 4;

/** A scanned message or event line's facts beyond `scratch`'s fields. */
const line: {
  dir: MessageDir | EventDir;
  batch: boolean;
  messages: RpcInfo[];
  label: string;
} = { dir: 'in', batch: false, messages: [], label: '' };

/** The top-level object of a message or turn line: which it is, its facts left in `scratch` and `line`. */
function record(): number {
  const r = scratch;
  r.isTurn = false;
  r.t = r.dir = r.source = r.corr = r.kind = r.role = r.model = null;
  r.echoed = r.truncated = false;
  r.raw = null;
  r.blocks.thinkingChars = 0;
  r.blocks.toolUses = r.blocks.toolResults = NONE;
  r.usage = r.thinkingExact = r.ttftMs = r.durationMs = null;
  r.type = r.timestamp = r.requestId = r.cwd = r.session = r.branch = null;
  r.timestampIsString = r.hasSession = r.hasUuid = r.hasParentUuid = r.hasPayload = r.hasTs = false;
  const m = r.message;
  m.isObject = m.fast = false;
  m.role = m.model = m.id = m.stopReason = m.usage = m.thinkingExact = m.hour = null;
  m.blocks.thinkingChars = 0;
  m.blocks.toolUses = m.blocks.toolResults = NONE;
  let seen = 0;
  if (enterObject()) {
    do {
      const k = key();
      seen = mark(seen, k);
      member(r, k);
    } while (next(RBRACE));
  }
  if (r.isTurn) return TURN;
  if (r.type !== null) return claudeLine(r) ? CLAUDE : NOT_MINE;
  const dir = r.dir;
  // Written by member(): TypeScript cannot see it.
  const raw = r.raw as RawScan | null;
  if (dir === null) return claudeLine(r) ? CLAUDE : NOT_MINE;
  const messages = raw?.messages ?? [invalidRpcInfo()];
  if (dir === 'in' || dir === 'out') {
    line.dir = dir;
    line.batch = raw?.batch ?? false;
    line.messages = messages;
    return RPC;
  }
  if (dir === 'event' || dir === 'command' || dir === 'telemetry') {
    if (r.kind === 'llm.error') return NOT_MINE;
    line.dir = dir;
    line.label = r.kind ?? (raw?.isObject ? messages[0]!.method : null) ?? dir;
    return EVENT;
  }
  // mcp-rec arrows and unknown dirs: JSON.parse decides.
  return NOT_MINE;
}

/** What the line in bytes [start, stop) of `bytes` is, read into `scratch` and `line`; NOT_MINE for JSON.parse to decide. */
function scan(bytes: Buffer, start: number, stop: number): number {
  if (stop - start < 2 || bytes[start] !== LBRACE) return NOT_MINE;
  return readWhole(bytes, start, stop, record, NOT_MINE);
}

// A scanned turn's facts as turn.ts words them.
const roleOf = (r: RecordScan): string => r.role ?? '(no role)';
const thinkingEstimatedOf = (r: RecordScan): number | null =>
  r.thinkingExact === null && r.blocks.thinkingChars > 0 ? Math.max(1, Math.round(r.blocks.thinkingChars / 4)) : null;
const usesOf = (r: RecordScan): TurnFacts['toolUses'] => (r.blocks.toolUses === NONE ? [] : r.blocks.toolUses);
const resultsOf = (r: RecordScan): TurnFacts['toolResults'] =>
  r.blocks.toolResults === NONE ? [] : r.blocks.toolResults;

/** Where a scanned line's facts go: the parallel index's tape, or the facts `scanLine` returns. */
type FactsOut = Pick<TapeWriter, 'turn' | 'rpc' | 'event' | 'line'>;

/** The one way out of a scan: the facts in `scratch` and `line`, as the line at `index`, `offset`, `length`; false when JSON.parse must decide. */
function write(kind: number, out: FactsOut, index: number, offset: number, length: number): boolean {
  const r = scratch;
  switch (kind) {
    case TURN:
      out.turn(
        index,
        offset,
        length,
        r.t,
        r.source,
        r.corr,
        roleOf(r),
        r.model,
        r.echoed,
        r.truncated,
        r.usage,
        r.thinkingExact,
        thinkingEstimatedOf(r),
        r.ttftMs,
        r.durationMs,
        usesOf(r),
        resultsOf(r),
      );
      return true;
    case RPC:
      out.rpc(index, offset, length, r.t, line.dir as MessageDir, r.source, r.corr, line.batch, line.messages);
      return true;
    case EVENT:
      out.event(index, offset, length, r.t, line.dir as EventDir, line.label, null);
      return true;
    case CLAUDE:
      out.line(index, offset, length, claudeFacts(r));
      return true;
    default:
      return false;
  }
}

/** What `write` writes, as the facts object of the line (where it lies is not kept). */
class FactsOf implements FactsOut {
  facts: LineFacts | null = null;

  line(_index: number, _offset: number, _length: number, f: LineFacts): void {
    this.facts = f;
  }

  rpc(...[, , , t, dir, source, corr, batch, messages]: Parameters<FactsOut['rpc']>): void {
    // The scanner's own array of messages, made for this line.
    this.facts = { kind: 'rpc', t, dir, source, corr, batch, messages: messages as RpcInfo[] };
  }

  event(...[, , , t, dir, label, llmError]: Parameters<FactsOut['event']>): void {
    this.facts = { kind: 'event', t, dir, label, llmError };
  }

  turn(
    ...[
      ,
      ,
      ,
      t,
      source,
      corr,
      role,
      model,
      echoed,
      truncated,
      usage,
      thinkingExact,
      thinkingEstimated,
      ttftMs,
      durationMs,
      toolUses,
      toolResults,
      agent = null,
      frame = null,
    ]: Parameters<FactsOut['turn']>
  ): void {
    const turn: TurnFacts = {
      role,
      model,
      echoed,
      truncated,
      usage,
      thinkingExact,
      thinkingEstimated,
      ttftMs,
      durationMs,
      toolUses,
      toolResults,
      agent,
    };
    this.facts = { kind: 'turn', t, source, corr, turn, frame };
  }
}

const factsOf = new FactsOf();

/**
 * The facts of the line in bytes [start, stop) of `bytes`, or null when the line is
 * not a plain message or turn record (or not valid JSON): then JSON.parse decides.
 */
export function scanLine(bytes: Buffer, start: number, stop: number): LineFacts | null {
  if (!write(scan(bytes, start, stop), factsOf, 0, 0, stop - start)) return null;
  const facts = factsOf.facts;
  factsOf.facts = null;
  return facts;
}

/**
 * `scanLine`, written straight to a tape (no facts objects on the way: the hot path of
 * the parallel index). False, with nothing written, when JSON.parse must decide.
 */
export function scanLineTo(
  tape: TapeWriter,
  index: number,
  offset: number,
  bytes: Buffer,
  start: number,
  stop: number,
): boolean {
  return write(scan(bytes, start, stop), tape, index, offset, stop - start);
}
