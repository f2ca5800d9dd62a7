import type { LineFacts } from './facts.js';
import type { RpcInfo } from './rpc.js';
import type { TurnFacts } from './turn.js';
import type { JsonObject } from './values.js';

/*
 * Line facts as numbers and strings, to pass between threads cheaply: one
 * Float64Array (transferred, not copied) and one array of strings (each repeated
 * string sent once per tape). Nulls are -1 for strings and NaN for numbers (facts
 * never hold NaN). `readTape` gives back exactly the facts that were written.
 */

export interface Tape {
  nums: Float64Array;
  strs: string[];
  /** Lines written (blank lines are not). */
  lines: number;
}

const KIND = { skip: 0, meta: 1, end: 2, other: 3, otherDir: 4, rpc: 5, event: 6, turn: 7 } as const;
const SHAPES = ['request', 'notification', 'response', 'invalid'] as const;
const EVENT_DIRS = ['event', 'command', 'telemetry'] as const;

const num = (v: number | null): number => (v === null ? NaN : v);
const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

export class TapeWriter {
  private nums = new Float64Array(1 << 14);
  private n = 0;
  private strs: string[] = [];
  private ids = new Map<string, number>();
  private lines = 0;

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
    if (f.kind === 'blank') return;
    this.lines++;
    this.put(index);
    this.put(offset);
    this.put(length);
    this.put(KIND[f.kind]);
    switch (f.kind) {
      case 'skip':
        return this.str(f.reason);
      case 'meta':
      case 'end':
        this.put(num(f.t));
        return this.once(JSON.stringify(f.obj));
      case 'other':
        this.put(num(f.t));
        return this.str(f.type);
      case 'otherDir':
        this.put(num(f.t));
        return this.str(f.dirText);
      case 'rpc':
        this.put(num(f.t));
        this.put(f.dir === 'in' ? 0 : 1);
        this.str(f.source);
        this.put(f.batch ? 1 : 0);
        this.put(f.messages.length);
        for (const m of f.messages) this.message(m);
        return;
      case 'event':
        this.put(num(f.t));
        this.put(EVENT_DIRS.indexOf(f.dir));
        this.str(f.label);
        this.put(f.llmError ? 1 : 0);
        if (f.llmError) {
          this.once(f.llmError.name);
          this.once(f.llmError.message);
        }
        return;
      case 'turn':
        this.put(num(f.t));
        this.str(f.source);
        return this.turn(f.turn);
    }
  }

  private message(m: RpcInfo): void {
    this.put(SHAPES.indexOf(m.shape as (typeof SHAPES)[number]));
    this.str(m.method);
    // idText is idKey without its type prefix (rpc.ts).
    this.once(m.idKey);
    this.str(m.toolName);
    this.once(m.protocolError);
    this.once(m.executionError);
    this.once(m.cancels);
  }

  private turn(t: TurnFacts): void {
    this.str(t.role);
    this.str(t.model);
    this.put((t.echoed ? 1 : 0) | (t.truncated ? 2 : 0) | (t.usage ? 4 : 0));
    this.put(t.usage?.input ?? 0);
    this.put(t.usage?.output ?? 0);
    this.put(num(t.usage?.cacheRead ?? null));
    this.put(num(t.usage?.cacheWrite ?? null));
    this.put(num(t.thinkingExact));
    this.put(num(t.thinkingEstimated));
    this.put(num(t.ttftMs));
    this.put(num(t.durationMs));
    this.put(t.toolUses.length);
    for (const u of t.toolUses) {
      this.once(u.id);
      this.str(u.name);
    }
    this.put(t.toolResults.length);
    for (const r of t.toolResults) {
      this.once(r.toolUseId);
      this.put(r.isError ? 1 : 0);
      this.once(r.text);
    }
  }

  finish(): Tape {
    return { nums: this.nums.subarray(0, this.n), strs: this.strs, lines: this.lines };
  }
}

/** Reads a tape back: `each` gets every written line, in order, with its facts. */
export function readTape(tape: Tape, each: (index: number, offset: number, length: number, facts: LineFacts) => void): void {
  const { nums, strs } = tape;
  let i = 0;
  const next = (): number => nums[i++]!;
  const str = (): string | null => {
    const id = nums[i++]!;
    return id < 0 ? null : strs[id]!;
  };
  const t = (): number | null => orNull(next());
  while (i < nums.length) {
    const index = next();
    const offset = next();
    const length = next();
    const kind = next();
    let facts: LineFacts;
    switch (kind) {
      case KIND.skip:
        facts = { kind: 'skip', reason: str()! };
        break;
      case KIND.meta:
      case KIND.end: {
        const at = t();
        facts = { kind: kind === KIND.meta ? 'meta' : 'end', t: at, obj: JSON.parse(str()!) as JsonObject };
        break;
      }
      case KIND.other:
        facts = { kind: 'other', t: t(), type: str()! };
        break;
      case KIND.otherDir:
        facts = { kind: 'otherDir', t: t(), dirText: str()! };
        break;
      case KIND.rpc: {
        const at = t();
        const dir = next() === 0 ? 'in' : 'out';
        const source = str();
        const batch = next() === 1;
        const messages: RpcInfo[] = [];
        for (let n = next(); n > 0; n--) {
          const shape = SHAPES[next()]!;
          const method = str();
          const idKey = str();
          messages.push({ shape, method, idKey, idText: idKey === null ? null : idKey.slice(2), toolName: str(), protocolError: str(), executionError: str(), cancels: str() });
        }
        facts = { kind: 'rpc', t: at, dir, source, batch, messages };
        break;
      }
      case KIND.event: {
        const at = t();
        const dir = EVENT_DIRS[next()]!;
        const label = str()!;
        const llmError = next() === 1 ? { name: str()!, message: str()! } : null;
        facts = { kind: 'event', t: at, dir, label, llmError };
        break;
      }
      default: {
        const at = t();
        const source = str();
        const role = str()!;
        const model = str();
        const bits = next();
        const input = next();
        const output = next();
        const cacheRead = orNull(next());
        const cacheWrite = orNull(next());
        const turn: TurnFacts = {
          role,
          model,
          echoed: (bits & 1) !== 0,
          truncated: (bits & 2) !== 0,
          usage: bits & 4 ? { input, output, cacheRead, cacheWrite } : null,
          thinkingExact: orNull(next()),
          thinkingEstimated: orNull(next()),
          ttftMs: orNull(next()),
          durationMs: orNull(next()),
          toolUses: [],
          toolResults: [],
        };
        for (let n = next(); n > 0; n--) turn.toolUses.push({ id: str(), name: str()! });
        for (let n = next(); n > 0; n--) {
          const toolUseId = str();
          const isError = next() === 1;
          turn.toolResults.push({ toolUseId, isError, text: str()! });
        }
        facts = { kind: 'turn', t: at, source, turn };
      }
    }
    each(index, offset, length, facts);
  }
}
