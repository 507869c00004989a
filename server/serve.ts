/** `redcliffe-leads serve`: the lead app, element files, /healthz, /readyz, /admin and the start page, configured by environment. */
import { serve as listen, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { adminRoutes } from './admin/routes.js';
import { leadApp } from './app.js';
import { leadConfig } from './config.js';
import type { LeadEnv } from './env.js';
import { errorName, withTimeout } from './errors.js';
import { createLeadServices } from './lead-service.js';
import { clientKey, proxyTrust } from './middleware/client.js';
import { jsonLogger, requestLines } from './middleware/log.js';
import { internalError } from './respond.js';
import { serveSettings, SettingError, type ServeSettings } from './serve-settings.js';
import { assetRoutes } from './serve/assets.js';
import { API_PATH, assetsPath, distDir, PDF_FILE, readIntegrity, serveSnippet } from './serve/snippet.js';
import { startPage } from './serve/start-page.js';
import { loadStories, storyPdfPath, storyRoutes } from './serve/stories.js';
import type { Story } from '../src/shared/story/check-story.js';
import { clientAddress, NODE_SERVER_OPTIONS } from './node-adapter.js';
import { openDefaultStore } from './store/default.js';
import type { LeadStore, Logger } from './types.js';

type ServeEnv = LeadEnv & { Bindings: HttpBindings };

async function createServeApp(settings: ServeSettings, store: LeadStore, stories = new Map<string, Story>(), logger: Logger = jsonLogger) {
  const dist = distDir();
  const integrity = await readIntegrity(dist);
  const assets = assetsPath(integrity.version);
  const config = leadConfig({
    pdfUrl: settings.pdfUrl ?? `${assets}${PDF_FILE}`,
    storyPdfUrls: Object.fromEntries([...stories.keys()].map((id) => [id, storyPdfPath(id)])),
    publicOrigin: settings.publicOrigin,
    corsOrigins: settings.corsOrigins,
    forwardAllowlist: settings.forwardAllowlist,
    delivery: { adapter: settings.forwardAdapter, ...settings.crm },
    rateLimit: settings.rateLimit,
    botCheck: { secret: settings.spamSecret },
    spamChallenge: settings.spamChallenge,
    logger,
  });
  const services = createLeadServices(config, async () => store);
  await services.getStore();
  services.startLoop();
  const trust = proxyTrust(settings.trustProxy);
  /** X-Forwarded-For from a peer TRUST_PROXY does not name: said once in the log and on /readyz. */
  const ignoredForwardedFor = { requests: 0, last: '' };
  const pasted = serveSnippet(settings.publicOrigin, integrity, {
    pdfUrl: settings.pdfUrl,
    element: {
      privacyUrl: settings.privacyUrl,
      contactUrl: settings.contactUrl,
      consentText: settings.consentText,
      hubspotSubscriptionType: settings.crm.hubspotSubscriptionTypeId,
    },
  });

  const app = new Hono<ServeEnv>();
  app.use('*', requestLines);
  app.use('*', async (c, next) => {
    const client = clientAddress(c.env.incoming, trust);
    if (client.ignoredHeader) {
      if (ignoredForwardedFor.requests++ === 0)
        logger.warn(
          'X-Forwarded-For ignored: it came from a peer that is not a trusted proxy, so every visitor behind that proxy shares one rate limit; if a proxy you run sends it, add its address to TRUST_PROXY',
        );
      ignoredForwardedFor.last = new Date().toISOString();
    }
    c.set('client', clientKey(client.address));
    await next();
  });
  app.route('/', leadApp(services, API_PATH));
  if (settings.adminPassword) app.route('/admin', adminRoutes({ password: settings.adminPassword, store, publicOrigin: settings.publicOrigin, logger }));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const warning = 'requests carried X-Forwarded-For from a peer that is not in TRUST_PROXY; the header was ignored';
    const proxy = ignoredForwardedFor.requests ? { forwardedForIgnored: { ...ignoredForwardedFor, warning } } : {};
    try {
      const health = await withTimeout(store.health(), 2000, 'the database check');
      if (!health.ok) return c.json({ status: 'unavailable', store: store.kind, problem: health.problem, ...proxy }, 503);
      return c.json({ status: 'ready', store: store.kind, ...proxy });
    } catch (error) {
      logger.error('not ready: the database does not answer', { error: errorName(error) });
      return c.json({ status: 'unavailable', store: store.kind, error: errorName(error) }, 503);
    }
  });
  app.route('/', assetRoutes(dist, integrity.version));
  if (stories.size && settings.storiesDir) app.route('/', storyRoutes(stories, settings.storiesDir));
  app.get('/', () => startPage({ snippet: pasted, origin: settings.publicOrigin, corsOrigins: settings.corsOrigins }));
  app.notFound((c) => c.json({ error: 'not_found', message: `Nothing here. The lead endpoint is ${API_PATH}; the snippet is at /.` }, 404));
  app.onError((error) => {
    logger.error('request failed', { error: errorName(error) });
    return internalError();
  });
  return { app, close: () => services.close(false) };
}

/** Reads the settings, opens the database, listens; resolves once listening. Throws a SettingError or the store's error. */
export async function startServe(env: Record<string, string | undefined> = process.env) {
  const settings = serveSettings(env);
  // Checked before anything starts: a bad story file stops the start, named with its problems.
  const stories = settings.storiesDir
    ? await loadStories(settings.storiesDir).catch((error: Error) => Promise.reject(new SettingError(error.message)))
    : undefined;
  const store = await openDefaultStore({ env, logger: jsonLogger });
  // Listening comes first: with PORT=0 the public origin's port is known only then.
  const started: { app?: Awaited<ReturnType<typeof createServeApp>> } = {};
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
  started.app = await createServeApp(settings, store, stories);
  const { close } = started.app;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      jsonLogger.info('stopping: finishing requests in flight');
      const graceful = (async () => {
        const idle = setInterval(() => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.(), 50);
        await new Promise((resolve) => server.close(resolve)).finally(() => clearInterval(idle));
        await close();
      })();
      // Not past the grace period for a CRM that hangs: its entry stays leased and is sent again later.
      if (await withTimeout(graceful, settings.shutdownGraceMs, 'stopping').catch(() => true)) {
        jsonLogger.warn('stopping: grace period over, cutting connections and deliveries still in flight', { graceMs: settings.shutdownGraceMs });
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }
      await store.close();
      jsonLogger.info('stopped');
    })());
  return { port, settings, stop };
}
