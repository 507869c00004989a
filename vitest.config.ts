import { defineConfig } from 'vitest/config';

/** Unit tests of the plain TypeScript logic (src/lib) and of the server handler, in Node. */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/server/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    testTimeout: 30_000,
    environment: 'node',
  },
});
