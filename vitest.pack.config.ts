import { defineConfig } from 'vitest/config';

/**
 * The package as a consumer gets it (`npm run test:pack`, last in `npm test`; run after the build):
 * the tarball's contents, a browser-only install, bundling, server rendering, the server and its
 * command, and the published types under `tsc --strict` with skipLibCheck off.
 */
export default defineConfig({
  test: {
    include: ['test/pack/**/*.test.ts'],
    globalSetup: ['test/pack/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    environment: 'node',
  },
});
