/**
 * `createLeadHandler`: the lead endpoint as a Fetch API function, `(Request) => Promise<Response>`,
 * routed on Hono, so it mounts unchanged in Node (`toNodeListener`, `@hono/node-server`), Next.js
 * route handlers, Deno, Bun and Workers. docs/server.md has the statuses and options.
 *
 * - Store: `options.store`, else `openDefaultStore()` (dynamic `import()`): PostgreSQL when
 *   `DATABASE_URL` is set, else SQLite (`LEADS_DB`, default `.leads/leads.db`).
 * - One deadline per request (`storeTimeoutMs`) bounds the rate limit and the store together;
 *   a failure or a time-out answers 503 with Retry-After (the element retries it), never 500.
 * - Idempotency lives in the store, in the lead's transaction: same key + same body replays the
 *   first answer (across restarts, processes and instances, for `idempotency.ttlMs`, default 24 h);
 *   same key + another body answers 422. A request whose key is still in flight joins it.
 * - Forwarding goes through the outbox written in the same transaction; the delivery loop sends it
 *   after the answer. The visitor never waits for the form endpoint.
 * - Logging: lead ids, status codes and error names only; never names, emails or URLs from the lead.
 * - Story events: a text/plain post is the element's `view` or `open` beacon (routes/events.ts),
 *   counted in the same store, so a host that mounts this handler counts them without a route of its
 *   own and its visitors' consoles never show a 404 for them.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { isFormContentType, readBody } from './body.js';
import { clientKey } from './client-key.js';
import { leadConfig } from './config.js';
import { errorName } from './delivery.js';
import { createLeadService, deadlineOf } from './lead-service.js';
import { errorResponse, internalError, json, methodNotAllowed, unavailable } from './respond.js';
import { challengeFor } from './spam-challenge.js';
import { leadForm } from './routes/lead-form.js';
import { leadJson } from './routes/lead-json.js';
import { EVENT_RATE_LIMIT, MAX_EVENT_BYTES, countEvent, eventTooLarge, eventsRateLimited, isEventContentType } from './routes/events.js';
import type { HandlerContext, LeadHandler, LeadHandlerOptions, SharedRateLimiter } from './types.js';

export { isValidIdempotencyKey } from './routes/lead-json.js';

/** How long a browser may cache a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

type Env = { Bindings: { context: HandlerContext } };

export function createLeadHandler(options: LeadHandlerOptions): LeadHandler {
  const config = leadConfig(options);
  const { logger } = config;
  const service = createLeadService(config, () =>
    options.store ? Promise.resolve(options.store) : import('./default-store.js').then((module) => module.openDefaultStore({ logger })),
  );

  const app = new Hono<Env>();
  if (config.corsOrigins.length > 0) {
    const listed = new Set(config.corsOrigins);
    app.use(
      '*',
      cors({
        origin: (origin) => (listed.has(origin) ? origin : null),
        allowMethods: ['POST'],
        allowHeaders: ['Content-Type', 'Idempotency-Key'],
        maxAge: PREFLIGHT_MAX_AGE,
      }),
    );
    // A browser post from a page on another site that is not listed: refused before anything is read.
    app.post('*', async (c, next) => {
      const origin = c.req.header('origin');
      if (origin === undefined || origin === 'null' || listed.has(origin) || origin === new URL(c.req.url).origin || origin === config.publicOrigin) {
        return next();
      }
      if (isFormContentType(c.req.header('content-type') ?? null)) return next(); // the form route answers with its page
      logger.warn('lead refused: Origin not in corsOrigins', { origin });
      return errorResponse(403, 'origin_not_allowed', 'This site may not send leads here: add its origin to CORS_ORIGINS (corsOrigins).');
    });
  }
  // Events have their own allowance (two a page load), apart from the leads'.
  let eventLimiter: SharedRateLimiter | undefined;
  app.post('*', async (c, next) => {
    if (!isEventContentType(c.req.header('content-type') ?? null)) return next();
    // A text/plain post needs no preflight, so the CORS rules are applied here whether or not
    // corsOrigins is set: only listed origins and this server's own may count.
    const origin = c.req.header('origin');
    if (!(
      origin === undefined ||
      origin === 'null' ||
      config.corsOrigins.includes(origin) ||
      origin === new URL(c.req.url).origin ||
      origin === config.publicOrigin
    )) {
      return errorResponse(403, 'origin_not_allowed', 'This site may not send events here: add its origin to CORS_ORIGINS (corsOrigins).');
    }
    const deadline = deadlineOf(config);
    let store;
    try {
      store = await deadline.bound(service.getStore(), 'opening the store');
      if (config.rateLimit) {
        eventLimiter ??= store.rateLimiter(EVENT_RATE_LIMIT);
        const decision = await deadline.bound(eventLimiter.consume(`events:${clientKey(c.env?.context?.clientAddress)}`), 'rate limit');
        if (!decision.ok) {
          return eventsRateLimited(decision.retryAfterSeconds);
        }
      }
    } catch (error) {
      logger.error('event not counted', { error: errorName(error) });
      return unavailable();
    }
    const body = await readBody(c.req.raw, MAX_EVENT_BYTES);
    if (!body.ok) {
      return body.reason === 'too_large' ? eventTooLarge() : errorResponse(400, 'invalid_event', 'Send the event as UTF-8 JSON.');
    }
    return countEvent(store, body.text, logger);
  });
  app.post('*', (c) => {
    const context = c.env?.context ?? {};
    const deadline = deadlineOf(config);
    return isFormContentType(c.req.header('content-type') ?? null)
      ? leadForm(c, service, config, context, deadline)
      : leadJson(c, service, config, context, deadline);
  });
  if (config.botCheck) {
    // A spam token for the form about to be filled (bot-token.ts); a new one on every call.
    app.get('*', async () => {
      try {
        const deadline = deadlineOf(config);
        const token = (await deadline.bound(service.botCheck()!, 'reading the spam-token secret')).issue();
        return json(200, { token, ...(await challengeFor(service.spamChallenge(), deadline, token)) });
      } catch (error) {
        logger.error('spam token not issued', { error: errorName(error) });
        return unavailable();
      }
    });
  }
  app.all('*', () => methodNotAllowed());
  app.onError((error) => {
    logger.error('lead handler failed', { error: errorName(error) });
    return internalError();
  });

  const handler = async (request: Request, context: HandlerContext = {}) => {
    // The first request (or ready()) starts the loop, which first sends what earlier runs left pending.
    service.startLoop();
    const response = await app.fetch(request, { context });
    const log = response.status >= 500 ? logger.error : response.status >= 400 ? logger.warn : logger.info;
    log.call(logger, 'lead request answered', { status: response.status });
    return response;
  };

  return Object.assign(handler, {
    async ready() {
      await service.getStore();
      service.startLoop();
    },
    deliver: () => service.deliver(),
    close: () => service.close(!options.store),
  });
}
