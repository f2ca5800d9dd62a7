/** The arguments column of a wide Calls pane: a request's arguments as compact JSON. */

import { jsonPreview } from '../../kit/json-write.js';
import { fmtBytes } from '../../kit/units.js';
import { isObject, type Json } from '../../kit/values.js';
import { messageOf } from '../../store/messages.js';
import type { TraceStore } from '../../store/trace-store.js';
import { Kind } from '../../trace/enums.js';
import { classify } from '../../trace/parse-line.js';
import { nthOf } from './marks.js';

/** Longer lines are not parsed for a preview (the detail view shows them). */
export const ARGS_LINE_CAP = 64 * 1024;
/** The most characters a preview keeps: wider than any column it goes in. */
const PREVIEW_CHARS = 400;
/** Previews kept (a record never changes): a few screens' worth is plenty. */
const KEPT = 4096;

let kept: { store: TraceStore; epoch: number; texts: Map<number, string> } | null = null;

/** The message of a call row: the line's, or its element of a batch line. */
function messageAt(store: TraceStore, row: number): Json {
  const message = messageOf(store, row);
  return Array.isArray(message) ? (message[nthOf(store, row)] ?? null) : message;
}

/** A request's arguments: a `tools/call`'s `params.arguments`, another's `params`. */
function paramsOf(store: TraceStore, row: number): Json | undefined {
  const message = messageAt(store, row);
  const params = isObject(message) ? message.params : undefined;
  return store.labelOf(row) === 'tools/call' && isObject(params) ? params.arguments : params;
}

/** A tool_use turn's first tool_use `input`, its line read as the v1 turn it stands for (an agent's line too). */
function toolUseInput(store: TraceStore, row: number): Json | undefined {
  try {
    const v = JSON.parse(store.rawLine(row) ?? 'null') as Json;
    const parsed = isObject(v) ? classify(v) : null;
    const blocks = parsed?.kind === 'turn' ? parsed.obj.blocks : undefined;
    const use = Array.isArray(blocks) ? blocks.find((b) => isObject(b) && b.type === 'tool_use') : undefined;
    return isObject(use) ? use.input : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a call was asked: a `tools/call`'s `params.arguments`, another request's (or
 * notification's) `params`, as one line of compact JSON; '' when it has none. Read
 * back from the file once per record; a line over 64 KiB says its size instead.
 */
export function argsPreview(store: TraceStore, row: number): string {
  if (kept?.store !== store || kept.epoch !== store.epoch) kept = { store, epoch: store.epoch, texts: new Map() };
  let text = kept.texts.get(row);
  if (text !== undefined) return text;
  if (store.bytesOf(row) > ARGS_LINE_CAP) text = `(a ${fmtBytes(store.bytesOf(row))} record: Enter shows it)`;
  else {
    const args = store.kindOf(row) === Kind.turn ? toolUseInput(store, row) : paramsOf(store, row);
    text = args === undefined ? '' : jsonPreview(args, PREVIEW_CHARS);
  }
  if (kept.texts.size >= KEPT) kept.texts.clear();
  kept.texts.set(row, text);
  return text;
}
