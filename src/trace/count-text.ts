import { COUNT_KEYS, COUNT_LIMIT, countOf, timeOf } from '../kit/counts.js';
import { hasEscapedKey, inexactAfter, LBRACE, members, numberText, ws } from '../kit/json-walk.js';
import type { TurnFacts } from './turn.js';

/*
 * JSON.parse rounds `9007199254740993` to 2^53 and `5.00000000000000001` to 5: a count
 * is exact only when its text is. For the turn lines the JSON.parse path reads
 * (facts.ts), this finds the usage numbers' texts and counts them as the byte scanner
 * does (json-scan.ts `optCount`).
 */

/**
 * Where each member of the line's top-level object `name` has its value (the last of a
 * key: the one JSON.parse kept); null when the line has no such object.
 */
function membersOf(text: string, name: string): Map<string, number> | null {
  let objectAt = -1;
  members(text, ws(text, 0), (key, at) => {
    if (key === name) objectAt = at;
  });
  if (objectAt < 0 || text.charCodeAt(objectAt) !== LBRACE) return null;
  const last = new Map<string, number>();
  members(text, objectAt, (key, at) => {
    last.set(key, at);
  });
  return last;
}

/** Counts a turn's usage numbers again by their text, where a text may differ from its double's. */
export function countUsageByText(text: string, turn: TurnFacts): void {
  if (turn.usage === null) return;
  if (!COUNT_KEYS.some((k) => inexactAfter(text, `"${k}"`)) && !hasEscapedKey(text)) return;
  const last = membersOf(text, 'usage');
  if (last === null) return;
  const counted = (key: (typeof COUNT_KEYS)[number]): number | null => {
    const at = last.get(key);
    if (at === undefined) return null;
    const c = text.charCodeAt(at);
    if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) return null;
    const token = numberText(text, at);
    return countOf(Number(token), token);
  };
  const u = turn.usage;
  if (u) {
    u.input = counted('input_tokens') ?? u.input;
    u.output = counted('output_tokens') ?? u.output;
    u.cacheRead = counted('cache_read_input_tokens') ?? u.cacheRead;
    u.cacheWrite = counted('cache_creation_input_tokens') ?? u.cacheWrite;
  }
  turn.thinkingExact = counted('thinking_tokens') ?? turn.thinkingExact;
}

/**
 * Turn times JSON.parse rounded to 2^53 (`9007199254740993`), read again by their text:
 * out of range, as the byte scanner reads them (json-scan.ts `optTime`).
 */
export function timeByText(text: string, turn: TurnFacts): void {
  if (turn.ttftMs !== COUNT_LIMIT && turn.durationMs !== COUNT_LIMIT) return;
  const last = membersOf(text, 'timing');
  if (last === null) return;
  const timed = (key: string, parsed: number | null): number | null => {
    const at = last.get(key);
    if (parsed !== COUNT_LIMIT || at === undefined) return parsed;
    const token = numberText(text, at);
    return timeOf(Number(token), token);
  };
  turn.ttftMs = timed('ttft_ms', turn.ttftMs);
  turn.durationMs = timed('duration_ms', turn.durationMs);
}

/** A turn's counts and times read again by their text, where a double may have rounded them: every reader of a turn line calls this. */
export function turnNumbersByText(text: string, turn: TurnFacts): void {
  countUsageByText(text, turn);
  timeByText(text, turn);
}
