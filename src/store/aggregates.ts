/** Latency and outcome counts of one group of calls (a method, or a tool of one origin). */
export interface CallAgg {
  calls: number;
  errors: number;
  pending: number;
  cancelled: number;
  latencies: number[];
}

export interface ModelAgg {
  model: string;
  calls: number;
  /** Counted turns that carried a `usage` object (null sums when 0). */
  withUsage: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheReadSeen: boolean;
  cacheWrite: number;
  cacheWriteSeen: boolean;
  thinkingExact: number;
  thinkingEstimated: number;
  ttft: number[];
  durations: number[];
  cost: number;
  /** Turns with usage whose model had no price row. */
  unpricedTurns: number;
  priced: boolean;
}

export interface ErrorEntry {
  t: number | null;
  source: 'tool' | 'jsonrpc' | 'llm';
  name: string;
  message: string;
  /** Tool errors: which kind of pair, so the two-plane rule can drop turn ones. */
  origin?: 'mcp' | 'turn';
}

/** What one counted (non-echoed assistant) turn adds to its model. */
export interface TurnUsageFacts {
  model: string;
  hasUsage: boolean;
  input: number;
  output: number;
  cacheRead: number | null;
  cacheWrite: number | null;
  thinkingExact: number | null;
  thinkingEstimated: number | null;
  ttftMs: number | null;
  durationMs: number | null;
  /** USD, or null when unpriced. */
  cost: number | null;
  /** Whether the model matched a price row. */
  priced: boolean;
}

const newCall = (): CallAgg => ({ calls: 0, errors: 0, pending: 0, cancelled: 0, latencies: [] });

/**
 * Per-model, per-method and per-tool rollups, updated one event at a time as rows
 * arrive, so a followed trace never recomputes from scratch. A filtered view
 * builds a fresh one over its rows with the same calls.
 */
export class Aggregates {
  readonly models = new Map<string, ModelAgg>();
  readonly methods = new Map<string, CallAgg>();
  readonly tools = new Map<string, { mcp: CallAgg; turn: CallAgg }>();
  readonly errors: ErrorEntry[] = [];
  turns = 0;
  echoedTurns = 0;
  assistantTurns = 0;
  modelTimeMs = 0;
  modelTimeSeen = false;

  method(name: string): CallAgg {
    let m = this.methods.get(name);
    if (!m) this.methods.set(name, (m = newCall()));
    return m;
  }

  tool(name: string, origin: 'mcp' | 'turn'): CallAgg {
    let t = this.tools.get(name);
    if (!t) this.tools.set(name, (t = { mcp: newCall(), turn: newCall() }));
    return t[origin];
  }

  callOpened(agg: CallAgg): void {
    agg.calls += 1;
    agg.pending += 1;
  }

  callClosed(agg: CallAgg, latency: number | null, failed: boolean): void {
    agg.pending -= 1;
    if (latency !== null) agg.latencies.push(latency);
    if (failed) agg.errors += 1;
  }

  turn(echoed: boolean): void {
    this.turns += 1;
    if (echoed) this.echoedTurns += 1;
  }

  assistantTurn(f: TurnUsageFacts): void {
    this.assistantTurns += 1;
    let m = this.models.get(f.model);
    if (!m) {
      m = { model: f.model, calls: 0, withUsage: 0, input: 0, output: 0, cacheRead: 0, cacheReadSeen: false, cacheWrite: 0, cacheWriteSeen: false, thinkingExact: 0, thinkingEstimated: 0, ttft: [], durations: [], cost: 0, unpricedTurns: 0, priced: true };
      this.models.set(f.model, m);
    }
    m.calls += 1;
    m.priced = f.priced;
    if (f.hasUsage) {
      m.withUsage += 1;
      m.input += f.input;
      m.output += f.output;
      if (f.cost === null) m.unpricedTurns += 1;
      else m.cost += f.cost;
    }
    if (f.cacheRead !== null) {
      m.cacheRead += f.cacheRead;
      m.cacheReadSeen = true;
    }
    if (f.cacheWrite !== null) {
      m.cacheWrite += f.cacheWrite;
      m.cacheWriteSeen = true;
    }
    if (f.thinkingExact !== null) m.thinkingExact += f.thinkingExact;
    else if (f.thinkingEstimated !== null) m.thinkingEstimated += f.thinkingEstimated;
    if (f.ttftMs !== null) m.ttft.push(f.ttftMs);
    if (f.durationMs !== null) {
      m.durations.push(f.durationMs);
      this.modelTimeMs += f.durationMs;
      this.modelTimeSeen = true;
    }
  }

  error(entry: ErrorEntry): void {
    this.errors.push(entry);
  }
}
