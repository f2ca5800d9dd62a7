import { AXIS_HALF_SPAN_MS, isoTime } from '../../kit/dates.js';
import { jsonText } from '../../kit/json-write.js';
import { counted } from '../../kit/units.js';
import { isObject, type JsonObject, str } from '../../kit/values.js';
import { foldGeminiJsonl, geminiDocument, geminiLines, isGeminiChat } from './agents/gemini.js';
import { cassetteFaults, isIsoTime } from './cassette-rules.js';
import { CASSETTE, type DocumentLine, GEMINI, OTLP, type TraceFormat } from './format.js';
import { minify, type Span, valueSpans } from './json-spans.js';
import { otlpDocumentLines } from './otlp/otlp-file.js';
import { notTracesReason, otlpSignal } from './otlp/otlp-read.js';

export type { DocumentLine } from './format.js';

export type DocumentRead =
  | { format: TraceFormat; lines: DocumentLine[] }
  /** JSON, but no recording: why, naming the file. */
  | { notTrace: string };

/** Depth of the spans kept: down to `interactions/3/request/id`. */
const SPAN_DEPTH = 4;
const KEYS_SHOWN = 8;

/** A cassette: an object with `interactions` (mcp-recorder writes `version` and `metadata` too). */
export function isCassette(value: unknown): value is JsonObject {
  return isObject(value) && 'interactions' in value;
}

/**
 * A whole JSON document → the v1 records it reads as, or why it is none. Null when
 * the text is not one JSON value (then it is read as lines, as any other file).
 */
export function readDocument(text: string, name: string): DocumentRead | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    // Not one value: Gemini CLI's JSONL (read whole: its records fold into one conversation), else lines.
    const folded = foldGeminiJsonl(text);
    return folded === null ? null : { format: GEMINI, lines: geminiLines(folded, name) };
  }
  if (isCassette(doc)) return { format: CASSETTE, lines: cassetteLines(doc, text) };
  if (isGeminiChat(doc)) return { format: GEMINI, lines: geminiLines(geminiDocument(doc, text), name) };
  const signal = otlpSignal(doc);
  if (signal === 'traces') return { format: OTLP, lines: otlpDocumentLines(doc as JsonObject, text) };
  if (signal !== null) return { notTrace: `${name} ${notTracesReason(signal)}` };
  return { notTrace: `${name} is ${describeJson(doc)}` };
}

/** What a JSON value is, for `not a trace: FILE is …`. */
export function describeJson(doc: unknown): string {
  if (isObject(doc)) {
    const keys = Object.keys(doc);
    if (!keys.length) return 'a JSON document with no keys';
    const more = keys.length > KEYS_SHOWN ? `, … (${keys.length} keys)` : '';
    return `a JSON document with keys ${keys.slice(0, KEYS_SHOWN).join(', ')}${more}`;
  }
  if (Array.isArray(doc)) return `a JSON array of ${counted(doc.length, 'value')}, not a recording`;
  return `a JSON ${doc === null ? 'null' : typeof doc}, not a recording`;
}

/**
 * A cassette's interactions as paired v1 message lines: the request when the
 * interaction began, the response `latency_ms` later. A cassette keeps no times but
 * `recorded_at`, so each interaction is taken to start when the one before it was
 * answered: approximate times whose latencies are exact. The metadata becomes the
 * meta line (kept whole under `cassette`), and an end line closes it.
 *
 * A latency over 100 years is never believed as one (the store leaves such a latency
 * out, docs/internals.md "time axis"): its response keeps `latency_ms` as written and
 * does not move the clock, so the interactions after it keep times near the others. A
 * derived time no JS Date holds (a latency of 1e308) is left off its line: that record
 * has no time, as a v1 line whose `t` no Date reads.
 */
function cassetteLines(doc: JsonObject, text: string): DocumentLine[] {
  const spans = valueSpans(text, SPAN_DEPTH);
  const spanText = (path: string) => {
    const s = spans.get(path);
    return s === undefined ? null : minify(text.slice(s.start, s.end));
  };
  const meta = isObject(doc.metadata) ? doc.metadata : {};
  const info = isObject(meta.server_info) ? meta.server_info : {};
  const start = isIsoTime(meta.recorded_at) ? Date.parse(meta.recorded_at) : null;
  const lines: DocumentLine[] = [];
  const metaRecord: JsonObject = { v: 1, type: 'meta' };
  const startIso = start === null ? null : isoTime(start);
  if (startIso !== null) metaRecord.startedAt = startIso;
  metaRecord.label = str(info.name) ?? str(info.title) ?? 'mcp-recorder';
  metaRecord.command = [];
  metaRecord.kind = 'mcp';
  metaRecord.source = 'mcp-recorder';
  const metaJson = JSON.stringify(metaRecord);
  const kept = spanText('metadata');
  lines.push({
    text: `${metaJson.slice(0, -1)},"cassette":{"version":${jsonText(doc.version ?? null)},"metadata":${kept ?? 'null'}}}`,
    lineNo: 1,
  });
  const fatal = new Map<string, string>();
  for (const fault of cassetteFaults(doc, text, spans))
    if (fault.fatal) fatal.set(fault.path, `${fault.message} (${fault.rule})`);
  const interactions = Array.isArray(doc.interactions) ? doc.interactions : [];
  let elapsed = 0;
  const at = (ms: number) => {
    const iso = start === null ? null : isoTime(start + ms);
    return iso === null ? '' : `"t":${JSON.stringify(iso)},`;
  };
  for (let i = 0; i < interactions.length; i++) {
    const path = `interactions/${i}`;
    const lineOf = (sub: string) => (spans.get(`${path}/${sub}`) ?? spans.get(path) ?? ({ line: 1 } as Span)).line;
    const whole = fatal.get(path);
    const request = fatal.get(`${path}/request`);
    if (whole !== undefined || request !== undefined) {
      // On the line `validate` names for the same fault.
      lines.push({ skip: (whole ?? request)!, lineNo: lineOf(whole === undefined ? 'request' : '') });
      continue;
    }
    const it = interactions[i] as JsonObject;
    lines.push({ text: `{${at(elapsed)}"dir":"in","raw":${spanText(`${path}/request`)}}`, lineNo: lineOf('request') });
    // 1e400 parses as Infinity: not believed either.
    const given = typeof it.latency_ms === 'number' ? Math.max(0, it.latency_ms) : 0;
    const believed = given <= AXIS_HALF_SPAN_MS;
    if (isObject(it.response)) {
      const kept = believed ? '' : `"latency_ms":${spanText(`${path}/latency_ms`)},`;
      lines.push({
        text: `{${at(elapsed + given)}"dir":"out",${kept}"raw":${spanText(`${path}/response`)}}`,
        lineNo: lineOf('response'),
      });
    }
    if (believed) elapsed += given;
  }
  const lastLine = spans.get('')?.line ?? 1;
  const endLine = lastLine + countNewlines(text, spans.get('')?.start ?? 0, spans.get('')?.end ?? text.length);
  lines.push({ text: `{${at(elapsed)}"type":"end","durationMs":${elapsed},"reason":"imported"}`, lineNo: endLine });
  return lines;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
