import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Slow cases (big files, 20 s of follow, memory bounds) run with `npm run test:slow`.
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/slow/**', '**/node_modules/**'],
    testTimeout: 20_000,
    // A config and a state directory of their own (not the user's).
    setupFiles: ['test/helpers/isolate-env.ts'],
    // Every temp file of the run in one directory, removed at its end.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
