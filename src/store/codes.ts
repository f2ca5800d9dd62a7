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

/** Bits of a counted turn's `usage.flags`. */
export const UsageFlag = {
  /** The turn had a usage object. */
  hasUsage: 1,
  /** Its model matched a price row. */
  priced: 2,
  /** What a later copy of an agent's API response adds to it: tokens, but no generation of its own. */
  continues: 4,
} as const;
