/** Record kinds, one per stored row (a batch line gives one row per element). */
export const Kind = { meta: 0, message: 1, event: 2, turn: 3, end: 4, other: 5, skip: 6 } as const;
export type KindCode = (typeof Kind)[keyof typeof Kind];
export const KIND_NAMES = ['meta', 'message', 'event', 'turn', 'end', 'other', 'skip'] as const;

export const Dir = { none: 0, in: 1, out: 2, event: 3, command: 4, telemetry: 5, other: 6 } as const;
export const DIR_NAMES = ['', 'in', 'out', 'event', 'command', 'telemetry', 'other'] as const;

export const Shape = { none: 0, request: 1, notification: 2, response: 3, invalid: 4 } as const;

/** A call's state, on its request row (and on an orphan response row). */
export const Status = { none: 0, ok: 1, error: 2, isError: 3, pending: 4, cancelled: 5, orphan: 6 } as const;
export type StatusCode = (typeof Status)[keyof typeof Status];
export const STATUS_NAMES = ['', 'ok', 'error', 'isError', 'pending', 'cancelled', 'orphan'] as const;

export const Flag = {
  echoed: 1,
  truncated: 2,
  /** Part of a JSON-RPC batch line. */
  batch: 4,
  /** A request sent server → client (sampling, roots, elicitation). */
  serverToClient: 8,
  hasUsage: 16,
  /** Has an entry in `turnPairs`, `rowErrors`, `errorText`: the hot path asks the flag, not the map. */
  toolLinks: 32,
  rowErrors: 64,
  errorText: 128,
} as const;
