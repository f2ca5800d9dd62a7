// Width and cuts live in trace/cells.ts (pure), so the summary's tables share them.
export * from '../../trace/cells.js';
