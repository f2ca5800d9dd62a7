// Width and cuts live in kit/cells.ts (pure), so the summary's tables share them.
export * from '../../kit/cells.js';
