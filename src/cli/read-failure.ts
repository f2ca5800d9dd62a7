import { NotTraceError } from '../sources/document-source.js';
import { redactText } from '../sources/redact.js';
import { WHAT_ARRIVED } from '../sources/types.js';

/** Why a source's reading threw, naming the source (a JSON file that is no recording is said as it is). */
export function readFailure(name: string, error: unknown): string {
  return error instanceof NotTraceError
    ? error.message
    : `cannot read ${name}: ${redactText((error as Error).message)}`;
}

/**
 * A source's `error` event (which names the source: `URL: no data for 30s …; stopped
 * after N bytes (line L): what arrived is shown`) for a command that does not show
 * what arrived: its last words become `then` (`not compared`, `not validated`).
 */
export function cutText(message: string, then: string): string {
  return `${message.endsWith(WHAT_ARRIVED) ? message.slice(0, -WHAT_ARRIVED.length) : message}: ${then}`;
}
