import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: the cases too slow for `npm test` (CI runs both). */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.slow.test.{ts,tsx}'],
    testTimeout: 180_000,
    // One at a time: these measure time and memory on a 2-core machine.
    fileParallelism: false,
  },
});
