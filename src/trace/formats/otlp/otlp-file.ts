import { isObject, type JsonObject } from '../../../kit/values.js';
import { notJsonReason, notObjectReason } from '../../parse-line.js';
import type { DocumentLine } from '../format.js';
import { valueSpans } from '../json-spans.js';
import { notTracesReason, type OtlpState, otlpEnd, otlpLines, otlpSignal } from './otlp-read.js';
import { splitSpans } from './otlp-split.js';

/**
 * The file exporter's JSON Lines (one TracesData per line, and our own export, one
 * line), read a line at a time: each line's spans become v1 lines named by that line.
 * A fresh reader per reading of the file (a followed file read again starts over).
 */
export function otlpLineReader(): ((text: string, lineNo: number) => DocumentLine[]) & {
  finish: () => DocumentLine[];
} {
  const state: OtlpState = { metaDone: false };
  const read = (text: string, lineNo: number): DocumentLine[] => {
    const cut = cutLine(text, lineNo, state);
    if (cut !== null) return cut;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [{ skip: notJsonReason(error), lineNo }];
    }
    if (!isObject(value)) return [{ skip: notObjectReason(value), lineNo }];
    const signal = otlpSignal(value);
    if (signal === 'traces') return otlpLines(value, state, () => lineNo);
    if (signal !== null) return [{ skip: `a line that ${notTracesReason(signal)}`, lineNo }];
    // Not OTLP: a record of its own (a v1 line, say), read as any line is.
    return [{ text, lineNo }];
  };
  return Object.assign(read, { finish: () => otlpEnd(state) });
}

/**
 * A TracesData line read span by span (`otlp-split.ts`): the same lines as parsing it
 * whole, or null for any line that is not one, or not valid JSON (read whole then, to say why).
 */
function cutLine(text: string, lineNo: number, state: OtlpState): DocumentLine[] | null {
  const split = splitSpans(text);
  // No spans to cut out (a v1 line, a metrics line): parsing it whole, once, says what it is.
  if (split === null || split.bounds.length === 0) return null;
  let skeleton: unknown;
  try {
    skeleton = JSON.parse(split.skeleton);
  } catch {
    return null;
  }
  if (!isObject(skeleton) || otlpSignal(skeleton) !== 'traces') return null;
  const { bounds } = split;
  const spanOf = (held: unknown) =>
    typeof held === 'number' ? JSON.parse(text.slice(bounds[2 * held], bounds[2 * held + 1])) : held;
  const before = { ...state };
  try {
    return otlpLines(skeleton, state, () => lineNo, spanOf);
  } catch {
    // A span that is no JSON: the line is read whole, which says where.
    Object.assign(state, before);
    return null;
  }
}

/** A whole ExportTraceServiceRequest document (pretty-printed): each span named by the line it starts on. */
export function otlpDocumentLines(doc: JsonObject, text: string): DocumentLine[] {
  // Down to `resourceSpans/0/scopeSpans/0/spans/3`: the spans, not their insides.
  const spans = valueSpans(text, 6);
  const lineOf = (i: number, j: number, k: number) =>
    (
      spans.get(`resourceSpans/${i}/scopeSpans/${j}/spans/${k}`) ??
      spans.get(`resourceSpans/${i}/instrumentationLibrarySpans/${j}/spans/${k}`) ??
      spans.get(`resourceSpans/${i}`)
    )?.line ?? 1;
  const state: OtlpState = { metaDone: false };
  const lines = otlpLines(doc, state, lineOf);
  for (const end of otlpEnd(state)) lines.push(end);
  return lines;
}
