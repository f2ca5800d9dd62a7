import { elements, hasEscapedKey, inexactAfter, LBRACE, LBRACKET, members, numberText, ws } from '../kit/json-walk.js';
import { numberIdKey, type RpcInfo } from './rpc.js';

/*
 * JSON.parse turns every number into a double, so an id of 30 digits (or `1.0`) loses
 * its text. For the lines the JSON.parse path reads (facts.ts), this walks the line's
 * text once more to the ids and keys each number id by the text as written, as the
 * byte scanner does (scan-values.ts `numberIdValue`).
 * The walk is json-walk.ts.
 */

/** Puts exact keys on the number ids (and cancelled request ids) of a message line's messages. */
export function keyNumberIdsByText(text: string, member: 'raw' | 'msg', messages: RpcInfo[]): void {
  if (!messages.some((m) => typeof m.idKey === 'number' || typeof m.cancels === 'number')) return;
  if (
    !mayHaveInexactId(
      text,
      messages.some((m) => typeof m.cancels === 'number'),
    )
  )
    return;
  const top = ws(text, 0);
  let rawAt = -1;
  members(text, top, (key, at) => {
    if (key === member) rawAt = at;
  });
  if (rawAt < 0) return;
  if (text.charCodeAt(rawAt) === LBRACKET) {
    let i = 0;
    elements(text, rawAt, (at) => {
      const m = messages[i++];
      if (m) keyMessage(text, at, m);
    });
  } else if (messages.length === 1) keyMessage(text, rawAt, messages[0]!);
}

/**
 * False when every number id of the line is keyed right already: no `"id"` (or
 * `"requestId"`) key in the line is followed by a number whose text differs from the
 * one JavaScript writes for it, and no key has a `\u` escape (it might spell `id`).
 * Nearly every line so skips the walk (mcp-rec recordings take the JSON.parse path
 * whole); found with indexOf, cheaper than a regular expression over the line.
 * A match inside a string only costs a walk.
 */
function mayHaveInexactId(text: string, cancels: boolean): boolean {
  if (inexactAfter(text, '"id"') || (cancels && inexactAfter(text, '"requestId"'))) return true;
  return hasEscapedKey(text);
}

/** One message object at `at`: its `id` and `params.requestId`, as their texts. */
function keyMessage(text: string, at: number, m: RpcInfo): void {
  if (text.charCodeAt(at) !== LBRACE) return;
  let idAt = -1;
  let paramsAt = -1;
  members(text, at, (key, v) => {
    if (key === 'id') idAt = v;
    else if (key === 'params') paramsAt = v;
  });
  if (typeof m.idKey === 'number' && idAt >= 0) m.idKey = numberIdKey(numberText(text, idAt), m.idKey);
  if (typeof m.cancels === 'number' && paramsAt >= 0 && text.charCodeAt(paramsAt) === LBRACE) {
    let requestIdAt = -1;
    members(text, paramsAt, (key, v) => {
      if (key === 'requestId') requestIdAt = v;
    });
    if (requestIdAt >= 0) m.cancels = numberIdKey(numberText(text, requestIdAt), m.cancels);
  }
}
