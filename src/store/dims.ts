/**
 * What a report's rows may be grouped by. A file of its own: the command line names
 * them in `report --by`'s help, and every command's start would otherwise load the
 * figures' code (run-figures.ts) with them.
 */
export const DIMS = ['day', 'week', 'month', 'session', 'project', 'branch', 'server', 'model', 'tool'] as const;
export type Dim = (typeof DIMS)[number];
