import { COUNT_KEYS, countOf } from './counts.js';
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
