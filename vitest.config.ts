import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the unit and Ink tests, a few minutes on 2 cores. The real binary in tmux and
 * the hostile sweeps run with `npm run test:e2e`, the big and long cases with
 * `npm run test:slow` (CI runs all three).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/slow/**', 'test/e2e/**', 'test/hostile/**', '**/node_modules/**'],
    testTimeout: 20_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
