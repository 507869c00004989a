/** One deadline per request: the rate limit, the store and every other awaited step share it. */
import type { MiddlewareHandler } from 'hono';
import type { LeadEnv } from '../env.js';
import { withTimeout } from '../errors.js';

export const deadlineMiddleware =
  (ms: number): MiddlewareHandler<LeadEnv> =>
  async (c, next) => {
    const end = Date.now() + ms;
    c.set('deadline', { end, bound: (promise, what) => withTimeout(promise, Math.max(1, end - Date.now()), what) });
    await next();
  };
