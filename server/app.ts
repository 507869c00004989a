/**
 * The lead endpoint as one Hono app, mounted by `createLeadHandler` at any path and by `serve`: by content type a JSON
 * lead, the no-JS form or a beacon; GET a spam token. Whoever mounts it sets `c.var.client` first.
 */
import { Hono } from 'hono';
import type { LeadEnv, LeadServices } from './env.js';
import { errorName } from './errors.js';
import { deadlineMiddleware } from './middleware/deadline.js';
import { answerLog } from './middleware/log.js';
import { corsFor } from './middleware/origin.js';
import { internalError, methodNotAllowed } from './respond.js';
import { isFormContentType } from './routes/body.js';
import { countEvent, isEventContentType } from './routes/events.js';
import { leadForm } from './routes/lead-form.js';
import { leadJson } from './routes/lead-json.js';
import { issueToken } from './routes/token.js';

export function leadApp(services: LeadServices, path: string): Hono<LeadEnv> {
  const { config } = services;
  const app = new Hono<LeadEnv>();
  app.use(
    path,
    answerLog(config.logger),
    async (c, next) => {
      c.set('services', services);
      await next();
    },
    deadlineMiddleware(config.requestTimeoutMs),
  );
  if (config.corsOrigins.length > 0) app.use(path, corsFor(config.corsOrigins));
  app.post(path, (c) => {
    const type = c.req.header('content-type');
    return isFormContentType(type) ? leadForm(c) : isEventContentType(type) ? countEvent(c) : leadJson(c);
  });
  if (services.tokensRequired) app.get(path, issueToken);
  app.all(path, () => methodNotAllowed());
  app.onError((error) => {
    config.logger.error('lead handler failed', { error: errorName(error) });
    return internalError();
  });
  return app;
}
