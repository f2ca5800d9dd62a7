/**
 * What the side-by-side view compares: each side's value as pretty-printed lines, made
 * inert, and the two sides' lines aligned by their longest common subsequence.
 */
import { lcsSteps, ordinalSteps, type Step } from '../../kit/align.js';
import { jsonText } from '../../kit/json-write.js';
import { inert } from '../../kit/text.js';
import { fmtBytes } from '../../kit/units.js';
import type { Json } from '../../kit/values.js';
import { FLAT_DEPTH, prettyJsonText } from './json-text.js';

/** Values whose JSON is longer than this are not laid out line by line (the detail view's cap). */
const SIDE_CAP = 256 * 1024;
/**
 * The line search's budget: past about this many line comparisons ((lines) × (edits))
 * two values are compared line by line by place, so the view opens within 100 ms.
 */
const LINE_WORK = 2_000_000;
const lineEdits = (lines: number) => Math.max(50, Math.min(1000, Math.floor(LINE_WORK / Math.max(1, lines))));

/** How deep `json` (compact JSON text) nests: a scan of its brackets outside strings. */
function depthOf(json: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // Past the string: its closing quote (an escaped character is skipped whole).
      for (i++; i < json.length; i++) {
        const d = json.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/**
 * A value's lines, pretty-printed and inert. JSON.stringify is many times faster than the detail
 * view's own printer, but recurses per level: a value nested deeper than FLAT_DEPTH (or
 * too deep for the stack) goes through that printer, which puts deep levels on one line.
 */
export function valueLines(v: Json | undefined, none: string): string[] {
  if (v === undefined) return [none];
  let text: string;
  try {
    text = JSON.stringify(v);
  } catch {
    text = jsonText(v);
  }
  if (text.length > SIDE_CAP) return [`(${fmtBytes(text.length)} of JSON: too big to lay out side by side)`];
  // Inert once here, so a line is measured and wrapped as it is shown (a bidi mark is six cells).
  return (depthOf(text) <= FLAT_DEPTH ? JSON.stringify(v, null, 2) : prettyJsonText(text)).split('\n').map(inert);
}

/** A row of the two columns: each side's line (null: blank), and whether the row differs. */
export interface Row {
  a: string | null;
  b: string | null;
  changed: boolean;
}

/** Two values' lines as rows, aligned by their lines' longest common subsequence; a changed stretch side by side. */
export function alignedRows(a: string[], b: string[]): Row[] {
  const steps: Step[] = lcsSteps(a, b, lineEdits(a.length + b.length)) ?? ordinalSteps(a.length, b.length);
  const rows: Row[] = [];
  const loneA: string[] = [];
  const loneB: string[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(loneA.length, loneB.length); k++)
      rows.push({ a: loneA[k] ?? null, b: loneB[k] ?? null, changed: true });
    loneA.length = 0;
    loneB.length = 0;
  };
  for (const [i, j] of steps) {
    if (i >= 0 && j >= 0 && a[i] === b[j]) {
      flush();
      rows.push({ a: a[i]!, b: b[j]!, changed: false });
    } else {
      if (i >= 0) loneA.push(a[i]!);
      if (j >= 0) loneB.push(b[j]!);
    }
  }
  flush();
  return rows;
}
