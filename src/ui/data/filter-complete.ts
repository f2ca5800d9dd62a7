/** Tab in the filter bar: field names, and the values this trace holds, completed. */
import type { FilterResult } from '../../store/query.js';
import type { TraceStore } from '../../store/trace-store.js';
import { DIR_WORDS, FILTER_FIELDS, MAX_FILTER, STATUS_WORDS } from '../../trace/filter.js';
import { usageData } from '../panes/usage/usage-data.js';

/** The values a field can take in this trace (the fields whose values are names). */
export type FieldValues = Partial<Record<string, readonly string[]>>;

/** Tools, models and methods seen in the trace (as the Usage pane counts them), and the status and dir words. */
export function valuesIn(store: TraceStore): FieldValues {
  const d = usageData(store, null as FilterResult | null);
  return {
    tool: d.tools.map((t) => t.name),
    model: d.models?.perModel.map((m) => m.model) ?? [],
    method: d.methods.map((m) => m.name),
    status: STATUS_WORDS,
    dir: DIR_WORDS,
  };
}

const commonPrefix = (words: string[]): string =>
  words.reduce((p, w) => {
    let i = 0;
    while (i < p.length && i < w.length && p[i]!.toLowerCase() === w[i]!.toLowerCase()) i++;
    return p.slice(0, i);
  });

/**
 * `text` with its last word completed: a field name (`to` → `tool:`), or after a field
 * a value this trace holds (`tool:re` → `tool:read_file`; after `|`, the next
 * alternative). With several candidates, as far as they agree; the candidates too.
 */
export function completeFilter(text: string, values: FieldValues): { text: string; choices: string[] } {
  const cut = text.lastIndexOf(' ') + 1;
  const word = text.slice(cut);
  const negate = word.startsWith('-') ? '-' : '';
  const body = word.slice(negate.length);
  const colon = body.indexOf(':');
  let head: string;
  let partial: string;
  let candidates: string[];
  if (colon < 0) {
    head = negate;
    partial = body;
    candidates = FILTER_FIELDS.map((f) => `${f}:`);
  } else {
    const field = body.slice(0, colon);
    const bar = body.lastIndexOf('|');
    const from = Math.max(colon, bar) + 1;
    head = negate + body.slice(0, from);
    partial = body.slice(from);
    // Values with a space cannot be completed unquoted; they are left to be typed.
    // Nor one a filter cannot hold (MAX_FILTER): offered, it would only be refused.
    const room = MAX_FILTER - cut - head.length;
    candidates = [...new Set(values[field] ?? [])].filter((v) => !/[\s"]/.test(v) && v.length <= room);
  }
  const lower = partial.toLowerCase();
  const choices = candidates.filter((c) => c.toLowerCase().startsWith(lower) && c !== partial).sort();
  if (choices.length === 0) return { text, choices };
  const done = choices.length === 1 ? choices[0]! : commonPrefix(choices);
  const completed = done.length > partial.length ? done : partial;
  return { text: text.slice(0, cut) + head + completed, choices };
}
