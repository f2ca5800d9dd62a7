import { fileURLToPath } from 'node:url';

/** The trace generator (`node scripts/gen-trace.mjs --lines N [--bad R] [--seed S]` writes a v1 trace to stdout). */
export const GENERATOR = fileURLToPath(new URL('../../scripts/gen-trace.mjs', import.meta.url));
