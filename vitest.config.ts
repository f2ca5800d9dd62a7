import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the unit and Ink tests, a few minutes on 2 cores. The commands run as the
 * built binary (`npm run test:cli`), the binary in tmux and the hostile sweeps
 * (`npm run test:e2e`) and the big and long cases (`npm run test:slow`) have scripts of
 * their own; CI runs all four.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/slow/**', 'test/e2e/**', 'test/hostile/**', 'test/cli/**', '**/node_modules/**'],
    testTimeout: 20_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
