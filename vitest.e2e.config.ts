import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: the real binary in tmux at 80x24 and the hostile sweeps (CI runs it). */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.{ts,tsx}', 'test/hostile/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
