/** `createLeadHandler`: the lead app as a Fetch API function, so it mounts unchanged in Node, Next.js, Deno, Bun and Workers. */
import { Hono } from 'hono';
import { leadApp } from './app.js';
import { leadConfig } from './config.js';
import type { LeadEnv } from './env.js';
import { createLeadServices } from './lead-service.js';
import { clientKey } from './middleware/client.js';
import type { HandlerContext, LeadHandler, LeadHandlerOptions } from './options.js';

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
    c.set('client', clientKey(clientAddress));
    await next();
  });
  app.route('/', leadApp(services, '*'));

  const handler = async (request: Request, context: HandlerContext = {}) => {
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
