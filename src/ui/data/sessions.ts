/** The Sessions list's rows in the order shown, what each says, and which a search finds (pure). */
import type { SessionEntry } from '../../store/session-list.js';
import { findPattern } from '../format/find-lines.js';
import type { SessionSort } from '../state/ui-state.js';

/** A run's name: the last part of its path (the directory is the same for most). */
export const runName = (e: SessionEntry): string => e.run.id.split('/').pop() ?? e.run.id;

/** An agent as the label column names it. */
const AGENT_NAMES: Record<string, string> = { 'claude-code': 'claude', codex: 'codex', 'gemini-cli': 'gemini' };

/**
 * What the label column shows: an agent's session by its agent and project folder
 * (`claude · my-app`), a recording by its server's label, else the run's name.
 */
export function labelOf(e: SessionEntry): string {
  const info = e.info;
  if (info?.agent) {
    const project = info.project?.split(/[\\/]/).filter(Boolean).pop() ?? info.label ?? runName(e);
    return `${AGENT_NAMES[info.agent] ?? info.agent} · ${project}`;
  }
  return info?.label ?? runName(e);
}

/**
 * A run's models as the model column shows them: the most used one, its vendor prefix
 * and release date dropped (`claude-opus-4-6-20260101` is `opus-4-6`), then `+N` for
 * the others. The full names are in the session's Usage pane.
 */
export function modelsCell(e: SessionEntry): string {
  const models = e.info?.models ?? [];
  if (models.length === 0) return '—';
  const short = models[0]!.replace(/^(models\/|claude-)/, '').replace(/-\d{8}$/, '');
  return models.length > 1 ? `${short} +${models.length - 1}` : short;
}

/** Every token of a run: input, output, cache reads and writes (as ccusage's total). */
export function tokensOf(e: SessionEntry): number | null {
  const f = e.figures;
  if (!f) return null;
  return (f.inputTokens ?? 0) + (f.outputTokens ?? 0) + (f.cacheReadTokens ?? 0) + (f.cacheWriteTokens ?? 0);
}

/** A run's start: its files' own once read, else when they last changed (a close guess). */
const startOf = (e: SessionEntry): number => e.info?.startMs ?? e.run.mtimeMs;

/** Larger first; a run not read yet (or with no such figure) after those that have one. */
const byNumber = (value: (e: SessionEntry) => number | null | undefined) => (a: SessionEntry, b: SessionEntry) => {
  const x = value(a) ?? null;
  const y = value(b) ?? null;
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
};

const ORDERS: Record<SessionSort, (a: SessionEntry, b: SessionEntry) => number> = {
  start: byNumber(startOf),
  label: (a, b) => labelOf(a).localeCompare(labelOf(b)),
  model: (a, b) => (a.info?.models[0] ?? '\uffff').localeCompare(b.info?.models[0] ?? '\uffff'),
  duration: byNumber((e) => e.info?.durationMs),
  calls: byNumber((e) => e.figures?.toolCalls),
  errors: byNumber((e) => e.figures?.toolErrors),
  tokens: byNumber(tokensOf),
  cost: byNumber((e) => e.figures?.costNano),
};

/** A run read and found to hold no record (its files empty): no session, so not listed. */
export const noSession = (e: SessionEntry): boolean => e.info !== null && e.figures === null && !e.problems.length;

/** The entries' indices in the order shown (runs with no record left out): by `sort`, then newest first, then by name. */
export function sessionOrder(entries: readonly SessionEntry[], sort: SessionSort): number[] {
  const by = ORDERS[sort];
  const newest = ORDERS.start;
  return entries
    .map((_, i) => i)
    .filter((i) => !noSession(entries[i]!))
    .sort(
      (i, j) =>
        by(entries[i]!, entries[j]!) ||
        newest(entries[i]!, entries[j]!) ||
        (entries[i]!.run.id < entries[j]!.run.id ? -1 : 1),
    );
}

/** The places in `order` whose run's name or label holds `query` (smart case: any case while it has no capital). */
export function sessionMatches(entries: readonly SessionEntry[], order: readonly number[], query: string): number[] {
  const pattern = findPattern(query);
  if (!pattern) return [];
  const out: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const e = entries[order[i]!]!;
    if (pattern.test(runName(e)) || pattern.test(labelOf(e))) out.push(i);
  }
  return out;
}
