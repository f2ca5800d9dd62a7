import { COUNT_KEYS, COUNT_LIMIT, countOf, timeOf } from './counts.js';
import { hasEscapedKey, inexactAfter, LBRACE, members, numberText, ws } from './json-walk.js';
import type { TurnFacts } from './turn.js';

/*
 * JSON.parse rounds `9007199254740993` to 2^53 and `5.00000000000000001` to 5: a count
 * is exact only when its text is. For the turn lines the JSON.parse path reads
 * (facts.ts), this finds the usage numbers' texts and counts them as the byte scanner
 * does (scan-line.ts `optCount`).
 */

/** Counts a turn's usage numbers again by their text, where a text may differ from its double's. */
export function countUsageByText(text: string, turn: TurnFacts): void {
  if (turn.usage === null) return;
  if (!COUNT_KEYS.some((k) => inexactAfter(text, `"${k}"`)) && !hasEscapedKey(text)) return;
  let usageAt = -1;
  members(text, ws(text, 0), (key, at) => {
    if (key === 'usage') usageAt = at;
  });
  if (usageAt < 0 || text.charCodeAt(usageAt) !== LBRACE) return;
  // The last value of a key is the one JSON.parse kept.
  const last = new Map<string, number>();
  members(text, usageAt, (key, at) => {
    last.set(key, at);
  });
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
 * out of range, as the byte scanner reads them (scan-line.ts `optTime`).
 */
export function timeByText(text: string, turn: TurnFacts): void {
  if (turn.ttftMs !== COUNT_LIMIT && turn.durationMs !== COUNT_LIMIT) return;
  let timingAt = -1;
  members(text, ws(text, 0), (key, at) => {
    if (key === 'timing') timingAt = at;
  });
  if (timingAt < 0 || text.charCodeAt(timingAt) !== LBRACE) return;
  const last = new Map<string, number>();
  members(text, timingAt, (key, at) => {
    last.set(key, at);
  });
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
