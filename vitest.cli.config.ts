import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cli`: the commands run as a user runs them, most as the built binary, a
 * process each (CI runs it beside `npm test`).
 */
export default defineConfig({
  test: {
    include: ['test/cli/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
