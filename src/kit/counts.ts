/*
 * What a token count and a turn time are. A count is a JSON number whose exact value
 * (as written: `9007199254740993` is not the double it parses to) is a whole number
 * from 0 to 2^53; a time (`ttft_ms`, `duration_ms`) is a number from 0 to 2^53 ms.
 * Anything else is kept as a sentinel, so that the store sums it nowhere and counts it,
 * and every output shows the same word for it (`overflow`, `invalid`). A cost is
 * an estimate below COST_LIMIT.
 */

/** Above this a count or a time in ms is not exact in a double. */
export const COUNT_LIMIT = 2 ** 53;

/**
 * Nano-dollars per dollar. Costs are summed as whole nano-dollars (10^-9 USD, far below
 * any price a token has): whole numbers add up the same in any order, so a report's
 * rows, its totals, `summary` and the Usage pane agree to the last digit. Doubles in
 * USD do not: 0.1 + 0.2 is not 0.3, and rows summed by day differ from the same turns
 * summed in line order.
 */
export const NANO = 1e9;

/**
 * A cost in USD at or above this is no estimate: shown `overflow`, summed nowhere.
 * Past it a sum of nano-dollars is not exact in a double (2^53 nano-dollars, about
 * 9 million USD).
 */
export const COST_LIMIT = Number.MAX_SAFE_INTEGER / NANO;

/** A cost in USD as whole nano-dollars; null when it is no estimate (not finite, or COST_LIMIT or more). */
export function nanoOf(usd: number): number | null {
  const nano = Math.round(usd * NANO);
  return Number.isSafeInteger(nano) ? nano : null;
}

/** A sum of nano-dollars in USD: the double nearest the exact decimal (it prints as that decimal). */
export const usdOf = (nano: number): number => nano / NANO;

/** Whether a sum of nano-dollars is still exact (below 2^53 either way). */
export const nanoFits = (nano: number): boolean => Number.isSafeInteger(nano);

/** A count written above 2^53 (or past what a double holds, 1e400): shown `overflow`. */
export const OVERFLOW_COUNT = Number.POSITIVE_INFINITY;

/** A number that is no count (negative, fractional): shown `invalid`. Also a time that is no time. */
export const INVALID_COUNT = Number.NEGATIVE_INFINITY;

/** True for a count, or a time, that is one of the sentinels: it goes in no sum. */
export const notACount = (n: number): boolean => n === OVERFLOW_COUNT || n === INVALID_COUNT;

/**
 * A JSON number as a token count. `text`: the number as written, when known (the
 * byte scanner always knows it; the JSON.parse path finds it when it may matter).
 */
export function countOf(n: number, text?: string): number {
  if (Number.isNaN(n) || n < 0 || (Number.isFinite(n) && !Number.isInteger(n))) return INVALID_COUNT;
  if (n > COUNT_LIMIT) return OVERFLOW_COUNT;
  if (text === undefined || String(n) === text) return n;
  return byText(text);
}

/**
 * A JSON number as a turn time in ms: itself, or INVALID_COUNT (negative, not finite,
 * above 2^53). `text`: the number as written, when known: `9007199254740993` parses to
 * 2^53, and is above it all the same (wherever it sits: kept as 2^53, it made every real
 * turn time after it the one that would pass 2^53 in the model time's sum).
 */
export function timeOf(n: number, text?: string): number {
  if (!(n >= 0 && n <= COUNT_LIMIT)) return INVALID_COUNT;
  return n === COUNT_LIMIT && text !== undefined && aboveLimit(text) ? INVALID_COUNT : n;
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** 2^53 written out: 16 digits. */
const LIMIT_DIGITS = String(COUNT_LIMIT);

/** Whether a number's exact value, as written, is above 2^53 (compared as digits: no double rounds it). */
function aboveLimit(text: string): boolean {
  const m = NUMBER.exec(text);
  if (!m || m[1] === '-') return false;
  // The value is `digits` × 10^exp, its digits without leading or trailing zeros.
  const all = (m[2]! + (m[3] ?? '')).replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  if (digits === '') return false;
  const exp = Number(m[4] ?? 0) - (m[3]?.length ?? 0) + (all.length - digits.length);
  const whole = digits.length + exp;
  if (whole !== LIMIT_DIGITS.length) return whole > LIMIT_DIGITS.length;
  const int = exp >= 0 ? digits + '0'.repeat(exp) : digits.slice(0, whole);
  return int > LIMIT_DIGITS || (int === LIMIT_DIGITS && exp < 0);
}

/** A count from its text alone, by its exact decimal value (`1.0` and `1e3` are counts, `5.00000000000000001` is not). */
function byText(text: string): number {
  const m = NUMBER.exec(text);
  if (!m) return INVALID_COUNT;
  let digits = (m[2]! + (m[3] ?? '')).replace(/^0+/, '');
  if (digits === '') return 0;
  if (m[1] === '-') return INVALID_COUNT;
  // Exponents past what a count can need are out of range either way (and BigInt is never sized by one).
  let exp = Number(m[4] ?? 0) - (m[3]?.length ?? 0);
  const zeros = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - zeros);
  exp += zeros;
  if (exp < 0) return INVALID_COUNT;
  if (digits.length + exp > 17) return OVERFLOW_COUNT;
  const value = BigInt(digits) * 10n ** BigInt(exp);
  return value > BigInt(COUNT_LIMIT) ? OVERFLOW_COUNT : Number(value);
}

/** The usage fields that hold token counts (the v1 spec's usage object). */
export const COUNT_KEYS = [
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
  'thinking_tokens',
] as const;
