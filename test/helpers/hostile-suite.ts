/**
 * The hostile-content suite's product of FIELDS × PAYLOADS (issue 15, item 2): one
 * trace per payload and encoding with the payload in every field, each field's text
 * tagged `«n»` (its index in FIELDS) so a failure names the field; and the checks every
 * frame and every command's output must pass.
 */
import stringWidth from 'string-width';
import { TraceStore } from '../../src/store/trace-store.js';
import { readDocument } from '../../src/trace/formats/read-document.js';
import { bundledPrices, type PriceTable, withOverrides } from '../../src/trace/prices.js';
import type { Style } from '../../src/ui/format/segments.js';
import { paint, THEME } from '../../src/ui/theme.js';
import { baseTrace, FIELDS, RECORDINGS, type Recording } from './hostile-fields.js';
import { ENCODINGS, type Encoding, jsonLine, type Payload } from './hostile-payloads.js';
import { fillStore } from './store.js';

export const tag = (field: number): string => `«${field}»`;

/** The trace's lines (JSON text) with `payload` in every field, in one encoding. */
export function hostileLines(payload: Payload, encoding: Encoding): string[] {
  const trace = baseTrace();
  for (const [i, f] of FIELDS.entries()) f.put(trace, tag(i) + payload.text);
  return trace.lines.map((l) => jsonLine(l, encoding));
}

/** Every field's name by its tag: the v1 trace's fields, then each recording's. */
const FIELD_NAMES = [...FIELDS, ...RECORDINGS.flatMap((r) => r.fields)].map((f) => f.name);
/** Where a recording's tags start. */
const firstTag = (recording: Recording) =>
  FIELDS.length + RECORDINGS.slice(0, RECORDINGS.indexOf(recording)).reduce((n, r) => n + r.fields.length, 0);

/**
 * A recording in another format with `payload` in each of its fields: an mcp-rec
 * file's lines, or a cassette's JSON text (pretty, as mcp-recorder writes it).
 */
export function hostileRecording(payload: Payload, recording: Recording, encoding: Encoding): string {
  const draft = recording.base();
  const first = firstTag(recording);
  for (const [i, f] of recording.fields.entries()) f.put(draft, tag(first + i) + payload.text);
  if (recording.format === 'cassette')
    return `${jsonLine(draft.lines[0], encoding, 2)}
`;
  return `${draft.lines.map((l) => jsonLine(l, encoding)).join('\n')}\n`;
}

/** A recording's file name: the payload's, and its format's extension. */
export const recordingName = (payload: Payload, recording: Recording, encoding: Encoding, onDisk = false): string =>
  hostileName(payload, encoding, onDisk).replace(
    /\.jsonl$/,
    recording.format === 'cassette' ? '.json' : '.mcp-rec.jsonl',
  );

/** Adds a recording to `store` as the app reads it (a cassette: as the v1 lines it converts to). */
function fillRecording(store: TraceStore, text: string, name: string): void {
  const doc = readDocument(text, name);
  if (doc === null || 'notTrace' in doc) {
    fillStore(store, text.split('\n').slice(0, -1), name);
    return;
  }
  // A line the cassette could not convert stays a line (its skip reason shows in Events).
  fillStore(
    store,
    doc.lines.map((l) => ('text' in l ? l.text : l.skip)),
    name,
  );
}

/** A file name carrying the payload (on disk: no NUL or `/`, and within the 255-byte limit). */
export function hostileName(payload: Payload, encoding: Encoding, onDisk = false): string {
  let text = payload.text;
  if (onDisk) {
    text = text.replace(/[\0/]/g, '');
    while (Buffer.byteLength(text) > 180) text = [...text].slice(0, -10).join('');
  }
  return `${text}«file»-${encoding}.jsonl`;
}

/**
 * The encodings whose lines read differently: raw C0 controls make a line invalid JSON
 * (a skip); otherwise both give the same values, so the raw file only doubles the rows.
 */
export const distinctEncodings = (payload: Payload): readonly Encoding[] =>
  /[\x00-\x1f]/.test(payload.text) ? ENCODINGS : ['escaped'];

/**
 * One store of the payload's files per encoding (`\u`-escaped, and raw): the v1 trace, an
 * mcp-rec recording and a cassette; priced by `prices` (hostilePrices: names the Usage pane shows).
 */
export function hostileStore(
  payload: Payload,
  encodings: readonly Encoding[] = ENCODINGS,
  prices: PriceTable = bundledPrices(),
): TraceStore {
  const store = new TraceStore(prices);
  for (const encoding of encodings) {
    fillStore(store, hostileLines(payload, encoding), hostileName(payload, encoding));
    for (const r of RECORDINGS)
      fillRecording(store, hostileRecording(payload, r, encoding), recordingName(payload, r, encoding));
  }
  return store;
}

/** The bundled prices under a prices file and a config named with the payload (`«prices»`, `«config»`). */
export const hostilePrices = (payload: Payload): PriceTable =>
  withOverrides(bundledPrices(), `${payload.text}«prices».json`, {}, `${payload.text}«config».json`);

/** The fields whose tags are in `text` (a failing line names them). */
export function fieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/«(\d+)»/g)].map((m) => FIELD_NAMES[Number(m[1])] ?? `#${m[1]}`))];
}

/**
 * What must never reach a terminal from content: C0 controls but the newline, DEL, C1,
 * bidi embeddings, overrides, isolates and marks, and the line and paragraph separators
 * (which some terminals and most pagers break lines at).
 */
const FORBIDDEN = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** The SGR sequences the theme writes with colour on (each style painted alone): the only escapes allowed. */
export function themeSgr(): Set<string> {
  const out = new Set<string>();
  for (const style of Object.keys(THEME) as Style[])
    for (const m of paint([{ text: 'x', style }]).matchAll(/\x1b\[[0-9;]*m/g)) out.add(m[0]);
  return out;
}

/** Why `text` is unsafe for a terminal (empty when it is safe), each reason naming the fields on its line. */
export function leaks(text: string, allowedSgr: ReadonlySet<string> = new Set()): string[] {
  const plain = allowedSgr.size ? text.replace(/\x1b\[[0-9;]*m/g, (m) => (allowedSgr.has(m) ? '' : m)) : text;
  const out: string[] = [];
  for (const m of plain.matchAll(FORBIDDEN)) {
    const i = m.index!;
    const lineStart = plain.lastIndexOf('\n', i) + 1;
    const lineEnd = plain.indexOf('\n', i);
    const line = plain.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    out.push(
      `U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(plain.slice(Math.max(0, i - 24), i + 24))} (fields: ${fieldsIn(line).join(', ') || 'none tagged'})`,
    );
    if (out.length >= 5) break;
  }
  return out;
}

/** Why a frame is wrong: a leak, a line wider than the terminal, or not exactly its height. */
export function frameProblems(
  frame: string,
  columns: number,
  rows: number,
  allowedSgr?: ReadonlySet<string>,
): string[] {
  const out = leaks(frame, allowedSgr);
  const lines = frame.split('\n');
  if (lines.length !== rows) out.push(`${lines.length} lines, not ${rows}`);
  for (const line of lines) {
    const w = stringWidth(line);
    if (w > columns)
      out.push(
        `a line ${w} cells wide (fields: ${fieldsIn(line).join(', ') || 'none tagged'}): ${JSON.stringify(line.slice(0, 120))}`,
      );
  }
  return out;
}
