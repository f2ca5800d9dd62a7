import { isObject, type JsonObject } from '../../../kit/values.js';
import { notJsonReason, notObjectReason } from '../../parse-line.js';
import type { DocumentLine } from '../format.js';
import { valueSpans } from '../json-spans.js';
import { notTracesReason, type OtlpState, otlpLines, otlpSignal } from './otlp-read.js';

/**
 * The file exporter's JSON Lines (one TracesData per line, and our own export, one
 * line), read a line at a time: each line's spans become v1 lines named by that line.
 * A fresh reader per reading of the file (a followed file read again starts over).
 */
export function otlpLineReader(): (text: string, lineNo: number) => DocumentLine[] {
  const state: OtlpState = { metaDone: false };
  return (text, lineNo) => {
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
  return otlpLines(doc, { metaDone: false }, lineOf);
}
