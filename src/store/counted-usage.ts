import { UsageFlag } from './codes.js';
import type { TraceStore } from './trace-store.js';

/** A turn's usage as the index counted it. */
export interface CountedUsage {
  input: number;
  output: number;
  cacheRead: number | null;
  cacheWrite: number | null;
  /** What a later copy of an API response added to the turn counted before it (ingest/agent-counting.ts). */
  continues: boolean;
}

/**
 * The usage a turn row was counted with, or null when it counts none (not an assistant
 * turn, echoed, a part of a generation counted on another line, a copy that added
 * nothing). An agent's lines repeat or split their usage: this is what each one adds.
 */
export function countedUsage(store: TraceStore, row: number): CountedUsage | null {
  const i = store.usageIndexOf(row);
  if (i < 0 || !store.usageHas(i, UsageFlag.hasUsage)) return null;
  const none = (n: number) => (Number.isNaN(n) ? null : n);
  return {
    input: store.usageOf(i, 'input'),
    output: store.usageOf(i, 'output'),
    cacheRead: none(store.usageOf(i, 'cacheRead')),
    cacheWrite: none(store.usageOf(i, 'cacheWrite')),
    continues: store.usageHas(i, UsageFlag.continues),
  };
}
