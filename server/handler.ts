/**
 * `createLeadHandler`: the lead endpoint (app.ts) as a Fetch API function, `(Request) => Promise<Response>`,
 * so it mounts unchanged in Node (`toNodeListener`, `@hono/node-server`), Next.js route handlers,
 * Deno, Bun and Workers. docs/server.md has the statuses and options.
 *
 * - Store: `options.store`, else `openDefaultStore()` (store/default.ts, a dynamic `import()`):
 *   PostgreSQL when `DATABASE_URL` is set, else SQLite (`LEADS_DB`, default `.leads/leads.db`).
 * - One deadline per request (`storeTimeoutMs`) bounds the rate limit and the store together;
 *   a failure or a time-out answers 503 with Retry-After (the element retries it), never 500.
 * - Idempotency lives in the store, in the lead's transaction: same key + same body replays the
 *   first answer (across restarts, processes and instances, for `idempotency.ttlMs`, default 24 h);
 *   same key + another body answers 422. A request whose key is still in flight joins it.
 * - Forwarding goes through the outbox written in the same transaction; the delivery loop sends it
 *   after the answer. The visitor never waits for the form endpoint.
 * - Logging: lead ids, status codes and error names only; never names, emails or URLs from the lead.
 */
import { Hono } from 'hono';
import { leadApp } from './app.js';
import { leadConfig } from './config.js';
import type { LeadEnv } from './env.js';
import { createLeadServices } from './lead-service.js';
import { clientMiddleware } from './middleware/client.js';
import type { HandlerContext, LeadHandler, LeadHandlerOptions } from './options.js';

export { isValidIdempotencyKey } from './routes/validate.js';

type HandlerEnv = LeadEnv & { Bindings: { context: HandlerContext } };

export function createLeadHandler(options: LeadHandlerOptions): LeadHandler {
  const config = leadConfig(options);
  const { logger } = config;
  const services = createLeadServices(config, () =>
    options.store ? Promise.resolve(options.store) : import('./store/default.js').then((module) => module.openDefaultStore({ logger })),
  );
  let warnedNoAddress = false;
  const app = new Hono<HandlerEnv>();
  app.use('*', async (c, next) => {
    const { clientAddress, waitUntil } = c.env.context;
    if (clientAddress === undefined && config.rateLimit && !warnedNoAddress) {
      warnedNoAddress = true;
      logger.warn('rate limit: no clientAddress in the handler context, so every request shares one allowance');
    }
    if (waitUntil) c.set('waitUntil', waitUntil);
    await next();
  });
  app.use(
    '*',
    clientMiddleware((c) => (c.env as HandlerEnv['Bindings']).context.clientAddress),
  );
  app.route('/', leadApp(services, '*'));

  const handler = async (request: Request, context: HandlerContext = {}) => {
    // The first request (or ready()) starts the loop, which first sends what earlier runs left pending.
    services.startLoop();
    return app.fetch(request, { context });
  };
  return Object.assign(handler, {
    async ready() {
      await services.getStore();
      services.startLoop();
    },
    deliver: () => services.deliver(),
    close: () => services.close(!options.store),
  });
}
