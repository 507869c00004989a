/**
 * Dev-server middleware (web-test-runner.config.mjs) for the platform tests in this folder.
 * Serves a fixed map of fixture documents — nothing from the request reaches the file system —
 * so a fixture can carry its own response headers (a strict CSP), which the test runner's own
 * pages cannot (it injects inline scripts).
 *
 *   /__platform/csp/            strict CSP + Trusted Types required; loads the element normally
 *   /__platform/undefined/      the element with light-DOM fallback, its script not loaded yet
 *   /__platform/host-react.js   a separate copy of React + react-dom/client as an ES module, the
 *                               "host page's own React" (React 19 ships no UMD/ESM build to load)
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The policy of the CSP fixture: no inline script or style, no eval, no string-to-DOM sinks, no TT policies. */
export const STRICT_CSP = "default-src 'self'; style-src 'self'; script-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'";

const page = (title, head, body) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;

const fixtures = {
  '/__platform/csp/': {
    headers: { 'Content-Security-Policy': STRICT_CSP },
    body: page(
      'CSP + Trusted Types fixture',
      // The listener comes first, so it hears violations from everything after it.
      `<script src="/test/browser/platform/csp-listener.js"></script>
<script type="module" src="/dist/redcliffe-case-study.js"></script>`,
      `<redcliffe-case-study base="/__platform/csp"><a href="/one-pager.pdf">Download the one-pager (PDF)</a></redcliffe-case-study>`,
    ),
  },
  '/__platform/undefined/': {
    headers: {},
    body: page(
      'Before-upgrade fixture',
      // The documented host-page rule: reserve the element's space before it upgrades.
      `<style>
  html, body { margin: 0; }
  redcliffe-case-study:not(:defined) { display: flow-root; min-height: 100vh; }
</style>
<script src="/test/browser/platform/csp-listener.js"></script>`,
      `<redcliffe-case-study base="/__platform/undefined"><p id="fallback"><a href="/one-pager.pdf">Download the one-pager (PDF)</a></p></redcliffe-case-study>
<footer id="after">Content after the element</footer>`,
    ),
  },
};

let hostReact;
/**
 * The host page's own React: React 18 (installed as the npm aliases react-18 / react-dom-18),
 * bundled on demand by esbuild, with react-dom's own `react` imports pointed at React 18 too.
 */
async function buildHostReact() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: "export * as React from 'react-18';\nexport { createRoot } from 'react-dom-18/client';\n",
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    alias: { react: 'react-18', 'react-dom': 'react-dom-18' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Koa middleware: answers the fixture paths above, passes everything else on. */
export async function platformFixtures(ctx, next) {
  if (ctx.path === '/__platform/host-react.js') {
    hostReact ??= buildHostReact();
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await hostReact;
    return;
  }
  const fixture = Object.hasOwn(fixtures, ctx.path) ? fixtures[ctx.path] : undefined;
  if (!fixture) return next();
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(fixture.headers)) ctx.set(name, value);
  ctx.body = fixture.body;
}
