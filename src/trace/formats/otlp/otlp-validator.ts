import { isObject, type JsonObject } from '../../../kit/values.js';
import { type Finding, Validator } from '../../validate.js';
import { eachSpan, notTracesReason, otlpSignal, spanPlace } from './otlp-read.js';
import { attributesOf, idOf, kindOf, nanosToMs } from './otlp-values.js';

/** Token counts of a model span: whole numbers from 0. */
const USAGE_KEYS = [
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.cache_read.input_tokens',
  'gen_ai.usage.cache_write.input_tokens',
  'gen_ai.usage.cache_creation.input_tokens',
  'gen_ai.usage.reasoning.output_tokens',
];

/** A span as the whole-file checks need it: its parent and its line. */
interface Seen {
  parent: string | null;
  line: number;
}

/**
 * `validate` for OTLP/JSON traces, a line (a TracesData) or a whole document at a time:
 * each span's ids, times and token counts, then across the file the parents (one not in
 * the file, a cycle). Errors are spans whose records cannot be right (a span skipped for
 * its ids, one with no time); warnings are spans read but worth knowing of.
 */
export class OtlpValidator extends Validator {
  private readonly spans = new Map<string, Seen>();

  override push(text: string, line: number): void {
    const o = this.object(text, line);
    if (o !== null) this.tracesData(o, () => line);
  }

  /** A pretty-printed document, whole: `lineOf` names the line each span starts on. */
  document(doc: JsonObject, lineOf: (i: number, j: number, k: number) => number): void {
    this.tracesData(doc, lineOf);
  }

  private tracesData(o: JsonObject, lineOf: (i: number, j: number, k: number) => number): void {
    const signal = otlpSignal(o);
    if (signal !== 'traces') {
      const why = signal === null ? 'no `resourceSpans`: not OTLP/JSON traces' : notTracesReason(signal);
      this.add(lineOf(0, 0, 0), 'error', 'otlp-not-traces', why);
      return;
    }
    eachSpan(o, (span, i, j, k, resource) => {
      const where = resource === null ? `resourceSpans[${i}]` : spanPlace(i, j, k);
      this.span(span, lineOf(i, j, k), where);
    });
  }

  private span(span: unknown, line: number, where: string): void {
    if (!isObject(span)) return this.add(line, 'error', 'otlp-span', `${where} is not an object: not read`);
    const trace = idOf(span.traceId, 16);
    const id = idOf(span.spanId, 8);
    if (trace === null || 'fault' in trace)
      this.add(line, 'error', 'otlp-trace-id', `${where}.traceId ${trace?.fault ?? 'is absent'}: the span is not read`);
    if (id === null || 'fault' in id)
      return this.add(
        line,
        'error',
        'otlp-span-id',
        `${where}.spanId ${id?.fault ?? 'is absent'}: the span is not read`,
      );
    const parent = idOf(span.parentSpanId, 8);
    let parentId: string | null = null;
    if (parent !== null && 'fault' in parent)
      this.add(line, 'error', 'otlp-parent-id', `${where}.parentSpanId ${parent.fault}: read as a root`);
    else if (parent !== null && parent.hex === id.hex)
      this.add(line, 'error', 'otlp-parent-self', `${where} names itself as its parent: read as a root`);
    else if (parent !== null) parentId = parent.hex;
    if (this.spans.has(id.hex))
      this.add(
        line,
        'warning',
        'otlp-span-dup',
        `${where}.spanId ${id.hex} is another span's too (line ${this.spans.get(id.hex)!.line})`,
      );
    else this.spans.set(id.hex, { parent: parentId, line });
    const start = nanosToMs(span.startTimeUnixNano);
    const end = nanosToMs(span.endTimeUnixNano);
    if (start === null)
      this.add(line, 'error', 'otlp-time', `${where}.startTimeUnixNano is absent or no time: its records have no time`);
    if (end === null)
      this.add(
        line,
        'error',
        'otlp-time',
        `${where}.endTimeUnixNano is absent or no time: a call of it is never answered`,
      );
    if (start !== null && end !== null && end < start)
      this.add(line, 'warning', 'otlp-time-order', `${where} ends before it starts: its latency is taken as 0`);
    if (span.kind !== undefined && kindOf(span.kind) === null)
      this.add(line, 'warning', 'otlp-kind', `${where}.kind ${JSON.stringify(span.kind).slice(0, 80)} is no span kind`);
    const a = attributesOf(span.attributes);
    for (const key of USAGE_KEYS) {
      const n = a[key];
      if (n === undefined) continue;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
        this.add(
          line,
          'error',
          'usage-count',
          `${where} ${key} is not a token count: ${JSON.stringify(n).slice(0, 80)}`,
        );
    }
  }

  /** Across the file: parents not in it, and cycles of parents (each walked once, no recursion). */
  override finish(): Finding[] {
    const done = new Set<string>();
    for (const [id, seen] of this.spans) {
      if (seen.parent !== null && !this.spans.has(seen.parent))
        this.add(seen.line, 'warning', 'otlp-parent-missing', `span ${id}'s parent ${seen.parent} is not in the file`);
      if (done.has(id)) continue;
      // Up the parents until a root, a span already walked, or one on this walk (a cycle).
      const path: string[] = [];
      const onPath = new Set<string>();
      let at: string | null = id;
      while (at !== null && !done.has(at) && !onPath.has(at) && this.spans.has(at)) {
        path.push(at);
        onPath.add(at);
        at = this.spans.get(at)!.parent;
      }
      if (at !== null && onPath.has(at)) {
        const cycle = path.slice(path.indexOf(at));
        const first = this.spans.get(at)!;
        this.add(
          first.line,
          'error',
          'otlp-parent-cycle',
          `spans ${cycle.slice(0, 4).join(' → ')}${cycle.length > 4 ? ` … (${cycle.length})` : ''} are each other's parents: read as they are, no tree`,
        );
      }
      for (const p of path) done.add(p);
    }
    return this.findings.sort((a, b) => a.line - b.line);
  }
}
