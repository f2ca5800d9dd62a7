/**
 * A seeded random integer in [0, n): the same inputs on every run, so a failing case
 * can be run again. A linear congruential generator; its high bits are the random ones.
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}
