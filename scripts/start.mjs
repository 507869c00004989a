/**
 * `npm start`: builds what is missing (element bundle, lead handler, one-page PDF) and serves the
 * demo host site on http://localhost:8080 (PORT overrides; HOST sets the bound address, default
 * 127.0.0.1). Before each page it rebuilds whatever an edit changed, so the edit shows on reload. Leads go to SQLite (LEADS_DB, default .leads/leads.db), or to PostgreSQL when DATABASE_URL
 * is set; FORWARD_ALLOWLIST (comma-separated https: URLs) sets where the demo forwards them.
 */
import path from 'node:path';
import { ensureBuilt, root } from '../demo/ensure-built.mjs';

await ensureBuilt();
const { startDemoServer } = await import('../demo/server.mjs');

const port = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

let demo;
try {
  demo = await startDemoServer({ port, live: true });
} catch (error) {
  if (error?.code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Start on another one with PORT=8081 npm start.`);
    process.exit(1);
  }
  throw error;
}

const { urls } = demo;
const shown = (file) => (path.relative(root, file).startsWith('..') ? file : path.relative(root, file));
console.log(`
<redcliffe-case-study> demo: ${demo.origin}

  All demo pages                              ${urls.index}
  Story page (server-rendered per request)    ${urls.story}
  Deeper path (HTTP 404, element's 404 page)  ${urls.storyNotFound}
  CMS page (pasted snippet, other base)       ${urls.cms}
  Strict CSP page (server-rendered)           ${urls.strictCsp}
  Client-only page (rendered in the browser)  ${urls.clientOnly}
  A second story (fictional, by src)          ${urls.secondStory}
  Lead endpoint (POST)                        ${urls.api}
  One-page PDF                                ${urls.pdf}
  Element bundle                              ${urls.bundle}
  Element stylesheet                          ${urls.stylesheet}

  Leads are stored in ${demo.leadsDb ? `SQLite ${shown(demo.leadsDb)}` : demo.leadsStore}
  (npm run leads -- stats, npm run leads -- export --format csv: same LEADS_DB / DATABASE_URL)
  Edit a source file and reload a page: what it changed is rebuilt first.
  Ctrl+C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) {
      console.log('Stopping now.');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: finishing open requests, then stopping.`);
    demo.close().then(
      () => process.exit(0),
      (error) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  });
}
