import { COUNT_LIMIT, nanoFits, nanoOf, usdOf } from '../kit/counts.js';
import { argumentsSize, linkedCall, linkedUse } from './links.js';
import type { TraceStore } from './trace-store.js';

/*
 * Cost per tool (docs/stats.md, "Cost per tool"): each call a turn asked for is charged
 * its share of that turn: the turn's output tokens and its whole cost, split over the
 * turn's tool_uses in proportion to the size of their arguments (canonical JSON bytes;
 * one tool_use takes it all). Shares are whole tokens and whole nano-dollars, by largest
 * remainder, so a turn's shares add up to the turn exactly. An agent's tool_use is
 * charged its share of its whole generation instead (every line of one API response),
 * as its own line may be a block that counts no usage.
 */

/** What the calls of one tool were charged (`summary --json` `x-costByTool`, the Usage pane, `report --by tool`). */
export interface ToolCost {
  name: string;
  /** Calls counted, as the tool table counts them. */
  calls: number;
  /** Calls a turn asked for: tool_uses, and tools/calls linked to one (`l`). */
  attributedCalls: number;
  /** tools/calls no tool_use links to: no turn asked for them (or their turns are not open). */
  unattributedCalls: number;
  /** The shares of the asking turns' output tokens; null when no attributed call's turn reported usage. */
  outputTokens: number | null;
  /** The shares of the asking turns' cost (input, cache and output), USD; null when none was priced. */
  costUsd: number | null;
  /** Attributed calls whose turn has usage but no price: their tokens count, their cost cannot. */
  unpricedCalls: number;
  /** Present only when not 0: attributed calls whose share would overflow (a count above 2^53, a cost past exact nano-dollars, about 9 million USD), left out of the sums. */
  overflowCalls?: number;
}

export interface ToolCostOptions {
  /** Counts only the pairs whose request row (a tool_use's: its turn) is kept, as a filter's aggregates do. */
  keep?: (row: number) => boolean;
  /** Only tools/calls count (both planes of a run open: the tool table counts the mcp plane only). */
  mcpPlaneOnly?: boolean;
  /** The store holding the turns, when not `store` itself (each plane read into a store of its own). */
  turns?: TraceStore;
}

/**
 * `amount` (whole, ≥ 0) split over `weights` in proportion, in whole units, the parts
 * adding up to `amount` exactly: each part's quotient rounded down, then the units left
 * one each to the largest remainders (the earlier part on a tie). Hamilton's method,
 * hand-written: no maintained npm package does it, and it is a dozen lines. BigInt
 * products, so an amount near 2^53 times a weight of megabytes stays exact.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 1) return [amount];
  const w = weights.map((x) => BigInt(Math.max(0, Math.round(x))));
  let total = w.reduce((a, b) => a + b, 0n);
  // No weight at all: equal parts.
  if (total === 0n) {
    w.fill(1n);
    total = BigInt(w.length);
  }
  const a = BigInt(amount);
  const parts = w.map((x) => (a * x) / total);
  const remainders = w.map((x, i) => ({ i, r: (a * x) % total }));
  let left = Number(a - parts.reduce((s, x) => s + x, 0n));
  remainders.sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  for (const { i } of remainders) {
    if (left-- <= 0) break;
    parts[i]! += 1n;
  }
  return parts.map(Number);
}

/** One tool_use's share of its turn. */
export interface ToolShare {
  /** Null: the turn reported no usage (or is not a counted turn). */
  tokens: number | null;
  /** Nano-dollars; null: unpriced (or no usage). */
  nano: number | null;
  /** The turn's counts cannot be summed: its share is left out. */
  overflow: boolean;
  /** Its tokens count, its cost overflowed. */
  costOverflow: boolean;
}

/** A turn's tool_uses (pair indices) and their shares, in the same order. */
interface TurnShares {
  uses: readonly number[];
  shares: ToolShare[];
}

/** The shares of a turn's tool_uses. */
function turnShares(turns: TraceStore, row: number): TurnShares {
  const ti = turns.usageIndexOf(row);
  return sharesOf(turns, turns.toolLinks(row).opened, ti < 0 ? [] : [ti]);
}

/** The shares of `uses` (pairs) in what the counted turns `counted` add up to. */
function sharesOf(turns: TraceStore, uses: readonly number[], counted: readonly number[]): TurnShares {
  let output = counted.length ? 0 : NaN;
  let cost = counted.length ? 0 : NaN;
  let overflow = false;
  for (const ti of counted) {
    output += turns.usageOf(ti, 'output');
    overflow ||= turns.usageOverflows(ti);
    // In whole nano-dollars, as every cost is summed (kit/counts.ts).
    const c = turns.usageOf(ti, 'cost');
    cost += Number.isNaN(c) ? NaN : (nanoOf(c) ?? Infinity);
  }
  overflow ||= output > COUNT_LIMIT;
  const nanos = Number.isFinite(cost) && nanoFits(cost) ? cost : NaN;
  const costOverflow = !Number.isNaN(cost) && Number.isNaN(nanos);
  // One tool_use takes it all: its arguments are not read back.
  const weights = uses.length === 1 ? [1] : uses.map((p) => argumentsSize(turns, p));
  const tokens = Number.isNaN(output) || overflow ? null : apportion(output, weights);
  const costs = tokens === null || Number.isNaN(nanos) || costOverflow ? null : apportion(nanos, weights);
  const shares = uses.map((_, i) => ({
    tokens: tokens?.[i] ?? null,
    nano: costs?.[i] ?? null,
    overflow,
    costOverflow,
  }));
  return { uses, shares };
}

/**
 * An agent's generations (ingest/agent-counting.ts `generationOf`): the tool_uses each
 * asked for and the counted turns its usage is the sum of. Only stores of agent
 * sessions have any; the maps are made once per pass over the charges.
 */
class Generations {
  private readonly uses = new Map<number, number[]>();
  private readonly counted = new Map<number, number[]>();

  constructor(store: TraceStore) {
    const add = (map: Map<number, number[]>, gen: number, i: number) => {
      const list = map.get(gen);
      if (list) list.push(i);
      else map.set(gen, [i]);
    };
    for (let p = 0; p < store.pairs.length; p++) {
      const gen = store.pairs.genOf(p);
      if (gen >= 0) add(this.uses, gen, p);
    }
    if (this.uses.size === 0) return;
    const turns = store.rows('countedTurns').length;
    for (let ti = 0; ti < turns; ti++) {
      const gen = store.usageGenOf(ti);
      if (this.uses.has(gen)) add(this.counted, gen, ti);
    }
  }

  /** The shares of generation `gen`'s tool_uses, and the row of its first counted turn (else its first line). */
  shares(store: TraceStore, gen: number): TurnShares & { row: number } {
    const counted = this.counted.get(gen) ?? [];
    const row = counted.length ? store.rows('countedTurns')[counted[0]!]! : gen;
    return { ...sharesOf(store, this.uses.get(gen) ?? [], counted), row };
  }
}

interface Acc {
  row: ToolCost;
  tokens: number;
  tokensSeen: boolean;
  nano: number;
  priced: boolean;
  overflow: number;
}

function charge(acc: Acc, share: ToolShare): void {
  if (share.tokens === null) {
    if (share.overflow) acc.overflow += 1;
    return;
  }
  if (acc.tokens + share.tokens > COUNT_LIMIT) {
    acc.overflow += 1;
    return;
  }
  acc.tokens += share.tokens;
  acc.tokensSeen = true;
  if (share.costOverflow || (share.nano !== null && !nanoFits(acc.nano + share.nano))) acc.overflow += 1;
  else if (share.nano === null) acc.row.unpricedCalls += 1;
  else {
    acc.nano += share.nano;
    acc.priced = true;
  }
}

/** A counted call and what it is charged. */
export interface CallCharge {
  /** The pair of the call (a tools/call, or a tool_use counted on its own) in the store its table counts. */
  pair: number;
  /** A turn asked for it: a tool_use, or a tools/call linked to one. */
  attributed: boolean;
  /** Its share of the asking turn; null when none is charged here (no turn asked, or its call carries it). */
  share: ToolShare | null;
  /** The asking turn: its row, and the store holding it; null with no share. */
  turn: { store: TraceStore; row: number } | null;
}

/**
 * Each call the tool table counts, in pair order, with what it is charged: a
 * tools/call through its link to a tool_use; a tool_use counted on its own (no mcp
 * plane) directly, and one linked to a counted call not at all (the call carries it).
 * Each charge is valid until the next is asked for: one object is filled again for
 * every call (objects per call were ~40 MB for the collector on a 1 GiB trace).
 */
export function* callCharges(store: TraceStore, options: ToolCostOptions = {}): Generator<Readonly<CallCharge>> {
  const turns = options.turns ?? store;
  const keep = options.keep ?? (() => true);
  const pairs = store.pairs;
  // The last turn's shares: its tool_uses come one after another. Keeping every turn's
  // (a 1 GiB trace has ~250,000), with the texts linking read back, took ~30 MiB more.
  let last: { from: TraceStore; row: number; gen: number; shares: TurnShares } | null = null;
  const generations = new Map<TraceStore, Generations>();
  const turn = { store, row: -1 };
  const charge: CallCharge = { pair: -1, attributed: false, share: null, turn: null };
  const fill = (pair: number, attributed: boolean, share: ToolShare | null, from: TraceStore | null, row = -1) => {
    charge.pair = pair;
    charge.attributed = attributed;
    charge.share = share;
    if (from === null) charge.turn = null;
    else {
      turn.store = from;
      turn.row = row;
      charge.turn = turn;
    }
    return charge;
  };
  /** Tool_use `u`'s share of its turn, in `from` (the turns' store, or this one's own turns). */
  const charged = (from: TraceStore, u: number, pair: number): CallCharge => {
    const gen = from.pairs.genOf(u);
    if (gen >= 0) {
      if (last?.from !== from || last.gen !== gen) {
        let g = generations.get(from);
        if (!g) generations.set(from, (g = new Generations(from)));
        const { row, ...shares } = g.shares(from, gen);
        last = { from, row, gen, shares };
      }
    } else {
      const row = from.pairs.reqRowOf(u);
      if (last?.from !== from || last.gen >= 0 || last.row !== row)
        last = { from, row, gen: -1, shares: turnShares(from, row) };
    }
    const { uses, shares } = last.shares;
    return fill(pair, true, shares[uses.indexOf(u)]!, from, last.row);
  };
  for (let p = 0; p < pairs.length; p++) {
    const mcp = pairs.isMcp(p);
    if ((!mcp && options.mcpPlaneOnly) || !keep(pairs.reqRowOf(p))) continue;
    if (mcp) {
      const u = linkedUse(turns, store, p);
      yield u === null ? fill(p, false, null, null) : charged(turns, u, p);
      continue;
    }
    // Its call, counted in this table too, carries the share.
    const call = linkedCall(store, store, p);
    yield call === null || !keep(pairs.reqRowOf(call)) ? charged(store, p, p) : fill(p, true, null, null);
  }
}

/** Per tool, what its calls were charged, summed charge by charge. */
class ToolCostTally {
  private readonly byName = new Map<string, Acc>();

  constructor(private readonly store: TraceStore) {}

  add(c: Readonly<CallCharge>): void {
    const name = this.store.pairs.nameOf(c.pair);
    let acc = this.byName.get(name);
    if (!acc) {
      const row = {
        name,
        calls: 0,
        attributedCalls: 0,
        unattributedCalls: 0,
        outputTokens: null,
        costUsd: null,
        unpricedCalls: 0,
      };
      this.byName.set(name, (acc = { row, tokens: 0, tokensSeen: false, nano: 0, priced: false, overflow: 0 }));
    }
    acc.row.calls += 1;
    if (!c.attributed) acc.row.unattributedCalls += 1;
    else acc.row.attributedCalls += 1;
    if (c.share) charge(acc, c.share);
  }

  result(): ToolCost[] {
    return [...this.byName.values()]
      .map(({ row, tokens, tokensSeen, nano, priced, overflow }) => ({
        ...row,
        outputTokens: tokensSeen ? tokens : null,
        costUsd: priced ? usdOf(nano) : null,
        ...(overflow ? { overflowCalls: overflow } : {}),
      }))
      .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/**
 * Per tool: its calls, how many a turn asked for, and their share of those turns'
 * output tokens and cost, in the tool table's order (most calls first, then by name).
 */
export function toolCosts(store: TraceStore, options: ToolCostOptions = {}): ToolCost[] {
  const tally = new ToolCostTally(store);
  for (const c of callCharges(store, options)) tally.add(c);
  return tally.result();
}

/**
 * `toolCosts`, worked out a slice at a time for a caller that must keep answering (the
 * app: ~0.5 s on a 1 GiB trace): each call of the function returned goes on for about
 * `ms` milliseconds (0: none), and returns the costs once all are summed, else null. The store
 * must not change meanwhile (a caller starts again at a new version).
 */
export function toolCostsInSteps(store: TraceStore, options: ToolCostOptions = {}): (ms: number) => ToolCost[] | null {
  const tally = new ToolCostTally(store);
  const charges = callCharges(store, options);
  let done: ToolCost[] | null = null;
  return (ms) => {
    // No time at all: only whether they are done (a frame asking, not working).
    if (done || ms <= 0) return done;
    const deadline = performance.now() + ms;
    for (let n = 1; ; n++) {
      const next = charges.next();
      if (next.done) return (done = tally.result());
      tally.add(next.value);
      if (n % 256 === 0 && performance.now() >= deadline) return null;
    }
  };
}
