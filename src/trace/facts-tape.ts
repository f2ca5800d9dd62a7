import { jsonText } from '../kit/json-write.js';
import type { JsonObject } from '../kit/values.js';
import { DIRS, Dir, type EventDir, type MessageDir, type RpcShape, SHAPES, Shape } from './enums.js';
import { AGENT_NAMES as AGENTS, type AgentCounting, type AgentFrame } from './formats/agents/agent-record.js';
import type { LineFacts, LlmError } from './line-facts.js';
import { type IdKey, invalidRpcInfo, type RpcInfo } from './rpc.js';
import { bareTurnFacts, type TurnFacts, type TurnUsage } from './turn.js';

/*
 * Line facts as numbers and strings, to pass between threads cheaply: one
 * Float64Array (transferred, not copied) and one array of strings (each repeated
 * string sent once per tape). Nulls are -1 for strings and NaN for numbers (facts
 * never hold NaN). A `TapeReader` gives back exactly the facts that were written.
 */

export interface Tape {
  nums: Float64Array;
  strs: string[];
}

const KIND = { skip: 0, meta: 1, end: 2, other: 3, otherDir: 4, rpc: 5, event: 6, turn: 7 } as const;
/** The tag of a numeric id (a string's index is ≥ 0; none is -1). */
const ID_NUMBER = -2;

const num = (v: number | null): number => (v === null ? NaN : v);
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

export class TapeWriter {
  private nums = new Float64Array(1 << 14);
  private n = 0;
  private strs: string[] = [];
  private ids = new Map<string, number>();

  private put(v: number): void {
    if (this.n === this.nums.length) {
      const grown = new Float64Array(this.nums.length * 2);
      grown.set(this.nums);
      this.nums = grown;
    }
    this.nums[this.n++] = v;
  }

  /** A string that repeats (names, methods, sources): sent once. */
  private str(v: string | null): void {
    if (v === null) return this.put(-1);
    let id = this.ids.get(v);
    if (id === undefined) {
      id = this.strs.push(v) - 1;
      this.ids.set(v, id);
    }
    this.put(id);
  }

  /** A string that seldom repeats (ids, error texts): not looked up. */
  private once(v: string | null): void {
    this.put(v === null ? -1 : this.strs.push(v) - 1);
  }

  /** One line: its index in the block (for its number), offset, byte length and facts. */
  line(index: number, offset: number, length: number, f: LineFacts): void {
    switch (f.kind) {
      case 'blank':
        return;
      case 'rpc':
        return this.rpc(index, offset, length, f.t, f.dir, f.source, f.corr, f.batch, f.messages);
      case 'event':
        return this.event(index, offset, length, f.t, f.dir, f.label, f.llmError);
      case 'turn': {
        const t = f.turn;
        return this.turn(
          index,
          offset,
          length,
          f.t,
          f.source,
          f.corr,
          t.role,
          t.model,
          t.echoed,
          t.truncated,
          t.usage,
          t.thinkingExact,
          t.thinkingEstimated,
          t.ttftMs,
          t.durationMs,
          t.toolUses,
          t.toolResults,
          t.agent,
          f.frame,
        );
      }
    }
    this.head(index, offset, length, KIND[f.kind]);
    switch (f.kind) {
      case 'skip':
        return this.str(f.reason);
      case 'meta':
      case 'end':
        this.put(num(f.t));
        return this.once(jsonText(f.obj));
      case 'other':
        this.put(num(f.t));
        this.str(f.type);
        this.str(f.model);
        return this.frame(f.frame);
      case 'otherDir':
        this.put(num(f.t));
        return this.str(f.dirText);
    }
  }

  private head(index: number, offset: number, length: number, kind: number): void {
    this.put(index);
    this.put(offset);
    this.put(length);
    this.put(kind);
  }

  /** A message line's facts, as `line` writes an `rpc` one (the scanner writes them straight from its fields). */
  rpc(
    index: number,
    offset: number,
    length: number,
    t: number | null,
    dir: MessageDir,
    source: string | null,
    corr: string | null,
    batch: boolean,
    messages: readonly RpcInfo[],
  ): void {
    this.head(index, offset, length, KIND.rpc);
    this.put(num(t));
    this.put(dir === 'in' ? 0 : 1);
    this.str(source);
    this.once(corr);
    this.put(batch ? 1 : 0);
    this.put(messages.length);
    for (const m of messages) this.message(m);
  }

  /** An event line's facts, as `line` writes them. */
  event(
    index: number,
    offset: number,
    length: number,
    t: number | null,
    dir: EventDir,
    label: string,
    llmError: LlmError | null,
  ): void {
    this.head(index, offset, length, KIND.event);
    this.put(num(t));
    this.put(Dir[dir]);
    this.str(label);
    this.put(llmError ? 1 : 0);
    if (llmError) {
      this.once(llmError.name);
      this.once(llmError.message);
    }
  }

  private message(m: RpcInfo): void {
    this.put(Shape[m.shape]);
    this.str(m.method);
    this.id(m.idKey);
    this.str(m.toolName);
    this.once(m.protocolError);
    this.once(m.executionError);
    this.id(m.cancels);
    this.put(m.argsKey);
  }

  /** An id: a number goes on the tape as itself (no string crosses threads), a string once. */
  private id(v: IdKey | null): void {
    if (typeof v === 'number') {
      this.put(ID_NUMBER);
      this.put(v);
    } else this.once(v);
  }

  /** A turn line's facts, field by field (`TurnFacts`), as `line` writes them. */
  turn(
    index: number,
    offset: number,
    length: number,
    t: number | null,
    source: string | null,
    corr: string | null,
    role: string,
    model: string | null,
    echoed: boolean,
    truncated: boolean,
    usage: TurnUsage | null,
    thinkingExact: number | null,
    thinkingEstimated: number | null,
    ttftMs: number | null,
    durationMs: number | null,
    toolUses: TurnFacts['toolUses'],
    toolResults: TurnFacts['toolResults'],
    agent: AgentCounting | null = null,
    frame: AgentFrame | null = null,
  ): void {
    this.head(index, offset, length, KIND.turn);
    this.put(num(t));
    this.str(source);
    this.once(corr);
    this.str(role);
    this.str(model);
    this.put((echoed ? 1 : 0) | (truncated ? 2 : 0) | (usage ? 4 : 0));
    this.put(usage?.input ?? 0);
    this.put(usage?.output ?? 0);
    this.put(num(usage?.cacheRead ?? null));
    this.put(num(usage?.cacheWrite ?? null));
    this.put(num(thinkingExact));
    this.put(num(thinkingEstimated));
    this.put(num(ttftMs));
    this.put(num(durationMs));
    this.put(toolUses.length);
    for (const u of toolUses) {
      this.once(u.id);
      this.str(u.name);
      this.put(u.argsKey);
      this.put(u.argsSize);
    }
    this.put(toolResults.length);
    for (const r of toolResults) {
      this.once(r.toolUseId);
      this.put(r.isError ? 1 : 0);
      this.once(r.text);
    }
    this.put(num(usage?.cacheWrite1h ?? null));
    this.put(agent === null ? 0 : 1 | (agent.part ? 2 : 0) | (agent.inheritsModel ? 4 : 0));
    if (agent !== null) this.once(agent.response);
    this.frame(frame);
  }

  /** Where an agent's session runs: its agent's index in AGENTS (-1: none), then its strings. */
  private frame(f: AgentFrame | null): void {
    this.put(f === null ? -1 : AGENTS.indexOf(f.agent));
    if (f === null) return;
    this.str(f.cwd);
    this.str(f.branch);
    this.str(f.session);
  }

  /**
   * The tape so far, copied to its length: a view would take the whole buffer along
   * when posted to another thread (up to twice the tape), and the buffer stays here
   * for the next range (`reset`).
   */
  finish(): Tape {
    return { nums: this.nums.slice(0, this.n), strs: this.strs };
  }

  /** Empty again, its buffer kept: a worker writes every range's tape into the one buffer. */
  reset(): void {
    this.n = 0;
    this.strs = [];
    this.ids.clear();
  }
}

/** Reads a tape back a part at a time (a caller that must yield now and then). */
export class TapeReader {
  private i = 0;
  private readonly nums: Float64Array;
  private readonly strs: string[];

  constructor(tape: Tape) {
    this.nums = tape.nums;
    this.strs = tape.strs;
  }

  more(): boolean {
    return this.i < this.nums.length;
  }

  /** Up to `max` lines to `each`; returns whether lines remain. */
  read(each: (index: number, offset: number, length: number, facts: LineFacts) => void, max: number): boolean {
    for (let n = 0; n < max && this.more(); n++) {
      const index = this.next();
      const offset = this.next();
      const length = this.next();
      each(index, offset, length, this.facts());
    }
    return this.more();
  }

  next(): number {
    return this.nums[this.i++]!;
  }

  str(): string | null {
    const id = this.nums[this.i++]!;
    return id < 0 ? null : this.strs[id]!;
  }

  /** An id as `TapeWriter.id` put it. */
  id(): IdKey | null {
    const tag = this.nums[this.i++]!;
    if (tag === ID_NUMBER) return this.nums[this.i++]!;
    return tag < 0 ? null : this.strs[tag]!;
  }

  t(): number | null {
    return orNull(this.nums[this.i++]!);
  }

  /*
   * The facts handed out are reused from line to line (a 1 GiB trace has millions of
   * lines; the store keeps none of these objects, only the strings and numbers in them):
   * each is valid until the next line is read.
   */
  private readonly rpcFacts: Extract<LineFacts, { kind: 'rpc' }> = {
    kind: 'rpc',
    t: null,
    dir: 'in',
    source: null,
    corr: null,
    batch: false,
    messages: [],
  };
  private readonly infos: RpcInfo[] = [];
  private readonly eventFacts: Extract<LineFacts, { kind: 'event' }> = {
    kind: 'event',
    t: null,
    dir: 'event',
    label: '',
    llmError: null,
  };
  private readonly turnFacts: TurnFacts = bareTurnFacts('', null);
  private readonly turnLine: Extract<LineFacts, { kind: 'turn' }> = {
    kind: 'turn',
    t: null,
    source: null,
    corr: null,
    turn: this.turnFacts,
    frame: null,
  };
  private readonly usage: NonNullable<TurnFacts['usage']> = {
    input: 0,
    output: 0,
    cacheRead: null,
    cacheWrite: null,
    cacheWrite1h: null,
  };
  private readonly useLists: TurnFacts['toolUses'][] = [];
  private readonly resultLists: TurnFacts['toolResults'][] = [];

  facts(): LineFacts {
    switch (this.next()) {
      case KIND.skip:
        return { kind: 'skip', reason: this.str()! };
      case KIND.meta:
        return { kind: 'meta', t: this.t(), obj: JSON.parse(this.str()!) as JsonObject };
      case KIND.end:
        return { kind: 'end', t: this.t(), obj: JSON.parse(this.str()!) as JsonObject };
      case KIND.other:
        return { kind: 'other', t: this.t(), type: this.str()!, model: this.str(), frame: this.frame() };
      case KIND.otherDir:
        return { kind: 'otherDir', t: this.t(), dirText: this.str()! };
      case KIND.rpc: {
        const f = this.rpcFacts;
        f.t = this.t();
        f.dir = this.next() === 0 ? 'in' : 'out';
        f.source = this.str();
        f.corr = this.str();
        f.batch = this.next() === 1;
        const n = this.next();
        // Setting an array's length costs a runtime call even when it does not change.
        if (f.messages.length !== n) f.messages.length = n;
        for (let k = 0; k < n; k++) {
          const m = (this.infos[k] ??= invalidRpcInfo());
          m.shape = SHAPES[this.next()]!.name as RpcShape;
          m.method = this.str();
          m.idKey = this.id();
          m.toolName = this.str();
          m.protocolError = this.str();
          m.executionError = this.str();
          m.cancels = this.id();
          m.argsKey = this.next();
          f.messages[k] = m;
        }
        return f;
      }
      case KIND.event: {
        const f = this.eventFacts;
        f.t = this.t();
        f.dir = DIRS[this.next()]!.name as EventDir;
        f.label = this.str()!;
        f.llmError = this.next() === 1 ? { name: this.str()!, message: this.str()! } : null;
        return f;
      }
      default:
        return this.turn();
    }
  }

  private turn(): LineFacts {
    const line = this.turnLine;
    const turn = this.turnFacts;
    line.t = this.t();
    line.source = this.str();
    line.corr = this.str();
    turn.role = this.str()!;
    turn.model = this.str();
    const bits = this.next();
    const u = this.usage;
    u.input = this.next();
    u.output = this.next();
    u.cacheRead = this.t();
    u.cacheWrite = this.t();
    turn.echoed = (bits & 1) !== 0;
    turn.truncated = (bits & 2) !== 0;
    turn.usage = bits & 4 ? u : null;
    turn.thinkingExact = this.t();
    turn.thinkingEstimated = this.t();
    turn.ttftMs = this.t();
    turn.durationMs = this.t();
    const uses = (turn.toolUses = listOf(this.useLists, this.next(), newUse));
    for (const u of uses) {
      u.id = this.str();
      u.name = this.str()!;
      u.argsKey = this.next();
      u.argsSize = this.next();
    }
    const results = (turn.toolResults = listOf(this.resultLists, this.next(), newResult));
    for (const r of results) {
      r.toolUseId = this.str();
      r.isError = this.next() === 1;
      r.text = this.str()!;
    }
    u.cacheWrite1h = this.t();
    const agent = this.next();
    // Rare (agent transcripts only), so made anew rather than reused.
    turn.agent =
      agent === 0 ? null : { part: (agent & 2) !== 0, inheritsModel: (agent & 4) !== 0, response: this.str() };
    line.frame = this.frame();
    return line;
  }

  private frame(): AgentFrame | null {
    const agent = this.next();
    if (agent < 0) return null;
    return { agent: AGENTS[agent]!, cwd: this.str(), branch: this.str(), session: this.str() };
  }
}

const newUse = (): TurnFacts['toolUses'][number] => ({ id: null, name: '', argsKey: 0, argsSize: 0 });
const newResult = (): TurnFacts['toolResults'][number] => ({ toolUseId: null, isError: false, text: '' });

/**
 * The list of `n` objects for this length, made once and refilled line after line
 * (changing one array's length instead would reallocate it on most turns).
 */
function listOf<T>(lists: T[][], n: number, make: () => T): T[] {
  let list = lists[n];
  if (list === undefined) {
    list = lists[n] = [];
    for (let k = 0; k < n; k++) list.push(make());
  }
  return list;
}
