import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { failuresReporter } from './scripts/wtr-failures.mjs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { launchOptions } from './scripts/chromium.mjs';
import { platformFixtures } from './test/browser/platform/fixtures.mjs';
import { a11yCommands } from './test/browser/a11y/cdp-plugin.mjs';
import { ssrFixtures } from './test/browser/ssr/fixtures.mjs';
import { storyFixtures } from './test/browser/element/story-fixtures.mjs';

/**
 * Browser tests in Debian's Chromium against the built bundle (dist/), never a downloaded browser.
 * `npm test` builds first. Test files may be .js or .ts (types stripped by esbuild).
 */
export default {
  files: ['test/browser/**/*.test.{js,ts}'],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 15_000 } },
  plugins: [esbuildPlugin({ ts: true, json: true, target: 'es2022' }), a11yCommands()],
  // Fixture pages with their own headers (strict CSP) for test/browser/platform.
  // Server-rendered HTML (dist/ssr.js) for test/browser/ssr.
  // Story files, good and bad, for test/browser/element/story-src.test.js.
  middleware: [platformFixtures, ssrFixtures, storyFixtures],
  browsers: [chromeLauncher({ launchOptions })],
  reporters: [defaultReporter(), failuresReporter()],
};
