/**
 * `redcliffe-leads serve`: everything a site needs from one process, configured by environment
 * (serve-settings.ts). Routes, on Hono:
 *
 *   POST/OPTIONS /api/download-case-study/   the lead handler (JSON and the no-JS form; CORS for CORS_ORIGINS)
 *   GET /assets/<version>/<file>             the element's files and the PDF, immutable (no CDN needed)
 *   GET /healthz                             alive
 *   GET /readyz                              the database answers (503 otherwise)
 *   POST/OPTIONS /api/story-events/          the element's view and open beacons (routes/events.ts)
 *   /admin, /admin/stats.json, /admin/leads.csv, POST /admin/erase   only with ADMIN_PASSWORD (admin.ts)
 *   GET /                                    the snippet to paste, and a live preview
 *
 * One JSON log line per request (method, path, status, milliseconds: nothing a visitor typed).
 * SIGTERM or SIGINT: stop accepting, finish the requests in flight, close the database.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve as listen, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { adminRoutes } from './admin.js';
import { openDefaultStore, describeDefaultStore } from './default-store.js';
import { eventsRoute } from './routes/events.js';
import { preferredEncoding } from './accept-encoding.js';
import { errorName } from './delivery.js';
import { createLeadHandler } from './handler.js';
import { clientAddress, NODE_SERVER_OPTIONS } from './node-adapter.js';
import { proxyTrust } from './proxy-trust.js';
import { internalError } from './respond.js';
import { writeLine } from './log-lines.js';
import { serveSettings, SettingError, type ServeSettings } from './serve-settings.js';
import { API_PATH, assetsPath, PDF_FILE, renderedSnippet, snippet, type ElementOptions, type Integrity } from './snippet.js';
import { startPage } from './start-page.js';
import { withTimeout } from './timeout.js';
import type { LeadStore, Logger } from './types.js';

/** The package's dist/ folder: the nearest folder up from this file that holds integrity.json. */
function distDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'integrity.json'))) return dir;
  }
  throw new Error('redcliffe-leads: the package has no dist/integrity.json (build it with npm run build)');
}

export async function readIntegrity(dist = distDir()): Promise<Integrity> {
  return JSON.parse(await readFile(path.join(dist, 'integrity.json'), 'utf8')) as Integrity;
}

/**
 * The rendered snippet for a serve server at `origin`: the story rendered by the package's own
 * dist/ssr.js (no `base`: the story wherever it is pasted), its styles inline (the page paints it
 * without waiting for a stylesheet) and its plain form pointing at that server.
 */
export async function renderedSnippetFor(origin: string, element: ElementOptions = {}): Promise<string> {
  const dist = distDir();
  const integrity = await readIntegrity(dist);
  const assets = `${origin}${assetsPath(integrity.version)}`;
  const { renderCaseStudy } = (await import(pathToFileURL(path.join(dist, 'ssr.js')).href)) as {
    renderCaseStudy(options: { path: string; endpoint: string; assetsUrl: string; styles: 'inline' } & ElementOptions): { html: string };
  };
  const { html } = renderCaseStudy({ ...element, path: '/', endpoint: `${origin}${API_PATH}`, assetsUrl: assets, styles: 'inline' });
  return renderedSnippet({ assets, integrity, to: { endpoint: `${origin}${API_PATH}` } }, html);
}

/** Files a serve server publishes, and their types. Anything else under /assets/ is 404. */
const ASSET_TYPES: [RegExp, string, compressed: boolean][] = [
  [/^redcliffe-case-study\.js$|^chunks\/[\w-]+\.js$/, 'text/javascript; charset=utf-8', true],
  [/^redcliffe-case-study\.js\.map$|^chunks\/[\w-]+\.js\.map$/, 'application/json', false],
  [/^redcliffe-case-study\.css$/, 'text/css; charset=utf-8', true],
  [new RegExp(`^${PDF_FILE.replace('.', '\\.')}$`), 'application/pdf', false],
];

/** A JSON log line on standard output: ids, statuses and error names only (the handler never passes more). */
const jsonLogger: Logger = {
  info: (message, meta) => writeLine(JSON.stringify({ time: new Date().toISOString(), level: 'info', message, ...meta })),
  warn: (message, meta) => writeLine(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message, ...meta })),
  error: (message, meta) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', message, ...meta })),
};

export interface ServeApp {
  app: Hono<{ Bindings: HttpBindings }>;
  close(): Promise<void>;
}

async function createServeApp(settings: ServeSettings, store: LeadStore, logger: Logger = jsonLogger): Promise<ServeApp> {
  const dist = distDir();
  const integrity = await readIntegrity(dist);
  const assets = assetsPath(integrity.version);
  const pdfUrl = settings.pdfUrl ?? `${assets}${PDF_FILE}`;
  const handler = createLeadHandler({
    pdfUrl,
    publicOrigin: settings.publicOrigin,
    corsOrigins: settings.corsOrigins,
    forwardAllowlist: settings.forwardAllowlist,
    delivery: { adapter: settings.forwardAdapter, ...(settings.hubspotToken ? { hubspotToken: settings.hubspotToken } : {}) },
    rateLimit: settings.rateLimit,
    botCheck: { secret: settings.spamSecret },
    ...(settings.spamChallenge ? { spamChallenge: settings.spamChallenge } : {}),
    store,
    logger,
  });
  await handler.ready();
  const trust = proxyTrust(settings.trustProxy);
  /** Requests whose X-Forwarded-For came from a peer TRUST_PROXY does not name: said once in the log and on /readyz. */
  const ignoredForwardedFor = { requests: 0, last: '' };
  const pasted = snippet({
    assets: `${settings.publicOrigin}${assets}`,
    integrity,
    to: { endpoint: `${settings.publicOrigin}${API_PATH}` },
    pdfUrl: settings.pdfUrl,
    element: { privacyUrl: settings.privacyUrl, contactUrl: settings.contactUrl },
  });

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const line = {
      time: new Date().toISOString(),
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    writeLine(JSON.stringify(line));
  });
  app.on(['POST', 'OPTIONS'], API_PATH, (c) => {
    const client = clientAddress(c.env.incoming, trust);
    if (client.ignoredHeader) {
      if (ignoredForwardedFor.requests++ === 0) {
        logger.warn(
          'X-Forwarded-For ignored: it came from a peer that is not a trusted proxy, so every visitor behind that proxy shares one rate limit; if a proxy you run sends it, add its address to TRUST_PROXY',
        );
      }
      ignoredForwardedFor.last = new Date().toISOString();
    }
    return handler(c.req.raw, { clientAddress: client.address });
  });
  app.all(API_PATH, (c) => handler(c.req.raw));
  const clientOf = (c: Context) => clientAddress((c.env as HttpBindings).incoming, trust).address ?? 'unknown';
  app.route(
    '/',
    eventsRoute({
      store,
      corsOrigins: settings.corsOrigins,
      publicOrigin: settings.publicOrigin,
      // Two beacons per page load; a client far past that is not a visitor.
      limiter: settings.rateLimit === false ? undefined : store.rateLimiter({ points: 30, durationSeconds: 60 }),
      clientOf,
      logger,
    }),
  );
  if (settings.adminPassword) {
    app.route('/admin', adminRoutes({ password: settings.adminPassword, store, publicOrigin: settings.publicOrigin, clientOf, logger }));
  }
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      const health = await withTimeout(store.health(), 2000, 'the database check');
      const proxy =
        ignoredForwardedFor.requests > 0
          ? {
              forwardedForIgnored: {
                ...ignoredForwardedFor,
                warning: 'requests carried X-Forwarded-For from a peer that is not in TRUST_PROXY; the header was ignored',
              },
            }
          : {};
      if (!health.ok) return c.json({ status: 'unavailable', store: store.kind, problem: health.problem, ...proxy }, 503);
      return c.json({ status: 'ready', store: store.kind, ...proxy });
    } catch (error) {
      logger.error('not ready: the database does not answer', { error: errorName(error) });
      return c.json({ status: 'unavailable', store: store.kind, error: errorName(error) }, 503);
    }
  });
  app.get(`${assets}*`, async (c) => {
    let file: string;
    try {
      file = decodeURIComponent(new URL(c.req.url).pathname.slice(assets.length));
    } catch {
      return c.json({ error: 'bad_request', message: 'The file name is not valid percent-encoding.' }, 400);
    }
    const asset = ASSET_TYPES.find(([pattern]) => pattern.test(file));
    if (!asset) return c.json({ error: 'not_found', message: `No such file in version ${integrity.version}.` }, 404);
    const [, type, compressed] = asset;
    // The build's brotli or gzip copy (scripts/compress-assets.mjs) when the browser takes it.
    const encoding = compressed ? preferredEncoding(c.req.header('accept-encoding')) : undefined;
    let body: Buffer | undefined;
    if (encoding) body = await readFile(path.join(dist, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)).catch(() => undefined);
    let sent = body ? encoding : undefined;
    if (!body) {
      try {
        body = await readFile(path.join(dist, file));
        sent = undefined;
      } catch {
        return c.json({ error: 'not_found', message: `No such file in version ${integrity.version}.` }, 404);
      }
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': type,
      ...(compressed ? { Vary: 'Accept-Encoding' } : {}),
      ...(sent ? { 'Content-Encoding': sent } : {}),
      // A version's files never change: cached for a year; a new version is a new path.
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Module scripts from another origin need CORS; the files are public.
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  app.get('/assets/*', (c) => c.json({ error: 'not_found', message: `This server has version ${integrity.version}: use ${assets}.` }, 404));
  app.get('/', () => startPage({ snippet: pasted, origin: settings.publicOrigin, corsOrigins: settings.corsOrigins }));
  app.notFound((c) => c.json({ error: 'not_found', message: `Nothing here. The lead endpoint is ${API_PATH}; the snippet is at /.` }, 404));
  app.onError((error) => {
    logger.error('request failed', { error: errorName(error) });
    return internalError();
  });
  return { app, close: () => handler.close() };
}

/** Reads the settings, opens the database, listens; resolves once listening. Throws a SettingError or the store's error. */
export async function startServe(env: Record<string, string | undefined> = process.env) {
  const settings = serveSettings(env);
  let store: LeadStore;
  try {
    store = await openDefaultStore({ env, logger: jsonLogger });
  } catch (error) {
    const setting = env.DATABASE_URL ? 'DATABASE_URL' : 'LEADS_DB';
    throw new Error(`cannot open ${describeDefaultStore(env)} (${setting}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  // Listening comes first: with PORT=0 the public origin's port is known only then.
  const started: { app?: ServeApp } = {};
  const server = listen({
    fetch: (request, env) => (started.app ? started.app.app.fetch(request, env) : new Response('starting', { status: 503, headers: { 'Retry-After': '1' } })),
    port: settings.port,
    hostname: settings.host,
    serverOptions: { ...NODE_SERVER_OPTIONS },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new SettingError(`PORT ${settings.port} is already in use on ${settings.host}: choose another PORT.`) : error),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  if (!env.PUBLIC_ORIGIN?.trim()) settings.publicOrigin = settings.publicOrigin.replace(/:\d+$/, `:${port}`);
  started.app = await createServeApp(settings, store);
  const { close } = started.app;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      jsonLogger.info('stopping: finishing requests in flight');
      const graceful = (async () => {
        await new Promise<void>((resolve) => {
          // Requests in flight finish; kept-alive connections are closed as soon as they are idle.
          const idle = setInterval(() => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.(), 50);
          server.close(() => {
            clearInterval(idle);
            resolve();
          });
        });
        await close();
      })();
      // A CRM that hangs holds its delivery attempt until the attempt's time-out; the stop does not
      // wait past the grace period for it. The entry stays leased and is sent again later.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), settings.shutdownGraceMs))),
      ]);
      clearTimeout(timer);
      if (late) {
        jsonLogger.warn('stopping: grace period over, cutting connections and deliveries still in flight', { graceMs: settings.shutdownGraceMs });
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }
      await store.close();
      jsonLogger.info('stopped');
    })());
  return { port, settings, stop };
}
