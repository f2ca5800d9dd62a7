import { isoTime } from '../kit/dates.js';
import { keepText } from '../kit/text.js';
import type { Line, LineRef } from '../sources/types.js';
import { Flag } from '../store/codes.js';
import type { FileState, TraceStore } from '../store/trace-store.js';
import { Dir, type DirCode, Kind, type KindCode, Shape } from '../trace/enums.js';
import { bytesFacts, lineFacts } from '../trace/facts.js';
import type { AgentFrame } from '../trace/formats/agents/agent-record.js';
import type { LineFacts } from '../trace/line-facts.js';
import type { TurnFacts, TurnUsage } from '../trace/turn.js';
import { type AgentState, agentState, countTurn, frameMeta, generationOf } from './agent-counting.js';
import { cancel, closeRequest, type FilePairing, filePairing, openRequest, pairTurn } from './pairing.js';

/** Skipped lines kept for the summary's note (each file still counts them all). */
const MAX_SKIPS_KEPT = 10_000;

/**
 * The one path by which rows enter a store: each line's facts become a row in the
 * store's tables, pairing (pairing.ts) runs on it, and the aggregates take it in.
 * It holds the pairing tables of every file, dropped when the store's rows are
 * emptied (a new `epoch`).
 */
class RowWriter {
  private epoch: number;
  private pairing: FilePairing[] = [];
  private agents: AgentState[] = [];

  constructor(private readonly store: TraceStore) {
    this.epoch = store.epoch;
  }

  /** Appends a batch of lines (or its lines [from, to)) and schedules one change notice. */
  appendLines(file: number, lines: readonly Line[], from: number, to: number): void {
    for (let i = from; i < to; i++) this.appendLine(file, lines[i]!);
    this.store.version += 1;
    this.store.notifier.changed();
  }

  appendLine(file: number, line: Line): void {
    // The bytes when the source still has them (the fast path), else the text.
    const facts =
      line.buf !== undefined
        ? bytesFacts(line.buf, line.start!, line.start! + line.length)
        : line.skip !== undefined
          ? { kind: 'skip' as const, reason: line.skip }
          : lineFacts(line.text);
    this.appendFacts(file, line, facts);
  }

  appendFacts(file: number, line: LineRef, facts: LineFacts): void {
    const store = this.store;
    const f = store.files[file]!;
    const w = store.writer;
    switch (facts.kind) {
      case 'blank':
        return;
      case 'skip':
        f.skipped += 1;
        if (store.skips.length < MAX_SKIPS_KEPT) store.skips.push({ file, lineNo: line.lineNo, reason: facts.reason });
        this.push(f, line, Kind.skip, null, w.intern(facts.reason));
        return;
      case 'meta':
        f.counts.meta += 1;
        f.meta ??= facts.obj;
        this.push(f, line, Kind.meta, facts.t, w.intern('meta'));
        return;
      case 'end':
        f.counts.end += 1;
        f.end = facts.obj;
        this.push(f, line, Kind.end, facts.t, w.intern('end'));
        return;
      case 'other':
        f.counts.other += 1;
        if (facts.frame !== null) this.frame(f, facts.frame, facts.t);
        if (facts.model !== null) this.agentOf(f.index).model = facts.model;
        this.push(f, line, Kind.other, facts.t, w.intern(facts.type));
        return;
      case 'otherDir':
        f.counts.other += 1;
        this.push(f, line, Kind.other, facts.t, w.intern(`dir:${facts.dirText}`), -1, Dir.other);
        return;
      case 'turn':
        f.counts.turn += 1;
        if (facts.frame !== null) this.frame(f, facts.frame, facts.t);
        this.appendTurn(f, line, facts.t, facts.source, facts.corr, facts.turn);
        return;
      case 'rpc':
        f.counts.message += 1;
        this.appendRpc(f, line, facts);
        return;
      case 'event':
        f.counts.event += 1;
        this.appendEvent(f, line, facts);
    }
  }

  /** Every file's pairing tables (tests compare two stores' whole state). */
  tables(): readonly FilePairing[] {
    return this.epoch === this.store.epoch ? this.pairing : [];
  }

  /** A file's pairing tables; all of them anew after the store's rows were emptied. */
  private pairingOf(file: number): FilePairing {
    this.sameEpoch();
    return (this.pairing[file] ??= filePairing(file));
  }

  /** A file's agent state (agent-counting.ts), anew after the store's rows were emptied. */
  private agentOf(file: number): AgentState {
    this.sameEpoch();
    return (this.agents[file] ??= agentState());
  }

  private sameEpoch(): void {
    if (this.epoch === this.store.epoch) return;
    this.epoch = this.store.epoch;
    this.pairing = [];
    this.agents = [];
  }

  /**
   * An agent's session has no meta line: the first line that says where it runs stands
   * for one (a later one that names the folder, when the first named none), from the
   * session's first time.
   */
  private frame(f: FileState, frame: AgentFrame, t: number | null): void {
    if (f.meta !== null && (typeof f.meta.cwd === 'string' || frame.cwd === null)) return;
    const first = typeof f.meta?.startedAt === 'string' ? f.meta.startedAt : null;
    f.meta = frameMeta(frame, first ?? (t === null ? null : isoTime(t)));
  }

  private push(
    f: FileState,
    line: LineRef,
    kind: KindCode,
    t: number | null,
    label: number,
    name = -1,
    dir: DirCode = Dir.none,
  ): number {
    if (t !== null) {
      f.firstT ??= t;
      if (f.maxT === null || t > f.maxT) f.maxT = t;
    }
    f.appended = Math.max(f.appended, line.offset + line.length);
    return this.store.writer.appendRow(f.index, line, kind, t, label, name, dir);
  }

  private appendEvent(f: FileState, line: LineRef, facts: Extract<LineFacts, { kind: 'event' }>): void {
    const { t, llmError } = facts;
    const w = this.store.writer;
    const row = this.push(f, line, Kind.event, t, w.intern(facts.label), -1, Dir[facts.dir]);
    if (llmError !== null) {
      const message = keepText(llmError.message);
      w.setErrorText(row, message);
      w.setRowErrors(row, [{ t, source: 'llm', name: keepText(llmError.name, 500), message }]);
    }
    this.store.rowAdded(f, row);
  }

  private appendRpc(f: FileState, line: LineRef, facts: Extract<LineFacts, { kind: 'rpc' }>): void {
    const { t, dir } = facts;
    const source = facts.source ?? 'mcp-tape';
    const w = this.store.writer;
    const pairing = this.pairingOf(f.index);
    for (const info of facts.messages) {
      const label = info.method ?? (info.shape === 'response' ? '(response)' : '(invalid)');
      const name = info.toolName === null ? -1 : w.intern(info.toolName);
      const row = this.push(f, line, Kind.message, t, w.intern(label), name, Dir[dir]);
      w.setShape(row, Shape[info.shape]);
      if (facts.batch) w.addFlags(row, Flag.batch);
      if (info.shape === 'request') openRequest(w, pairing, row, dir, source, info, facts.corr);
      else if (info.shape === 'response') closeRequest(w, pairing, row, dir, source, info);
      else {
        if (info.cancels !== null) cancel(w, pairing, dir, source, info.cancels);
        w.pushCall(row);
      }
      this.store.rowAdded(f, row);
    }
  }

  private appendTurn(
    f: FileState,
    line: LineRef,
    t: number | null,
    source: string | null,
    corr: string | null,
    facts: TurnFacts,
  ): void {
    const w = this.store.writer;
    const agent = facts.agent;
    const modelName = agent?.inheritsModel && facts.model === null ? this.agentOf(f.index).model : facts.model;
    const model = modelName === null ? -1 : w.intern(modelName);
    const row = this.push(f, line, Kind.turn, t, w.intern(facts.role), model);
    if (facts.echoed) w.addFlags(row, Flag.echoed);
    if (facts.truncated) w.addFlags(row, Flag.truncated);
    if (facts.usage) w.addFlags(row, Flag.hasUsage);
    // Echoed turns are kept and counted, but describe no generation and pair nothing.
    w.pushTurn(row, !facts.echoed);
    if (!facts.echoed) {
      const gen = agent === null ? -1 : generationOf(this.agentOf(f.index), facts, row);
      // A counted turn: its usage goes into the turn columns (for filtered re-aggregation too).
      // An agent's part of a generation counted on another line counts nothing.
      if (facts.role === 'assistant' && !agent?.part) {
        const price = this.store.prices.lookup(modelName ?? '(no model)');
        const costOf = (u: TurnUsage) => (price ? price.cost(u, t) : NaN);
        if (agent === null) w.pushUsage(row, facts, facts.usage ? costOf(facts.usage) : NaN, price !== null);
        else {
          const counted = countTurn(this.agentOf(f.index), facts, costOf);
          if (counted !== null)
            w.pushUsage(row, { ...facts, usage: counted.usage }, counted.cost, price !== null, counted.continues, gen);
        }
      }
      pairTurn(w, this.pairingOf(f.index), row, source ?? 'mcp-tape', corr, facts, gen);
    }
    this.store.rowAdded(f, row);
  }
}

const writers = new WeakMap<TraceStore, RowWriter>();

/** The store's writer (one per store: it holds the pairing tables between batches). */
function writerOf(store: TraceStore): RowWriter {
  let w = writers.get(store);
  if (!w) writers.set(store, (w = new RowWriter(store)));
  return w;
}

/** Appends a batch of lines (or its lines [from, to)) to a file of the store, and schedules one change notice. */
export function appendLines(
  store: TraceStore,
  file: number,
  lines: readonly Line[],
  from = 0,
  to = lines.length,
): void {
  writerOf(store).appendLines(file, lines, from, to);
}

/** Appends one line's facts (the parallel index and a reset file's kept lines): no change notice. */
export function appendFacts(store: TraceStore, file: number, line: LineRef, facts: LineFacts): void {
  writerOf(store).appendFacts(file, line, facts);
}

/** A bound `appendFacts` for one store, for loops over many lines (no lookup per line). */
export function factsAppender(store: TraceStore): (file: number, line: LineRef, facts: LineFacts) => void {
  const w = writerOf(store);
  return (file, line, facts) => w.appendFacts(file, line, facts);
}

/** The pairing tables a store's files hold now, by file (what pending requests and open tool_uses wait for). */
export function pairingTables(store: TraceStore): readonly FilePairing[] {
  return writerOf(store).tables();
}
