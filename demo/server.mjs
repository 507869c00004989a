/**
 * The demo host site: plain node:http with a fixed routing table.
 *
 * Files are served only from an explicit list: the demo's own pages and assets by name, and from
 * dist/ only the bundle, its chunks and source maps (names matched by a strict pattern, then the
 * resolved path checked to stay inside dist/). No directory listing, no generic file server.
 *
 * Routes
 *   GET  /                                          index of the demo pages
 *   GET  /case-study/redcliffe-labs/[anything]      host page, element server-rendered per request (renderCaseStudy):
 *                                                   the story, or the element's 404 page with HTTP 404 under it
 *   GET  /blog/customer-stories/redcliffe/[...]     CMS page: the pasted snippet (dist/redcliffe-case-study.html),
 *                                                   base="/blog/customer-stories/redcliffe"
 *   GET  /strict-csp/case-study/redcliffe-labs/[...] server-rendered page served with a strict Content-Security-Policy
 *   GET  /client-only/case-study/redcliffe-labs/[...] host page with an empty element, rendered in the browser only
 *   GET  /case-study/northwind-clinics/[...]          a second, made-up story, from its file by the element's src
 *   GET  /stories/northwind-clinics.json              that story file (demo/stories/)
 *   GET  /assets/redcliffe-case-study/<version>/redcliffe-case-study.{js,css}, chunks/*.js (+ .map), the PDF's cover (.jpg)
 *   GET  /assets/redcliffe-case-study/Leaflet_Case_Study_One_Pager.pdf
 *   GET  /demo-assets/{host.css,cms.css,favicon.svg}
 *   *    /api/download-case-study/                  createLeadHandler (POST; anything else gets 405)
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { statSync } from 'node:fs';
import { ensureBuilt, paths, root } from './ensure-built.mjs';

/** A built file's modification time: a new one means the file was rebuilt. */
const stamp = (file) => statSync(file).mtimeMs;

/** A built module, imported afresh when its file was rebuilt (the time in its URL), and that time. */
async function importBuilt(file) {
  const version = stamp(file);
  return { version, module: await import(`${pathToFileURL(file).href}?v=${version}`) };
}

const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
export const VERSION = pkg.version;
export const ASSET_BASE = `/assets/redcliffe-case-study/${VERSION}`;
export const PDF_PATH = '/assets/redcliffe-case-study/Leaflet_Case_Study_One_Pager.pdf';
export const API_PATH = '/api/download-case-study/';
/**
 * Forwarding for the demo: `FORWARD_ALLOWLIST` (comma-separated exact https: URLs) lists the form
 * endpoints leads may be forwarded to; the demo pages send the first one as `url`. Default: the
 * placeholder below (it does not resolve, so deliveries stay pending and are retried with back-off).
 * `FORWARD_ADAPTER=hubspot` sends HubSpot's Forms submission format instead of the JSON `data`.
 */
export const FORWARD_ALLOWLIST = (process.env.FORWARD_ALLOWLIST ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean);
/** The marketing-automation form endpoint the demo pages send as `url`. */
export const DEMO_FORM_URL = FORWARD_ALLOWLIST[0] ?? 'https://forms.example.com/lead';
/** The host site's privacy notice and the next step after a download: every demo page sets both, as a launched page must. */
export const DEMO_PRIVACY_URL = 'https://example.com/privacy';
export const DEMO_CONTACT_URL = 'https://example.com/contact-sales';
export const STRICT_CSP = "default-src 'self'; style-src 'self'; script-src 'self'; require-trusted-types-for 'script'";

export const PAGES = {
  story: '/case-study/redcliffe-labs/',
  cms: '/blog/customer-stories/redcliffe/',
  strictCsp: '/strict-csp/case-study/redcliffe-labs/',
  clientOnly: '/client-only/case-study/redcliffe-labs/',
  secondStory: '/case-study/northwind-clinics/',
};

/** The demo's second story file (fictional), as the element's `src` fetches it. */
export const SECOND_STORY_URL = '/stories/northwind-clinics.json';

const demoDir = path.join(root, 'demo');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.json': 'application/json; charset=utf-8',
};
const BASE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
const HTML_HEADERS = { ...BASE_HEADERS, 'Referrer-Policy': 'strict-origin-when-cross-origin' };

/** The demo's own static files, by URL: nothing else under demo/ is reachable. */
const DEMO_ASSETS = new Map([
  ['/demo-assets/host.css', path.join(demoDir, 'assets', 'host.css')],
  ['/demo-assets/cms.css', path.join(demoDir, 'assets', 'cms.css')],
  ['/demo-assets/favicon.svg', path.join(demoDir, 'assets', 'favicon.svg')],
  ['/stories/northwind-clinics.json', path.join(demoDir, 'stories', 'northwind-clinics.json')],
]);

/** dist/ files: the entry, the stylesheet, chunks and their maps, the one-pager's cover (beside the entry, where the element looks for it). No `/` except after `chunks`, no `%`, no `..` segment. */
const DIST_FILE =
  /^(redcliffe-case-study\.js(?:\.map)?|redcliffe-case-study\.css|Leaflet_Case_Study_One_Pager\.jpg|chunks\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.js(?:\.map)?)$/;

/**
 * Pages served for a path prefix (the prefix itself, or anything under it). `element` is how the
 * page gets its <redcliffe-case-study>: rendered on the server for this request ('ssr'), the
 * snippet a CMS editor pasted ('snippet'), or an empty element the browser renders ('client').
 */
const PAGE_ROUTES = [
  // The story page inlines the element's styles (the first paint waits for no stylesheet); the
  // strict-CSP page links them, as a host whose policy lists no style hash must.
  { prefix: '/case-study/redcliffe-labs', file: 'story.html', element: 'ssr', styles: 'inline' },
  { prefix: '/blog/customer-stories/redcliffe', file: 'cms.html', element: 'snippet' },
  { prefix: '/strict-csp/case-study/redcliffe-labs', file: 'strict-csp.html', element: 'ssr', headers: { 'Content-Security-Policy': STRICT_CSP } },
  { prefix: '/client-only/case-study/redcliffe-labs', file: 'story.html', element: 'client' },
  { prefix: '/case-study/northwind-clinics', file: 'story.html', element: 'client', src: '/stories/northwind-clinics.json' },
];

const underPrefix = (pathname, prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg)/;
const compressed = new Map(); // file bodies change only on rebuild: key by content

/** Gzip text bodies over 1 KiB for clients that accept it, as a CDN would. */
function maybeGzip(req, headers, body) {
  const type = headers['Content-Type'] ?? '';
  if (!COMPRESSIBLE.test(type) || Buffer.byteLength(body) < 1024 || !/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return { headers, body };
  }
  const key = typeof body === 'string' ? body : body.toString('latin1');
  let gz = compressed.get(key);
  if (!gz) {
    gz = gzipSync(body);
    if (compressed.size > 64) compressed.clear();
    compressed.set(key, gz);
  }
  return { headers: { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }, body: gz };
}

function send(req, res, status, rawHeaders, rawBody) {
  const { headers, body } = maybeGzip(req, rawHeaders, rawBody);
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The build's compressed copies of a file (scripts/compress-assets.mjs), best first, as `redcliffe-leads serve` and a CDN send them. */
const PRECOMPRESSED = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/**
 * The element's script, stylesheet or chunk as the build compressed it (brotli at its best, gzip at
 * level 9) when the browser accepts that encoding and the copy exists; otherwise as any file.
 */
async function sendBuiltFile(req, res, file) {
  const accepted = req.headers['accept-encoding'] ?? '';
  for (const [encoding, suffix] of PRECOMPRESSED) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
    const body = await readFile(`${file}${suffix}`).catch(() => null);
    if (!body) continue;
    const headers = { ...BASE_HEADERS, 'Content-Type': TYPES[path.extname(file)], 'Content-Encoding': encoding, Vary: 'Accept-Encoding' };
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  return sendFile(req, res, file);
}

async function sendFile(req, res, file, extraHeaders = {}) {
  let body;
  try {
    body = await readFile(file);
  } catch (error) {
    if (error?.code === 'ENOENT') return notFound(req, res);
    throw error;
  }
  send(req, res, 200, { ...BASE_HEADERS, 'Content-Type': TYPES[path.extname(file)], ...extraHeaders }, body);
}

/**
 * The page's <redcliffe-case-study> and the status to answer with. Server-rendered: through
 * renderCaseStudy for this request's path (404 under the base when it is not the story). Snippet:
 * dist/redcliffe-case-study.html as a CMS editor pastes it, with `base` set to the post's path and
 * the CDN's address swapped for this server's versioned assets path (the demo has no CDN).
 */
async function pageElement(page, pathname, renderCaseStudy) {
  const attributes = { base: page.prefix, formUrl: DEMO_FORM_URL, privacyUrl: DEMO_PRIVACY_URL, contactUrl: DEMO_CONTACT_URL };
  const src = page.src ? ` src="${page.src}"` : '';
  const tag = `<redcliffe-case-study${src} base="${attributes.base}" form-url="${attributes.formUrl}" privacy-url="${DEMO_PRIVACY_URL}" contact-url="${DEMO_CONTACT_URL}">`;
  if (page.element === 'ssr') return renderCaseStudy({ path: pathname, ...attributes, assetsUrl: ASSET_BASE, styles: page.styles ?? 'link' });
  if (page.element === 'snippet') {
    const snippet = await readFile(paths.snippet, 'utf8');
    // The pasted snippet was rendered as the build printed it, without --privacy-url: adding the
    // attribute afterwards would change what it renders (a hydration mismatch), so it gets the next
    // step only, and its console says the privacy notice is missing, as an editor's page would.
    const pasted = `<redcliffe-case-study base="${attributes.base}" form-url="${attributes.formUrl}" contact-url="${DEMO_CONTACT_URL}">`;
    const html = snippet.replace(/https:\/\/cdn\.jsdelivr\.net\/npm\/redcliffe-case-study@[^/"]+\/dist/g, ASSET_BASE).replace('<redcliffe-case-study>', pasted);
    return { html, status: 200 };
  }
  // Rendered in the browser only, the page preloads the core as the CMS snippet and the WordPress
  // plugin do (docs/cms.md): the core's download starts with the entry's, not a round trip after it.
  const core = (await readFile(paths.bundle, 'utf8')).match(/chunks\/core-[\w-]+\.js/)[0];
  return { html: `${tag}</redcliffe-case-study>`, status: 200, head: `<link rel="modulepreload" href="${ASSET_BASE}/${core}" />` };
}

async function sendPage(req, res, file, extraHeaders = {}, element = { html: '', status: 200 }) {
  const template = await readFile(path.join(demoDir, 'pages', file), 'utf8');
  const hostCss = template.includes('%HOST_CSS%') ? await readFile(DEMO_ASSETS.get('/demo-assets/host.css'), 'utf8') : '';
  const html = template
    .replace('%HOST_CSS%', () => hostCss)
    .replace('%CASE_STUDY%', () => element.html)
    .replace('%HEAD%', () => element.head ?? '')
    .replaceAll('%ASSET_BASE%', ASSET_BASE)
    .replaceAll('%VERSION%', VERSION)
    .replaceAll('%FORM_URL%', DEMO_FORM_URL)
    .replaceAll('%PDF_PATH%', PDF_PATH);
  send(req, res, element.status, { ...HTML_HEADERS, 'Content-Type': TYPES['.html'], ...extraHeaders }, html);
}

function notFound(req, res) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found - demo server</title>
<link rel="stylesheet" href="/demo-assets/host.css"></head>
<body class="plain"><main class="plain-main"><h1>Not found</h1>
<p>The demo server has no file at this address. <a href="/">See the demo pages</a>.</p></main></body></html>\n`;
  send(req, res, 404, { ...HTML_HEADERS, 'Content-Type': TYPES['.html'] }, html);
}

const silentLogger = { info() {}, warn() {}, error() {} };
const consoleLogger = {
  info: (message, meta) => console.log(`[leads] ${message}`, meta ? JSON.stringify(meta) : ''),
  warn: (message, meta) => console.warn(`[leads] ${message}`, meta ? JSON.stringify(meta) : ''),
  error: (message, meta) => console.error(`[leads] ${message}`, meta ? JSON.stringify(meta) : ''),
};

/**
 * Starts the demo site. `dist/` must be built (see ensure-built.mjs).
 *
 * @param {import('./server.d.mts').DemoServerOptions} [options]
 *   port: 0 picks a free port. Leads: PostgreSQL when `DATABASE_URL` is set, else SQLite at
 *   `leadsDb`, `LEADS_DB` or `.leads/leads.db`. quiet: no request or lead logs.
 */
export async function startDemoServer(options = {}) {
  const logger = options.quiet ? silentLogger : consoleLogger;
  const usePostgres = Boolean(process.env.DATABASE_URL);
  const leadsDb = usePostgres
    ? undefined
    : path.resolve(
        options.leadsDb ??
          (options.leadsDir ? path.join(options.leadsDir, 'leads.db') : undefined) ??
          process.env.LEADS_DB ??
          path.join(root, '.leads', 'leads.db'),
      );

  /** The built lead handler module, its store and handler (opened again when `live` rebuilds it). */
  async function openLeads() {
    const { version, module: built } = await importBuilt(paths.server);
    const store = usePostgres
      ? await built.createPostgresStore({ connectionString: process.env.DATABASE_URL, logger })
      : await built.createSqliteStore({ file: leadsDb, logger });
    // The lead, its Idempotency-Key and its outbox entry are written in one transaction before the
    // answer; the delivery loop forwards it afterwards, so a slow or unreachable endpoint never
    // delays the download.
    const handler = built.createLeadHandler({
      pdfUrl: PDF_PATH,
      forwardAllowlist: FORWARD_ALLOWLIST.length > 0 ? FORWARD_ALLOWLIST : [DEMO_FORM_URL],
      delivery: { adapter: process.env.FORWARD_ADAPTER === 'hubspot' ? 'hubspot' : 'json' },
      rateLimit: options.rateLimit,
      store,
      logger,
    });
    await handler.ready();
    return { stamp: version, store, handler, listener: built.toNodeListener(handler), nodeOptions: built.NODE_SERVER_OPTIONS };
  }
  const loadRenderer = async () => {
    const { version, module } = await importBuilt(paths.ssr);
    return { stamp: version, renderCaseStudy: module.renderCaseStudy };
  };

  let leads = await openLeads();
  let renderer = await loadRenderer();

  /**
   * `live` (npm start): before a page is served, whatever its sources changed is rebuilt and the
   * new renderer and lead handler are loaded, so an edit (a word in src/shared/content.ts) shows on
   * the next reload. A failed build is reported and the last good one goes on serving.
   */
  let freshening;
  function freshen() {
    if (!options.live) return undefined;
    freshening ??= (async () => {
      try {
        await ensureBuilt({ log: (message) => console.log(message) });
        if (stamp(paths.ssr) !== renderer.stamp) renderer = await loadRenderer();
        if (stamp(paths.server) !== leads.stamp) {
          const old = leads;
          leads = await openLeads();
          await old.handler.close();
          await old.store.close();
        }
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      } finally {
        freshening = undefined;
      }
    })();
    return freshening;
  }

  async function route(req, res) {
    const { pathname } = new URL(req.url ?? '/', 'http://demo.invalid');

    if (pathname === API_PATH) return leads.listener(req, res);

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(req, res, 405, { ...BASE_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
    }

    if (pathname === '/') return sendPage(req, res, 'index.html');

    for (const page of PAGE_ROUTES) {
      if (underPrefix(pathname, page.prefix)) {
        await freshen();
        return sendPage(req, res, page.file, page.headers, await pageElement(page, pathname, renderer.renderCaseStudy));
      }
    }

    if (pathname === PDF_PATH) {
      return sendFile(req, res, paths.pdf, {
        'Content-Disposition': 'inline; filename="Leaflet_Case_Study_One_Pager.pdf"',
      });
    }

    const demoAsset = DEMO_ASSETS.get(pathname);
    if (demoAsset) return sendFile(req, res, demoAsset);

    if (pathname.startsWith(`${ASSET_BASE}/`)) {
      const rest = pathname.slice(ASSET_BASE.length + 1);
      if (DIST_FILE.test(rest)) {
        const file = path.resolve(paths.dist, rest);
        if (file.startsWith(paths.dist + path.sep)) return sendBuiltFile(req, res, file);
      }
    }

    return notFound(req, res);
  }

  const server = http.createServer(leads.nodeOptions, (req, res) => {
    const started = Date.now();
    if (!options.quiet) {
      res.on('finish', () => console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started} ms`));
    }
    route(req, res).catch((error) => {
      console.error('demo server error', error?.name, error?.code ?? '');
      if (!res.headersSent) send(req, res, 500, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }, 'Internal error\n');
      else res.destroy();
    });
  });

  const host = options.host ?? process.env.HOST ?? '127.0.0.1';
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address();
  const shownHost = host === '127.0.0.1' || host === '::1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const origin = `http://${shownHost}:${port}`;
  const bound = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing;
  /** Stops accepting connections, lets running requests and deliveries finish (5 s at most), closes the store. */
  function close() {
    closing ??= (async () => {
      const stopped = new Promise((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await freshening;
      await Promise.race([Promise.all([stopped, leads.handler.close()]), deadline]);
      server.closeAllConnections();
      await leads.store.close();
    })();
    return closing;
  }

  return {
    server,
    port,
    /** For people: http://localhost:PORT. */
    origin,
    /** The address actually bound, for clients that do not resolve `localhost` (e.g. http://127.0.0.1:PORT). */
    url: bound,
    /** The SQLite file (undefined when DATABASE_URL selects PostgreSQL). */
    leadsDb,
    /** Where leads go, for people: the SQLite path or the PostgreSQL host and database. */
    leadsStore: usePostgres ? `PostgreSQL ${new URL(process.env.DATABASE_URL).host}${new URL(process.env.DATABASE_URL).pathname}` : leadsDb,
    urls: {
      index: `${origin}/`,
      story: `${origin}${PAGES.story}`,
      storyNotFound: `${origin}${PAGES.story}no-such-page`,
      cms: `${origin}${PAGES.cms}`,
      strictCsp: `${origin}${PAGES.strictCsp}`,
      clientOnly: `${origin}${PAGES.clientOnly}`,
      secondStory: `${origin}${PAGES.secondStory}`,
      stylesheet: `${origin}${ASSET_BASE}/redcliffe-case-study.css`,
      api: `${origin}${API_PATH}`,
      pdf: `${origin}${PDF_PATH}`,
      bundle: `${origin}${ASSET_BASE}/redcliffe-case-study.js`,
    },
    close,
  };
}
