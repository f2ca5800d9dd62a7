import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: the cases too slow for `npm test` (CI runs both). */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.slow.test.{ts,tsx}'],
    testTimeout: 180_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
    // One at a time: these measure time and memory on a 2-core machine.
    fileParallelism: false,
  },
});
