/** What the side-by-side view compares for one diff row, read back from both stores. */

import type { Json } from '../../kit/values.js';
import { argsOf, type DiffCall, outcomeOf } from '../../store/diff.js';
import type { ToolPair, TraceStore } from '../../store/trace-store.js';

/** One side of a row: the call's arguments and outcome (undefined where it has none), or no call at all. */
export interface CallSide {
  pair: ToolPair | null;
  args: Json | undefined;
  outcome: Json | undefined;
}

/**
 * The tool pair whose request is at `line` (a diff row names its calls by line), of
 * tool `name` when a turn at that line opened several.
 */
function pairAt(store: TraceStore, line: number | null, name: string): ToolPair | null {
  if (line === null) return null;
  let first: ToolPair | null = null;
  for (let p = 0; p < store.pairs.length; p++) {
    if (store.lineOf(store.pairs.reqRowOf(p)) !== line) continue;
    const pair = store.pairs.get(p);
    if (pair.name === name) return pair;
    first ??= pair;
  }
  return first;
}

export function callSides(c: DiffCall, a: TraceStore, b: TraceStore): [CallSide, CallSide] {
  const side = (store: TraceStore, line: number | null): CallSide => {
    const pair = pairAt(store, line, c.tool);
    return pair
      ? { pair, args: argsOf(store, pair), outcome: outcomeOf(store, pair) }
      : { pair: null, args: undefined, outcome: undefined };
  };
  return [side(a, c.aLine), side(b, c.bLine)];
}
