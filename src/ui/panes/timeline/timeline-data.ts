/**
 * What the Timeline reads of the store: where a row's bar runs, and the rows on screen
 * (the pass over the whole run is `timeline-run.ts`).
 */
import { hasProblem } from '../../../store/query.js';
import { isDateMs } from '../../../store/time-range.js';
import type { TraceStore } from '../../../store/trace-store.js';
import { Kind, Status } from '../../../trace/enums.js';
import { isAgentName } from '../../../trace/formats/agents/agent-record.js';
import { linkTarget } from '../../data/link-target.js';
import { foldedTime, type Gap } from './idle-gaps.js';

/** A row's bar, ms since the epoch; `open`: a call never answered, drawn on to the run's end. */
export interface Span {
  from: number;
  to: number;
  open: boolean;
}

/**
 * Where a row's bar runs: a call from its request to its response (unanswered: to
 * `runEnd`); a turn over its duration, ending at its time (a turn is written when its
 * answer is complete); in an agent's transcript, a turn that asked for tools from its
 * time to their last result (their calls: an agent's tools run in no MCP message);
 * anything else, or a turn without a duration, a moment. Null: no time on the axis.
 */
export function spanOf(
  store: TraceStore,
  row: number,
  runEnd: number,
  uses: () => readonly number[] = () => agentToolUses(store, row),
): Span | null {
  const t = store.tOf(row);
  if (t === null || !isDateMs(t)) return null;
  if (store.kindOf(row) === Kind.turn) {
    const u = store.usageIndexOf(row);
    const d = u < 0 ? NaN : store.usageOf(u, 'duration');
    if (Number.isFinite(d) && d > 0) return { from: t - d, to: t, open: false };
    return agentToolsSpan(store, uses(), t, runEnd) ?? { from: t, to: t, open: false };
  }
  const latency = store.callLatency(row);
  if (latency !== null) return { from: t, to: t + latency, open: false };
  // A request still waiting for its answer: open to the end.
  if (store.statusOf(row) === Status.pending) return { from: t, to: Math.max(t, runEnd), open: true };
  return { from: t, to: t, open: false };
}

/** The tool pairs an agent's turn opened (its tool_uses); none for any other row. */
function agentToolUses(store: TraceStore, row: number): readonly number[] {
  const agent = store.kindOf(row) === Kind.turn && isAgentName(store.files[store.fileOf(row)]?.meta?.source);
  return agent ? store.toolLinks(row).opened : [];
}

/** An agent's turn that asked for tools: from its time to their last result (one unanswered: to the end). */
function agentToolsSpan(store: TraceStore, uses: readonly number[], t: number, runEnd: number): Span | null {
  if (uses.length === 0) return null;
  let to = t;
  for (const p of uses) {
    const latency = store.pairs.latencyOf(p);
    if (latency === null) return { from: t, to: Math.max(t, runEnd), open: true };
    to = Math.max(to, t + latency);
  }
  return { from: t, to, open: false };
}

/** The run as the Timeline draws it: its extent and the idle gaps folded out of the axis. */
export interface TimelineRun {
  /** The first and last moments of the rows listed, ms since the epoch. */
  start: number;
  end: number;
  folds: Gap[];
  /** `start` and `end` on the folded axis. */
  foldedStart: number;
  foldedEnd: number;
}

/** One row of the Timeline, as its component draws it. */
export interface TimelineRow {
  row: number;
  /** An assistant turn's model, another turn's role, a call's method and tool (trace text: made inert when drawn). */
  label: string;
  /** A call a turn asked for (the link `l` follows): drawn under it, indented. */
  indented: boolean;
  /** The bar on the folded axis, null without a time. */
  bar: Span | null;
  durationMs: number | null;
  /** A failed call, a turn with a failed tool result, an llm.error (what `]` stops at). */
  problem: boolean;
  /** A call cancelled (`notifications/cancelled`) and never answered. */
  cancelled: boolean;
  marked?: boolean;
}

export function timelineRow(store: TraceStore, row: number, run: TimelineRun | null): TimelineRow {
  const turn = store.kindOf(row) === Kind.turn;
  const name = store.nameOf(row);
  // Read once: the label and the bar both need them.
  const uses = agentToolUses(store, row);
  // An agent's turn that asked for tools is named by them: it stands for their calls.
  const label = turn
    ? uses.length
      ? `→ ${uses.map((p) => store.pairs.nameOf(p)).join(', ')}`
      : store.labelOf(row) === 'assistant' && name
        ? name
        : store.labelOf(row)
    : [store.labelOf(row), name].filter(Boolean).join(' ');
  const span = run ? spanOf(store, row, run.end, () => uses) : null;
  const folds = run?.folds ?? [];
  return {
    row,
    label,
    indented: !turn && linkTarget(store, row)?.pane === 'turns',
    bar: span && { from: foldedTime(folds, span.from), to: foldedTime(folds, span.to), open: span.open },
    durationMs: span && !span.open && span.to > span.from ? span.to - span.from : null,
    problem: hasProblem(store, row),
    cancelled: !turn && store.statusOf(row) === Status.cancelled,
  };
}
