/** Per-row flags, bits of the `flags` column (the enums are in trace/enums.ts). */
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
export type FlagBit = (typeof Flag)[keyof typeof Flag];
