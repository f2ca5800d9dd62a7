/** This program's name and version: what `--version` prints and what its recordings and spans name as their producer. */
export const TOOL = { name: 'mcp-replay-tui', version: '0.1.0' } as const;
