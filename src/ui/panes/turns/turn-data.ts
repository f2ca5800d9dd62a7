import { nanoOf, usdOf } from '../../../kit/counts.js';
import { isObject, type JsonObject } from '../../../kit/values.js';
import { Flag } from '../../../store/codes.js';
import { countedUsage } from '../../../store/counted-usage.js';
import { hasCalls, linkedPair } from '../../../store/links.js';
import type { TraceStore } from '../../../store/trace-store.js';
import { turnNumbersByText } from '../../../trace/count-text.js';
import { Status } from '../../../trace/enums.js';
import { factsOf } from '../../../trace/facts.js';
import { classify } from '../../../trace/parse-line.js';
import type { TurnFacts } from '../../../trace/turn.js';
import { fileLabel, offsetOf, traceStart } from '../../data/views.js';
import type { ToolUseOutcome, TurnView } from './turn-lines.js';

const CACHE_SIZE = 256;

/** A turn's cost in whole nano-dollars, as it is summed; one that is no estimate as it is (shown `overflow`). */
const costShown = (usd: number): number => {
  const nano = nanoOf(usd);
  return nano === null ? usd : usdOf(nano);
};
/** A turn's record and its facts as the index read them (counts by their text: `invalid`, `overflow`). */
interface ParsedTurn {
  turn: JsonObject | null;
  facts: TurnFacts | null;
}

const caches = new WeakMap<TraceStore, { epoch: number; parsed: Map<number, ParsedTurn> }>();

/** Parses a turn's line on demand (only visible turns), keeping a small LRU per store (and epoch: rows are numbered anew after one). */
function parsedTurn(store: TraceStore, row: number): ParsedTurn {
  let cached = caches.get(store);
  if (!cached || cached.epoch !== store.epoch) caches.set(store, (cached = { epoch: store.epoch, parsed: new Map() }));
  const parsed = cached.parsed;
  const key = row;
  if (parsed.has(key)) return parsed.get(key)!;
  let value: ParsedTurn = { turn: null, facts: null };
  try {
    const raw = store.rawLine(row);
    const v = raw === null ? null : (JSON.parse(raw) as unknown);
    // An agent's line reads as the v1 turn it stands for.
    const parsed = isObject(v) ? classify(v) : null;
    if (raw !== null && parsed?.kind === 'turn') {
      const facts = factsOf(parsed);
      if (facts.kind === 'turn') {
        turnNumbersByText(raw, facts.turn);
        // A Codex token_count names no model: its session's, as the index gave it.
        const model = parsed.agent && parsed.obj.model === undefined ? store.nameOf(row) : null;
        const turn = model === null ? parsed.obj : { ...parsed.obj, model };
        value = { turn, facts: counted(store, row, facts.turn) };
      }
    }
  } catch {
    value = { turn: null, facts: null };
  }
  if (parsed.size >= CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, value);
  return value;
}

/**
 * An agent's turn shows the usage it was counted with (store/counted-usage.ts): a Claude
 * Code response's on its first line only (each line repeats it), what a later copy
 * added, none on a part of a generation counted elsewhere (Codex's items).
 */
function counted(store: TraceStore, row: number, facts: TurnFacts): TurnFacts {
  if (facts.agent === null || facts.role !== 'assistant') return facts;
  const usage = countedUsage(store, row);
  return { ...facts, usage: usage && { ...usage } };
}

/**
 * How a tool pair ended, in the Calls pane's words: a failed one is `isError` (the tool
 * reported failure, as `is_error` says), or `error` when the call it became on the wire
 * got a JSON-RPC error, so the same call reads the same in Turns and in Calls.
 */
function outcomeState(store: TraceStore, p: number, linked: number | null): ToolUseOutcome['state'] {
  const pair = store.pairs.get(p);
  if (pair.resRow < 0) return 'pending';
  if (pair.error === null) return 'ok';
  return linked !== null && store.statusOf(store.pairs.reqRowOf(linked)) === Status.error ? 'error' : 'isError';
}

/** The id of a turn pair's tool_use block (read back from its turn), or null. */
function toolUseId(store: TraceStore, p: number): string | null {
  const turn = parsedTurn(store, store.pairs.reqRowOf(p)).turn;
  const blocks = turn && Array.isArray(turn.blocks) ? turn.blocks : [];
  const uses = blocks.filter((b) => isObject(b) && b.type === 'tool_use');
  const use = uses[store.pairs.get(p).ordinal];
  return isObject(use) && typeof use.id === 'string' ? use.id : null;
}

export function turnView(store: TraceStore, row: number, start = traceStart(store)): TurnView {
  const calls = hasCalls(store);
  const links = store.toolLinks(row);
  // Each failed tool_result says its tool_use's word (by the tool_use's id).
  const results = new Map<string, ToolUseOutcome['state']>();
  for (const p of links.closed) {
    const id = toolUseId(store, p);
    if (id !== null) results.set(id, outcomeState(store, p, linkedPair(store, p)));
  }
  const toolUses: ToolUseOutcome[] = links.opened.map((p) => {
    const pair = store.pairs.get(p);
    const linked = linkedPair(store, p);
    return {
      state: outcomeState(store, p, linked),
      latencyMs: pair.latency,
      linkedLine: linked === null ? null : store.lineOf(store.pairs.reqRowOf(linked)),
      linkedLatencyMs: linked === null ? null : store.pairs.get(linked).latency,
      noCall: calls && linked === null,
    };
  });
  // A counted turn's cost (echoed resends are not counted, unpriced models have none).
  const counted = store.usageIndexOf(row);
  // A turn whose counts are no counts has no cost either (its tokens are shown `invalid` or `overflow`).
  const cost = counted < 0 || store.usageOverflows(counted) ? NaN : store.usageOf(counted, 'cost');
  return {
    row,
    fileLabel: fileLabel(store, store.fileOf(row)),
    costUsd: Number.isNaN(cost) ? null : costShown(cost),
    offsetMs: offsetOf(store, row, start),
    tMs: store.tOf(row),
    ...parsedTurn(store, row),
    echoed: store.has(row, Flag.echoed),
    addsUsage: countedUsage(store, row)?.continues === true,
    toolUses,
    results,
  };
}
