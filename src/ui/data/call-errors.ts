/** Why a call failed, for its row in Calls: the error's text (the HTTP error a recorder noted is the store's). */
import type { TraceStore } from '../../store/trace-store.js';
import { Status } from '../../trace/enums.js';

/**
 * The text of a failed call's error (a JSON-RPC error's message, an isError result's
 * text), as the store kept it for its request row; null when it did not fail.
 */
export function callErrorText(store: TraceStore, row: number): string | null {
  const status = store.statusOf(row);
  return status === Status.error || status === Status.isError ? store.errorTextOf(row) : null;
}
